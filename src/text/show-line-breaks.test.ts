import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinShownLines, showLineBreaks } from './show-line-breaks.js';

describe('joinShownLines', () => {
  it('equals every line through showLineBreaks, joined (fixed seed)', () => {
    const pieces = fc.constantFrom('a', 'é', ' ', '\n', '\r', '\r\n', '\u2028', '\u2029', '\\n', '─', '😀');
    const lines = fc.array(
      fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join('')),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(lines, (given) => {
        expect(joinShownLines(given)).toBe(given.map(showLineBreaks).join('\n'));
      }),
      { numRuns: 2_000, seed: 40 },
    );
    expect(joinShownLines([])).toBe('');
    expect(joinShownLines(['', ''])).toBe('\n');
    expect(joinShownLines(['a\nb', 'c'])).toBe('a\\nb\nc');
  });
});
