import { describe, expect, it } from 'vitest';
import { pageLines } from './page-lines.js';

const options = { offset: 1, limit: 1_000, maxChars: 1_000, maxLineChars: 1_000 };

describe('pageLines', () => {
  it('returns whole lines with their endings, CRLF kept', () => {
    const page = pageLines('a\r\nb\nc', { ...options, offset: 2, limit: 1 });
    expect(page).toEqual({ text: 'b\n', first: 2, last: 2, total: 3, wrapped: false });
    expect(pageLines('a\r\nb\nc', { ...options, limit: 1 }).text).toBe('a\r\n');
  });

  it('stops at maxChars on a line boundary but always gives at least one line', () => {
    expect(pageLines('aaaa\nbbbb\ncccc\n', { ...options, maxChars: 10 })).toMatchObject({
      text: 'aaaa\nbbbb\n',
      last: 2,
    });
    expect(pageLines('aaaaaaaa\nb\n', { ...options, maxChars: 3, maxLineChars: 100 })).toMatchObject({
      text: 'aaaaaaaa\n',
      last: 1,
    });
  });

  it('splits lines longer than maxLineChars so concatenated pages give back the text exactly', () => {
    const text = `${'x'.repeat(25)}\n${'😀'.repeat(7)}\nend`;
    let offset = 1;
    let joined = '';
    for (;;) {
      const page = pageLines(text, { offset, limit: 1, maxChars: 10, maxLineChars: 10 });
      if (page.text === '') break;
      expect(page.wrapped).toBe(true);
      expect(page.text.length).toBeLessThanOrEqual(10);
      expect(/[\uD800-\uDBFF]$/.test(page.text)).toBe(false);
      joined += page.text;
      offset = page.last + 1;
    }
    expect(joined).toBe(text);
  });

  it('counts no lines in an empty text and gives an empty page past the end', () => {
    expect(pageLines('', options)).toMatchObject({ text: '', total: 0 });
    expect(pageLines('a\n', { ...options, offset: 5 })).toMatchObject({ text: '', total: 1 });
  });
});
