import { headCutEnd } from '../text/cut-text.js';

/**
 * Where every line of a UTF-8 file starts, in bytes and in UTF-16 code units, so one page of a large
 * file can be read by its byte range instead of reading and decoding the whole file per page.
 * Lines end after `\n` (CRLF stays in the line), like {@link pageLines}; a line longer than
 * `maxLineChars` code units counts as several, cut between characters (never inside a surrogate pair).
 */
export interface LineIndex {
  /** Size and modification time of the file the index describes: a change to either makes it stale. */
  size: number;
  modifiedMs: number;
  /** Byte offset of each (wrapped) line's start, then the file size: `lines + 1` entries. */
  byteStarts: Float64Array;
  /** Code units before each (wrapped) line's start, then the total: `lines + 1` entries. */
  unitStarts: Float64Array;
  /** Number of (wrapped) lines. */
  lines: number;
  /** True when some line was longer than `maxLineChars` and counts as several. */
  wrapped: boolean;
}

/**
 * Build the {@link LineIndex} of `bytes`. Code units are counted from the UTF-8 lead bytes (a
 * four-byte character is a surrogate pair); each invalid byte counts as the one U+FFFD it decodes to.
 */
export function buildLineIndex(
  bytes: Uint8Array,
  maxLineChars: number,
  file: { size: number; modifiedMs: number },
): LineIndex {
  const text = decodeValid(bytes);
  if (text !== undefined) return indexValidText(text, maxLineChars, file);
  const byteStarts: number[] = [];
  const unitStarts: number[] = [];
  let wrapped = false;
  let units = 0;
  let lineStartByte = 0;
  let lineUnits = 0;
  const length = bytes.length;
  let index = 0;
  while (index < length) {
    if (lineUnits === 0) {
      byteStarts.push(lineStartByte);
      unitStarts.push(units);
    }
    const lead = bytes[index]!;
    const characterBytes =
      lead < 0x80 ? 1 : lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    let end = index + characterBytes;
    // Stop at the first byte that is not a continuation, so invalid input still moves on.
    for (let next = index + 1; next < end; next += 1) {
      if (next >= length || (bytes[next]! & 0xc0) !== 0x80) {
        end = next;
        break;
      }
    }
    const characterUnits = end - index === 4 ? 2 : 1;
    if (lineUnits + characterUnits > maxLineChars && lineUnits > 0) {
      // This character starts the next piece of a long line.
      wrapped = true;
      lineStartByte = index;
      lineUnits = 0;
      continue;
    }
    lineUnits += characterUnits;
    units += characterUnits;
    index = end;
    if (lead === 0x0a) {
      lineStartByte = index;
      lineUnits = 0;
    }
  }
  byteStarts.push(length);
  unitStarts.push(units);
  return {
    size: file.size,
    modifiedMs: file.modifiedMs,
    byteStarts: Float64Array.from(byteStarts),
    unitStarts: Float64Array.from(unitStarts),
    lines: byteStarts.length - 1,
    wrapped,
  };
}

/** The last line of the page starting at `first` (1-based): at most `limit` lines and `maxChars` units, at least one line. */
export function lastLineOfPage(index: LineIndex, first: number, limit: number, maxChars: number): number {
  let last = Math.min(index.lines, first + limit - 1);
  const startUnits = index.unitStarts[first - 1]!;
  while (last > first && index.unitStarts[last]! - startUnits > maxChars) last -= 1;
  return last;
}

/** The text of valid UTF-8 bytes (a byte order mark kept), or `undefined` for invalid input. */
function decodeValid(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The fast path for valid UTF-8 (every offloaded result): lines found with `indexOf`, byte lengths
 * measured per line by the native encoder instead of byte by byte.
 */
function indexValidText(
  text: string,
  maxLineChars: number,
  file: { size: number; modifiedMs: number },
): LineIndex {
  const byteStarts: number[] = [];
  const unitStarts: number[] = [];
  let wrapped = false;
  let bytePosition = 0;
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    for (let piece = start; piece < end; ) {
      byteStarts.push(bytePosition);
      unitStarts.push(piece);
      // Never split a surrogate pair; a piece too short for one pair holds it whole, as the
      // byte-by-byte path does.
      let pieceEnd = headCutEnd(text, Math.min(end, piece + maxLineChars));
      if (pieceEnd === piece) pieceEnd = piece + 2;
      if (pieceEnd < end) wrapped = true;
      bytePosition += Buffer.byteLength(text.slice(piece, pieceEnd));
      piece = pieceEnd;
    }
    start = end;
  }
  byteStarts.push(bytePosition);
  unitStarts.push(text.length);
  return {
    size: file.size,
    modifiedMs: file.modifiedMs,
    byteStarts: Float64Array.from(byteStarts),
    unitStarts: Float64Array.from(unitStarts),
    lines: byteStarts.length - 1,
    wrapped,
  };
}
