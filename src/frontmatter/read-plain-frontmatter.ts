import { reservedKeys } from './read-simple-mapping.js';

/**
 * The frontmatter of a file's bytes when it has the plainest shape, read without decoding the file:
 * the bytes start with a `---` line, then only `key: value` lines up to a closing `---` line, each
 * key a plain name (a letter or `_`, then letters, digits, `_`, `.`, `-`; never one YAML or an
 * object reads otherwise, never twice), one space after its colon, and each value printable ASCII
 * text that starts with a letter, `_`, `/` or `(`, ends with neither a space nor a colon, holds no
 * `: ` or ` #`, and is not `true`, `false` or `null` in any spelling YAML reads so. No NUL byte may
 * sit in the first 8 KiB (such a file is binary, see `decodeText`).
 *
 * For such bytes the result is exactly the `data` that `parseFrontmatter` gives for the decoded
 * text (status `valid`, no diagnostics, no `written`), keys in file order; whatever follows the
 * closing line is not looked at. Anything else (a carriage return, a tab, a comment or blank line,
 * a quoted or non-ASCII value, `...` as the closing line) gives `undefined`, and the caller decodes
 * and parses the file as usual: this only saves that cost on the many small files that are plain.
 */
export function readPlainFrontmatter(bytes: Uint8Array): Record<string, string> | undefined {
  const length = bytes.byteLength;
  if (
    length < openingLength ||
    bytes[0] !== dash ||
    bytes[1] !== dash ||
    bytes[2] !== dash ||
    bytes[3] !== lineFeed
  )
    return undefined;
  if ((length <= binaryProbeBytes ? bytes : bytes.subarray(0, binaryProbeBytes)).includes(0))
    return undefined;
  const data: Record<string, string> = {};
  let at = openingLength;
  for (;;) {
    if (at + 2 < length && bytes[at] === dash && bytes[at + 1] === dash && bytes[at + 2] === dash) {
      // The closing line: `---` alone, then the end of the line or of the bytes.
      return at + 3 === length || bytes[at + 3] === lineFeed ? data : undefined;
    }
    // The key: a plain name, then `: `.
    const keyStart = at;
    if (at >= length || (byteClasses[bytes[at]!]! & startsKey) === 0) return undefined;
    at += 1;
    while (at < length && (byteClasses[bytes[at]!]! & continuesKey) !== 0) at += 1;
    if (at + 1 >= length || bytes[at] !== colon || bytes[at + 1] !== space) return undefined;
    const key = keyText(bytes, keyStart, at);
    if (reservedKeys.has(key) || Object.hasOwn(data, key)) return undefined;
    at += 2;
    // The value: printable ASCII up to the line feed, starting with a letter, `_`, `/` or `(`.
    const valueStart = at;
    if (at >= length || (byteClasses[bytes[at]!]! & startsValue) === 0) return undefined;
    let previous = 0;
    for (; at < length && bytes[at] !== lineFeed; at += 1) {
      const byte = bytes[at]!;
      if (byte < space || byte > tilde) return undefined;
      if (previous === colon && byte === space) return undefined;
      if (previous === space && byte === hash) return undefined;
      previous = byte;
    }
    // A line the bytes end in has no closing line after it; a value ends in neither a space nor a colon.
    if (at >= length || previous === space || previous === colon) return undefined;
    const value = asciiText(bytes, valueStart, at);
    if (nonTextScalars.has(value)) return undefined;
    data[key] = value;
    at += 1;
  }
}

/** Bytes probed for a NUL byte, as `decodeText` probes them (a file with one there is binary). */
const binaryProbeBytes = 8 * 1024;
/** `---` and its line feed. */
const openingLength = 4;
const dash = 0x2d;
const lineFeed = 0x0a;
const colon = 0x3a;
const space = 0x20;
const hash = 0x23;
const tilde = 0x7e;

// Values YAML's core schema reads as a boolean or null (a plain value starts with a letter, so `~` cannot).
const nonTextScalars = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/** Bits of {@link byteClasses}: a byte that may start a key, go on one, start a value. */
const startsKey = 1;
const continuesKey = 2;
const startsValue = 4;

/**
 * What each byte may be, as bits: a key starts with a letter or `_` and goes on with those, digits,
 * `.` and `-`; a value starts with a letter, `_`, `/` or `(`.
 */
const byteClasses = (() => {
  const classes = new Uint8Array(256);
  const mark = (characters: string, bits: number) => {
    for (const character of characters) classes[character.charCodeAt(0)]! |= bits;
  };
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  mark(`${letters}_`, startsKey | continuesKey | startsValue);
  mark('0123456789.-', continuesKey);
  mark('/(', startsValue);
  return classes;
})();

/** ASCII bytes `start` to `end` as text; of a `Buffer` (what a local read gives), without a view of them made first. */
function asciiText(bytes: Uint8Array, start: number, end: number): string {
  return bytes instanceof Buffer
    ? bytes.toString('latin1', start, end)
    : latin1.decode(bytes.subarray(start, end));
}

// Windows-1252 under this name, which equals ASCII on the printable bytes this reads.
const latin1 = new TextDecoder('latin1');

/**
 * A key as text: the keys met last are kept by their first byte and length and given again when
 * the bytes match (a big folder repeats a few keys in every file), the others decoded.
 */
function keyText(bytes: Uint8Array, start: number, end: number): string {
  const slot = ((end - start) * 64 + bytes[start]!) % keySlots;
  const known = keysMet[slot];
  if (known !== undefined && known.length === end - start) {
    let same = true;
    for (let index = 0; index < known.length && same; index += 1)
      same = known.charCodeAt(index) === bytes[start + index];
    if (same) return known;
  }
  const key = asciiText(bytes, start, end);
  keysMet[slot] = key;
  return key;
}

/** Slots of {@link keyText}'s keys. */
const keySlots = 256;
const keysMet: Array<string | undefined> = new Array(keySlots);
