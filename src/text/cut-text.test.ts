import { describe, expect, it } from 'vitest';
import {
  cutWithEllipsis,
  headCutEnd,
  omittedBytes,
  quoteForMessage,
  tailCutStart,
  truncationMarker,
  utf8HeadCutEnd,
} from './cut-text.js';

describe('truncationMarker', () => {
  it('counts characters of a cut text', () => {
    expect(truncationMarker('AGENTS.md', { characters: 12 })).toBe(
      '[truncated: 12 characters of AGENTS.md omitted]',
    );
  });

  it('counts bytes of a file that was read only in part, in the same wording', () => {
    expect(truncationMarker('big.md', { bytes: 900 })).toBe('[truncated: 900 bytes of big.md omitted]');
  });
});

describe('omittedBytes', () => {
  it('is the file size less the UTF-8 bytes shown', () => {
    expect(omittedBytes(10, 'ab')).toEqual({ bytes: 8 });
    expect(omittedBytes(10, 'é')).toEqual({ bytes: 8 });
  });

  it('is never below one, even when decoding grew the text', () => {
    expect(omittedBytes(2, '\ufffd\ufffd')).toEqual({ bytes: 1 });
  });
});

describe('cutWithEllipsis', () => {
  it('keeps a text that fits', () => {
    expect(cutWithEllipsis('short', 5)).toBe('short');
    expect(cutWithEllipsis('', 0)).toBe('');
  });

  it('cuts to the limit with the ellipsis counted, trailing spaces dropped', () => {
    expect(cutWithEllipsis('abcdef', 4)).toBe('abc…');
    expect(cutWithEllipsis('ab   cdef', 4)).toBe('ab…');
    expect(cutWithEllipsis('abcdef', 1)).toBe('…');
    expect(cutWithEllipsis('abcdef', 0)).toBe('');
  });

  it('counts code points and never splits a surrogate pair', () => {
    const text = '😀😀😀😀';
    expect(cutWithEllipsis(text, 4)).toBe(text);
    const cut = cutWithEllipsis(text, 3);
    expect(cut).toBe('😀😀…');
  });

  it('reads only what it keeps of a huge text', () => {
    const huge = 'x'.repeat(5_000_000);
    expect(cutWithEllipsis(huge, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('headCutEnd and tailCutStart', () => {
  it('step off a surrogate pair', () => {
    const text = 'a😀b';
    expect(headCutEnd(text, 2)).toBe(1);
    expect(tailCutStart(text, 2)).toBe(3);
    expect(headCutEnd(text, 3)).toBe(3);
  });
});

describe('quoteForMessage', () => {
  it('quotes a short value whole, as JSON', () => {
    expect(quoteForMessage('src/a "b".ts')).toBe('"src/a \\"b\\".ts"');
  });

  it('quotes 200 characters of a huge value and says how long it was', () => {
    const quoted = quoteForMessage('x'.repeat(8 * 1024 * 1024));
    expect(quoted).toBe(`"${'x'.repeat(200)}"... (8388608 characters)`);
  });

  it('never splits a surrogate pair at the cut', () => {
    const quoted = quoteForMessage(`${'x'.repeat(199)}😀${'y'.repeat(300)}`);
    expect(quoted).toBe(`"${'x'.repeat(199)}"... (501 characters)`);
  });
});

describe('utf8HeadCutEnd', () => {
  it('keeps a buffer that ends with a whole character, and drops a character cut in two', () => {
    const bytes = Buffer.from('aé😀', 'utf8'); // 1 + 2 + 4 bytes
    expect(utf8HeadCutEnd(bytes)).toBe(7);
    for (const cut of [4, 5, 6]) expect(utf8HeadCutEnd(bytes.subarray(0, cut))).toBe(3);
    expect(utf8HeadCutEnd(bytes.subarray(0, 2))).toBe(1);
    expect(utf8HeadCutEnd(bytes.subarray(0, 0))).toBe(0);
    // Bytes that are not UTF-8 at all are left as they are (decoding makes them U+FFFD).
    expect(utf8HeadCutEnd(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80]))).toBe(5);
  });
});
