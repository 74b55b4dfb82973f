import { AgentContextError } from '../../errors.js';
import { sha256Of } from '../../shared/sha256.js';
import { cutWithEllipsis, headCutEnd } from '../../text/cut-text.js';

/** Defaults of the answers of `agent-context mcp` ({@link answerPart}). */
export const mcpAnswerDefaults = {
  /**
   * Characters of one tool answer, notes included. Claude Code, Gemini CLI, Codex and OpenCode pass
   * a 32 KB answer to their model whole; 24,000 characters stay under that with room to spare.
   */
  maxAnswerChars: 24_000,
} as const;

/** Smallest answer budget accepted: room for the notes of a part and a useful piece of text. */
const minAnswerChars = 1_000;

/** Most file labels the closing note of a part names. */
const maxLabelsNamed = 5;

/** Characters of one label in the closing note. */
const maxLabelChars = 120;

/**
 * The characters of a part that go to its notes (the first and last lines), the rest to the text:
 * a quarter of the budget, at most 1,000.
 */
function noteChars(maxAnswerChars: number): number {
  return Math.min(1_000, Math.floor(maxAnswerChars / 4));
}

/**
 * Throw `invalid-option` unless `maxAnswerChars` is a whole number of at least 1,000 (a part needs
 * room for its notes and a useful piece of text).
 */
export function checkAnswerBudget(maxAnswerChars: number): void {
  if (!Number.isInteger(maxAnswerChars) || maxAnswerChars < minAnswerChars) {
    throw new AgentContextError(
      `maxAnswerChars is ${maxAnswerChars}; give a whole number of at least ${minAnswerChars} characters.`,
      { code: 'invalid-option', reason: 'answer budget too small' },
    );
  }
}

/**
 * `text` as consecutive pieces of at most `maxChars` characters each, which joined give `text`
 * back exactly. Each piece ends, in order of preference, at the start of a paragraph (after a blank
 * line: a `<context-file>` block, a section) in its last quarter, at the end of a line in its last
 * half, or else at `maxChars` (never inside a surrogate pair): pieces stay full, so the first part
 * holds as much of the most specific context as the budget allows.
 */
export function splitAnswer(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > maxChars) {
    const limit = start + maxChars;
    const paragraph = text.lastIndexOf('\n\n', limit - 2);
    const line = text.lastIndexOf('\n', limit - 1);
    let end: number;
    if (paragraph + 2 >= start + Math.floor((maxChars * 3) / 4)) end = paragraph + 2;
    else if (line + 1 >= start + Math.floor(maxChars / 2)) end = line + 1;
    else end = headCutEnd(text, limit);
    if (end <= start) end = start + maxChars;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** Options of {@link answerPart}. */
export interface AnswerPartOptions {
  /** The tool whose answer it is: the notes say to call it again. */
  toolName: string;
  /** The whole answer. */
  text: string;
  /** The part asked for, from 1. */
  part: number;
  /** Characters of one part, notes included. */
  maxAnswerChars: number;
}

/**
 * Part `part` of a tool answer, within `maxAnswerChars` characters. An answer that fits is its
 * whole text, unchanged (as part 1). A longer one is cut by {@link splitAnswer} into pieces, and part
 * N is piece N between two notes:
 * - first line: `[TOOL: part N of M of a C-character answer (fingerprint F); the rest: call TOOL
 *   again with the same arguments and "part": N+1.]` (the last part says it is the last). The
 *   fingerprint (8 hex digits of the whole answer's SHA-256) is the same in every part as long as
 *   the answer does not change between calls;
 * - last line, but in the last part: what the later parts hold (the `<context-file>` blocks that go
 *   on or start there, up to five by label, and the characters left).
 * The piece sits between the first line and, but in the last part, a line break and the last line.
 * Nothing is cut silently: the pieces of parts 1 to M, joined, are the whole answer.
 *
 * Throws (a tool error for the client) when `part` is past the last part.
 */
export function answerPart(options: AnswerPartOptions): string {
  const { toolName, text, part, maxAnswerChars } = options;
  if (part === 1 && text.length <= maxAnswerChars) return text;
  const notes = noteChars(maxAnswerChars);
  const pieces = text.length <= maxAnswerChars ? [text] : splitAnswer(text, maxAnswerChars - notes);
  const piece = pieces[part - 1];
  if (piece === undefined) {
    throw new Error(
      `There is no part ${part}: this answer of ${toolName} has ${pieces.length} part${pieces.length === 1 ? '' : 's'}.`,
    );
  }
  const total = pieces.length;
  const fingerprint = sha256Of(text).slice(0, 8);
  const next =
    part < total
      ? `the rest: call ${toolName} again with the same arguments and "part": ${part + 1}`
      : 'this is the last part';
  const head = `[${toolName}: part ${part} of ${total} of a ${text.length}-character answer (fingerprint ${fingerprint}); ${next}.]`;
  if (part === total) return `${head}\n${piece}`;
  const consumed = pieces.slice(0, part).join('').length;
  return `${head}\n${piece}\n${closingNote(text, consumed, part, total, notes - head.length - 2)}`;
}

/**
 * The last line of a part that is not the last: what the later parts hold, within `room` characters
 * (the count of characters left alone when no label fits).
 */
function closingNote(text: string, consumed: number, part: number, total: number, room: number): string {
  const left = text.length - consumed;
  const parts = part + 1 === total ? `part ${total}` : `parts ${part + 1}-${total}`;
  const labels = blocksFrom(text, consumed);
  for (let named = Math.min(labels.length, maxLabelsNamed); named > 0; named -= 1) {
    const shown = labels.slice(0, named).map((label) => cutWithEllipsis(label, maxLabelChars));
    const more = labels.length - named;
    const others = more > 0 ? ` and ${more} more file${more === 1 ? '' : 's'}` : '';
    const note = `[Left for ${parts}: ${shown.join(', ')}${others}; ${left} characters.]`;
    if (note.length <= room) return note;
  }
  return `[Left for ${parts}: ${left} characters.]`;
}

/**
 * The labels of the `<context-file>` blocks at or after `offset` of `text`, in order: first the one
 * `offset` falls inside (as `the rest of LABEL`), then those that start later.
 */
function blocksFrom(text: string, offset: number): string[] {
  const labels: string[] = [];
  const opening = /<context-file path="([^"]*)">\n/g;
  let inside: string | undefined;
  for (const match of text.matchAll(opening)) {
    const label = unescapeAttribute(match[1] ?? '');
    if (match.index < offset) {
      const closed = text.indexOf('\n</context-file>', match.index);
      inside = closed !== -1 && closed + 1 >= offset ? label : undefined;
      continue;
    }
    labels.push(label);
  }
  return inside === undefined ? labels : [`the rest of ${inside}`, ...labels];
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'quot' ? '"' : '<',
  );
}
