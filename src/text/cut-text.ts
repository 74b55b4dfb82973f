/**
 * Cutting text, in one place: where a cut may fall (never inside a UTF-16 surrogate pair, never
 * inside a UTF-8 character of a byte buffer), the one marker that ends a cut body (`[truncated: N
 * characters of LABEL omitted]`), and the ellipsis cut of a one-line description.
 */

/** What a cut left out: characters of the text, or bytes of a file that was read only in part. */
export type OmittedAmount = { characters: number } | { bytes: number };

/**
 * The one line that ends a cut body: `[truncated: N characters of LABEL omitted]`, or
 * `[truncated: N bytes of LABEL omitted]` when the file was larger than what was read (the count is
 * then the file's size less the UTF-8 bytes shown, see {@link omittedBytes}).
 */
export function truncationMarker(label: string, omitted: OmittedAmount): string {
  const amount = 'characters' in omitted ? `${omitted.characters} characters` : `${omitted.bytes} bytes`;
  return `[truncated: ${amount} of ${label} omitted]`;
}

/** The bytes of a `size`-byte file that `shown` (its decoded head) leaves out; at least 1. */
export function omittedBytes(size: number, shown: string): { bytes: number } {
  return { bytes: Math.max(1, size - Buffer.byteLength(shown, 'utf8')) };
}

/**
 * `text` when it has at most `maxChars` code points, otherwise its head with trailing whitespace
 * dropped and `…` added, `maxChars` code points in all (never a split surrogate pair). Linear in
 * `maxChars`, not in the text: a huge thrown message costs what is kept.
 */
export function cutWithEllipsis(text: string, maxChars: number): string {
  if (maxChars <= 0) return '';
  // No more code units than the limit: no more code points either (most descriptions of a report).
  if (text.length <= maxChars) return text;
  let index = 0;
  for (let points = 0; index < text.length; points += 1) {
    if (points === maxChars) {
      return `${headOfPoints(text, maxChars - 1).trimEnd()}…`;
    }
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  }
  return text;
}

/** The first `count` code points of `text`. */
function headOfPoints(text: string, count: number): string {
  let index = 0;
  for (let points = 0; points < count && index < text.length; points += 1) {
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  }
  return text.slice(0, index);
}

/** Characters of a value that a message quotes: a hostile 8 MB argument is never echoed back whole. */
const quotedChars = 200;

/**
 * `value` as a message quotes it: JSON-quoted when it has at most 200 characters, otherwise its
 * first 200 (never a split surrogate pair) JSON-quoted, then `... (N characters)`. Linear in what
 * is kept, not in the value.
 *
 * @example quoteForMessage('a.ts') // '"a.ts"'
 */
export function quoteForMessage(value: string): string {
  if (value.length <= quotedChars) return JSON.stringify(value);
  return `${JSON.stringify(value.slice(0, headCutEnd(value, quotedChars)))}... (${value.length} characters)`;
}

/**
 * The end of a head cut: `index` moved back by one when it would split a UTF-16 surrogate pair, so
 * `text.slice(0, result)` never ends with a lone high surrogate. `index` is clamped to the text.
 */
export function headCutEnd(text: string, index: number): number {
  const end = Math.max(0, Math.min(index, text.length));
  if (
    end > 0 &&
    end < text.length &&
    isHighSurrogate(text.charCodeAt(end - 1)) &&
    isLowSurrogate(text.charCodeAt(end))
  ) {
    return end - 1;
  }
  return end;
}

/**
 * The start of a tail cut: `index` moved forward by one when it would split a UTF-16 surrogate pair,
 * so `text.slice(result)` never starts with a lone low surrogate. `index` is clamped to the text.
 */
export function tailCutStart(text: string, index: number): number {
  const start = Math.max(0, Math.min(index, text.length));
  if (
    start > 0 &&
    start < text.length &&
    isHighSurrogate(text.charCodeAt(start - 1)) &&
    isLowSurrogate(text.charCodeAt(start))
  ) {
    return start + 1;
  }
  return start;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Unpaired surrogates in `text`: each is written to a UTF-8 file as U+FFFD. */
export function countLoneSurrogates(text: string): number {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (wellFormed?.call(text) === true) return 0;
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
    else if (isHighSurrogate(code) || isLowSurrogate(code)) count += 1;
  }
  return count;
}

/**
 * The end of a head cut of UTF-8 `bytes`: the buffer's length when its last character is whole,
 * otherwise the start of that cut character, so `bytes.subarray(0, result)` never ends with half a
 * character. Looks at the last four bytes only.
 */
export function utf8HeadCutEnd(bytes: Uint8Array): number {
  let start = bytes.length - 1;
  // Walk back over at most three continuation bytes to the lead byte of the last character.
  while (start > 0 && bytes.length - start < 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start -= 1;
  const lead = bytes[start] ?? 0;
  const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start + length <= bytes.length ? bytes.length : Math.max(0, start);
}
