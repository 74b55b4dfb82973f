import { renderContextFile } from '../../instructions/render.js';
import type { PathInstructions, PathInstructionsEntry } from '../../presets/instructions-for-path.js';

/** Reasons whose file is delivered on touch as a `<context-file>` block of its own. */
const touchBlockReasons = new Set<PathInstructionsEntry['reason']>([
  'nested-instructions',
  'files-rule',
  'folder-rule',
]);

/**
 * What a touch of the path delivers (`answer.delivered`), the most specific first: the nested
 * instruction files of the deepest directories first, then the `files` rules whose globs matched,
 * then the rules of rule folders, the deepest folder first; whatever else a delivered text holds
 * (its opening sentence, the catalog of described rules) keeps its place before or after the
 * blocks. Only the order changes: every character of `answer.delivered` is in the result once.
 * Delivered texts are joined by a blank line.
 */
export function mostSpecificFirst(answer: PathInstructions): string {
  const entries = answer.entries.filter(
    (entry) => entry.delivery === 'touch' && touchBlockReasons.has(entry.reason),
  );
  return answer.delivered.map((text) => reorderBlocks(text, entries)).join('\n\n');
}

interface Block {
  entry: PathInstructionsEntry;
  text: string;
  position: number;
}

/** One delivered text with its `<context-file>` blocks (those of `entries`, found in their order) reordered. */
function reorderBlocks(text: string, entries: readonly PathInstructionsEntry[]): string {
  const starts: { entry: PathInstructionsEntry; index: number }[] = [];
  let cursor = 0;
  for (const entry of entries) {
    const opening = openingTag(entry.path);
    // A block starts the text or follows a blank line.
    let index = text.indexOf(opening, cursor);
    while (index > 0 && !text.startsWith('\n\n', index - 2)) index = text.indexOf(opening, index + 1);
    if (index === -1) continue;
    starts.push({ entry, index });
    cursor = index + opening.length;
  }
  const first = starts[0];
  const last = starts.at(-1);
  if (first === undefined || last === undefined) return text;
  const closing = text.indexOf('\n</context-file>', last.index);
  const end = closing === -1 ? text.length : closing + '\n</context-file>'.length;
  const blocks: Block[] = starts.map((start, position) => {
    const next = starts[position + 1];
    const blockEnd = next === undefined ? end : next.index - 2;
    return { entry: start.entry, text: text.slice(start.index, blockEnd), position };
  });
  const ordered = [...blocks].sort(
    (left, right) => rank(left) - rank(right) || left.position - right.position,
  );
  return text.slice(0, first.index) + ordered.map((block) => block.text).join('\n\n') + text.slice(end);
}

/** Sort key: nested files (deepest first), then files rules, then folder rules (deepest first). */
function rank(block: Block): number {
  const depth = block.entry.path.split('/').length;
  if (block.entry.reason === 'nested-instructions') return -depth;
  if (block.entry.reason === 'files-rule') return 0;
  return 1_000_000 - depth;
}

function openingTag(label: string): string {
  const rendered = renderContextFile({ label, text: '' });
  return rendered.slice(0, rendered.indexOf('\n') + 1);
}
