import { headCutEnd, tailCutStart } from '../text/cut-text.js';
import { detachString } from './detach-string.js';

/** Input of {@link renderOffloadPreview}. */
export interface OffloadPreviewInput {
  /** The whole result text, exactly as written to the file. */
  text: string;
  /** The file's label (relative to the workspace's working directory), as the model passes it to `read_file`. */
  label: string;
  /** Characters of the result shown at most: half from the head, half from the tail (the tail gets the odd one). */
  previewChars: number;
  /** The tool the last line tells the model to read the omitted lines with. Default `read_file`. */
  readToolName?: string;
  /** Characters the file holds as U+FFFD instead (unpaired surrogates cannot be UTF-8). Default 0. */
  replacedCharacters?: number;
}

/**
 * The text that replaces an offloaded result in the transcript: a header naming the file and the
 * result's size, the head, an omission marker with the count and the line range left out, the tail
 * (errors and summaries usually come last), and how to read the omitted lines with `read_file`
 * (`offset` = first line, 1-based; `limit` = number of lines).
 *
 * Cuts prefer line boundaries: the head ends after its last newline when that newline lies in the
 * head's last quarter, and the tail starts after its first newline when that lies in the tail's
 * first quarter, so the preview shows whole lines where it can (and then a little less than
 * `previewChars`). Cuts never split a UTF-16 surrogate pair. The preview is a fresh string: it does
 * not keep the large result alive.
 *
 * @example
 * renderOffloadPreview({ text: big, label: '.context/bash-call_1.txt', previewChars: 1000 })
 */
export function renderOffloadPreview(input: OffloadPreviewInput): string {
  const { text, label } = input;
  const headChars = Math.floor(input.previewChars / 2);
  const tailChars = input.previewChars - headChars;
  const headEnd = snapHeadEnd(text, headCutEnd(text, headChars), headChars);
  const tailStart = Math.max(
    headEnd,
    snapTailStart(text, tailCutStart(text, text.length - tailChars), tailChars),
  );
  // One pass over the whole text; the line numbers below only rescan the short tail.
  const totalNewlines = countNewlines(text, 0, text.length);
  const totalLines = text.length === 0 ? 0 : text.endsWith('\n') ? totalNewlines : totalNewlines + 1;
  const replaced = input.replacedCharacters ?? 0;
  const replacedNote =
    replaced === 0
      ? ''
      : `; ${replaced} unpaired surrogate ${replaced === 1 ? 'character is' : 'characters are'} U+FFFD in the file`;
  const sizeNote = `${text.length} characters, ${totalLines} ${totalLines === 1 ? 'line' : 'lines'}${replacedNote}`;
  if (input.previewChars >= text.length || tailStart === headEnd) {
    return detachString(`[Output also saved whole to ${label} (${sizeNote}).]\n${text}`);
  }

  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  const firstOmittedLine = 1 + countNewlines(text, 0, headEnd);
  const lastOmittedLine = 1 + totalNewlines - countNewlines(text, tailStart - 1, text.length);
  const preview = [
    `[Output too long for the transcript; saved whole to ${label} (${sizeNote}). `,
    `Showing the first ${head.length} and the last ${tail.length} characters.]\n`,
    head,
    lineBreakAfter(head),
    `[... ${tailStart - headEnd} characters omitted: lines ${firstOmittedLine}-${lastOmittedLine} of the file ...]\n`,
    tail,
    lineBreakAfter(tail),
    `[To read the omitted part, call ${input.readToolName ?? 'read_file'} with path ${JSON.stringify(label)}, offset ${firstOmittedLine} `,
    `and limit ${lastOmittedLine - firstOmittedLine + 1} (lines; offset is 1-based), in smaller slices if needed.]`,
  ].join('');
  return detachString(preview);
}

/** Share of the head (or tail) a cut may give up to land on a line boundary. */
const snapShare = 0.25;

function snapHeadEnd(text: string, end: number, headChars: number): number {
  const newline = end > 0 ? text.lastIndexOf('\n', end - 1) : -1;
  return newline !== -1 && end - (newline + 1) <= headChars * snapShare ? newline + 1 : end;
}

function snapTailStart(text: string, start: number, tailChars: number): number {
  if (start === 0 || text.charCodeAt(start - 1) === 10) return start;
  const newline = text.indexOf('\n', start);
  return newline !== -1 && newline + 1 - start <= tailChars * snapShare ? newline + 1 : start;
}

function lineBreakAfter(part: string): string {
  return part === '' || part.endsWith('\n') ? '' : '\n';
}

/** `\n` characters in `text[start, end)`, without copying the text. */
function countNewlines(text: string, start: number, end: number): number {
  let count = 0;
  for (
    let index = text.indexOf('\n', start);
    index !== -1 && index < end;
    index = text.indexOf('\n', index + 1)
  ) {
    count += 1;
  }
  return count;
}
