import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal-text.js';

describe('terminalText', () => {
  it('escapes C0, DEL and C1 controls as JSON escapes, keeping line feeds and tabs', () => {
    expect(terminalText('a\u001b[2Jb\u0007c\u007fd\u009be\rf\n\tg')).toBe(
      'a\\u001b[2Jb\\u0007c\\u007fd\\u009be\\rf\n\tg',
    );
    const json = JSON.stringify({ name: 'x\u009by\u007f' });
    expect(JSON.parse(terminalText(json))).toEqual({ name: 'x\u009by\u007f' });
  });

  it('escapes line feeds and tabs too for a one-line value', () => {
    expect(terminalText('one\ntwo\tthree', { lines: false })).toBe('one\\ntwo\\tthree');
  });

  it("keeps only the painter's exact styles when asked", () => {
    const painted = '\u001b[1mbold\u001b[22m \u001b[31mred\u001b[39m';
    expect(terminalText(painted, { painterStyles: true })).toBe(painted);
    expect(terminalText('\u001b[8mhidden\u001b]0;t\u0007', { painterStyles: true })).toBe(
      '\\u001b[8mhidden\\u001b]0;t\\u0007',
    );
    expect(terminalText(painted)).toBe('\\u001b[1mbold\\u001b[22m \\u001b[31mred\\u001b[39m');
  });

  it('returns text without controls unchanged, and is linear on a long hostile line', () => {
    const plain = 'naïve — text ✓';
    expect(terminalText(plain)).toBe(plain);
    const long = '\u001b'.repeat(200_000);
    expect(terminalText(long)).toHaveLength(200_000 * 6);
  });
});
