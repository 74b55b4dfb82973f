import { describe, expect, it } from 'vitest';
import { buildLineIndex } from './line-index.js';

const file = { size: 0, modifiedMs: 0 };

/** Each (wrapped) line of the index, read back from the bytes by its byte range. */
function piecesOf(bytes: Uint8Array, maxLineChars: number): { text: string; units: number }[] {
  const index = buildLineIndex(bytes, maxLineChars, file);
  expect(index.byteStarts[index.lines]).toBe(bytes.length);
  const pieces = [];
  for (let line = 0; line < index.lines; line += 1) {
    const text = new TextDecoder().decode(bytes.subarray(index.byteStarts[line], index.byteStarts[line + 1]));
    pieces.push({ text, units: index.unitStarts[line + 1]! - index.unitStarts[line]! });
  }
  return pieces;
}

describe('buildLineIndex', () => {
  const text = 'a😀b\n😀😀\r\nlast 🎉';

  it.each([1, 2, 3, 5, 80])(
    'keeps bytes and code units in step and never splits a surrogate pair (maxLineChars %i)',
    (maxLineChars) => {
      const pieces = piecesOf(new TextEncoder().encode(text), maxLineChars);
      expect(pieces.map((piece) => piece.text).join('')).toBe(text);
      for (const piece of pieces) {
        expect(piece.units).toBe(piece.text.length);
        expect(piece.text).not.toContain('\uFFFD');
        expect(piece.units).toBeLessThanOrEqual(Math.max(maxLineChars, 2));
      }
    },
  );

  it('wraps valid text the way it wraps text with an invalid byte (the byte-by-byte path)', () => {
    for (const maxLineChars of [1, 2, 3]) {
      const valid = piecesOf(new TextEncoder().encode(text), maxLineChars).map((piece) => piece.text);
      const withInvalidByte = new Uint8Array([...new TextEncoder().encode(text), 0xff]);
      const invalid = piecesOf(withInvalidByte, maxLineChars).map((piece) => piece.text);
      expect(invalid.slice(0, valid.length - 1)).toEqual(valid.slice(0, -1));
    }
  });
});
