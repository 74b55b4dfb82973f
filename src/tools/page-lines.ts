import { headCutEnd } from '../text/cut-text.js';

/** Options of {@link pageLines}. */
export interface PageLinesOptions {
  /** First line, 1-based. */
  offset: number;
  /** Most lines in the page. */
  limit: number;
  /** Most characters in the page (whole lines only, but at least one line). */
  maxChars: number;
  /** Longer lines count as several lines of this length, so every character stays reachable. */
  maxLineChars: number;
}

/** One page of a text, from {@link pageLines}. */
export interface LinePage {
  /** The exact characters of lines `first`..`last`, line endings included. */
  text: string;
  first: number;
  last: number;
  total: number;
  /** True when some line was longer than `maxLineChars` and counts as several. */
  wrapped: boolean;
}

/**
 * Cut a text into lines (a line ends after `\n`; CRLF stays in the line) and return the page
 * `offset`..`offset + limit - 1`, shortened to whole lines within `maxChars`. Concatenating the
 * pages in order gives back the text exactly. `offset` past the end gives an empty page.
 */
export function pageLines(text: string, options: PageLinesOptions): LinePage {
  const starts = lineStarts(text, options.maxLineChars);
  const total = starts.length;
  const wrapped = total > countNewlineLines(text);
  const first = options.offset;
  if (first > total) return { text: '', first, last: first - 1, total, wrapped };
  const startIndex = starts[first - 1]!;
  let last = Math.min(total, first + options.limit - 1);
  const endOf = (line: number) => (line < total ? starts[line]! : text.length);
  while (last > first && endOf(last) - startIndex > options.maxChars) last -= 1;
  return { text: text.slice(startIndex, endOf(last)), first, last, total, wrapped };
}

/** Start index of every (wrapped) line; an empty text has no lines. */
function lineStarts(text: string, maxLineChars: number): number[] {
  const starts: number[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    for (let piece = start; piece < end; ) {
      starts.push(piece);
      piece = splitEnd(text, piece, piece + maxLineChars, end);
    }
    start = end;
  }
  return starts;
}

/** `index`, capped at `end` and moved back one unit rather than split a surrogate pair (never back to `start`). */
function splitEnd(text: string, start: number, index: number, end: number): number {
  if (index >= end) return end;
  const cut = headCutEnd(text, index);
  return cut > start ? cut : index;
}

function countNewlineLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return text.endsWith('\n') ? count : count + 1;
}
