/** One `@path` token found by {@link findImportTokens}. */
export interface ImportToken {
  /** Offset of the `@` in the text. */
  start: number;
  /** Offset just past the token (trailing punctuation excluded). */
  end: number;
  /** The path after `@`, with `\ ` unescaped to a space. */
  specifier: string;
}

const fencePattern = /^ {0,3}(`{3,}|~{3,})/;
const trailingPunctuation = /[.,;:!?)\]}>'"]+$/;

/**
 * Find the `@path` imports of a Markdown text, Claude Code style.
 *
 * A token is `@` at the start of a line or after whitespace, followed by a path (no whitespace except
 * `\ `). Trailing sentence punctuation is not part of it (`see @AGENTS.md.` imports `AGENTS.md`).
 * It counts as an import only when it looks like a file path: it starts with `./`, `../`, `/` or `~/`,
 * or its last segment has an extension (`@docs/conventions.md`). That keeps `@alice`, `@ai-sdk/openai`
 * and `user@example.com` plain text.
 *
 * Tokens inside fenced code blocks (``` or ~~~) and inline code spans are ignored. Indented code
 * blocks are not recognised, because nested list items look the same.
 */
export function findImportTokens(text: string): ImportToken[] {
  const tokens: ImportToken[] = [];
  for (const [segmentStart, segmentEnd] of proseSegments(text)) {
    scanSegment(text, segmentStart, segmentEnd, tokens);
  }
  return tokens;
}

/** Ranges of the text outside fenced code blocks. */
function proseSegments(text: string): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let fence: { character: string; length: number } | undefined;
  let segmentStart = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const marker = fencePattern.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      segments.push([segmentStart, lineStart]);
      fence = { character: marker[0]!, length: marker.length };
    } else if (
      fence !== undefined &&
      marker !== undefined &&
      marker[0] === fence.character &&
      marker.length >= fence.length &&
      line.trim() === marker
    ) {
      fence = undefined;
      segmentStart = newline === -1 ? text.length : newline + 1;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  // An unclosed fence runs to the end of the text, as in CommonMark.
  if (fence === undefined) segments.push([segmentStart, text.length]);
  return segments;
}

function scanSegment(text: string, start: number, end: number, tokens: ImportToken[]): void {
  let index = start;
  while (index < end) {
    const character = text[index];
    if (character === '`') {
      index = skipCodeSpan(text, index, end);
      continue;
    }
    if (character === '@' && (index === start || /\s/.test(text[index - 1]!))) {
      const token = readToken(text, index, end);
      if (token) {
        tokens.push(token);
        index = token.end;
        continue;
      }
    }
    index += 1;
  }
}

/** Skip an inline code span opened at `index`; an unmatched backtick run is plain text. */
function skipCodeSpan(text: string, index: number, end: number): number {
  let runEnd = index;
  while (runEnd < end && text[runEnd] === '`') runEnd += 1;
  const run = runEnd - index;
  // A code span cannot cross a blank line (the end of a paragraph).
  const paragraphEnd = /\n[ \t]*\n/g;
  paragraphEnd.lastIndex = runEnd;
  const limit = Math.min(end, paragraphEnd.exec(text)?.index ?? end);
  let search = runEnd;
  while (search < limit) {
    const next = text.indexOf('`', search);
    if (next === -1 || next >= limit) break;
    let closeEnd = next;
    while (closeEnd < limit && text[closeEnd] === '`') closeEnd += 1;
    if (closeEnd - next === run) return closeEnd;
    search = closeEnd;
  }
  return runEnd;
}

function readToken(text: string, at: number, end: number): ImportToken | undefined {
  let index = at + 1;
  let specifier = '';
  while (index < end) {
    const character = text[index]!;
    if (character === '\\' && text[index + 1] === ' ') {
      specifier += ' ';
      index += 2;
      continue;
    }
    if (/\s/.test(character)) break;
    specifier += character;
    index += 1;
  }
  const punctuation = trailingPunctuation.exec(specifier)?.[0].length ?? 0;
  if (punctuation > 0) {
    specifier = specifier.slice(0, -punctuation);
    index -= punctuation;
  }
  if (!looksLikePath(specifier)) return undefined;
  return { start: at, end: index, specifier };
}

function looksLikePath(specifier: string): boolean {
  if (specifier === '' || specifier.includes('://')) return false;
  if (/^(\.{1,2}\/|\/|~\/)./.test(specifier)) return true;
  const lastSegment = specifier.slice(specifier.lastIndexOf('/') + 1);
  return /.\.[^.]+$|^\.[^.]+$/.test(lastSegment);
}
