import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { applyBudget, type BudgetInput } from './apply-budget.js';
import { instructionDefaults } from './discover-instructions.js';
import type { InstructionDiscovery } from './instruction-file.js';

/** Options of {@link renderInstructions}. */
export interface RenderInstructionsOptions {
  /** Budget over the whole rendered text, in UTF-16 code units. Default `32_000`. */
  maxChars?: number;
}

/** What the budget did to one file of the discovery. */
export interface RenderedInstructionFile {
  /** Absolute POSIX path. */
  path: string;
  label: string;
  /** `whole`, `cut` (ends with a truncation marker) or `omitted` (named in the final note). */
  status: 'whole' | 'cut' | 'omitted';
  /** Characters of the file's text kept (the marker excluded); `keptCharacters + omittedCharacters` is its `characters`. */
  keptCharacters: number;
  /** Characters of the file's text left out by the budget. */
  omittedCharacters: number;
}

/** Result of {@link renderInstructions}. */
export interface RenderedInstructions {
  /** The instruction text an agent gets (empty when no file was found). */
  text: string;
  /** `text.length`: the part of the budget used. */
  characters: number;
  maxChars: number;
  /** One entry per discovered file, in precedence order. */
  files: RenderedInstructionFile[];
  /** Files cut to fit (a subset of `files`). */
  cut: RenderedInstructionFile[];
  /** Files that did not fit at all (a subset of `files`), named in the final note. */
  omitted: RenderedInstructionFile[];
  /** Budget diagnostics only (`truncated`, `over-budget`); discovery diagnostics stay in the discovery. */
  diagnostics: Diagnostic[];
}

/**
 * Render a discovery as `<context-file>` blocks in precedence order, within `maxChars`.
 *
 * Budget priority: the files of the directory nearest the workspace (its walk-up files with their
 * imports) are kept whole first, then those of the next broader directory, and so on; within one
 * directory, in rendering order (so `AGENTS.md` before `CLAUDE.md`, a file before its imports). The first file that does not fit whole is cut; files after it that cannot fit at all are
 * left out and named in a final note. See `applyBudget` for the exact markers.
 *
 * @example
 * const rendered = renderInstructions(await discoverInstructions({ workspace }), { maxChars: 8000 });
 * rendered.text; // '<context-file path="../../AGENTS.md">\n...\n</context-file>\n\n<context-file path="AGENTS.md">...'
 */
export function renderInstructions(
  discovery: Pick<InstructionDiscovery, 'items'>,
  options: RenderInstructionsOptions = {},
): RenderedInstructions {
  const maxChars = options.maxChars ?? instructionDefaults.maxChars;
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new AgentContextError('`maxChars` must be a whole number, 1 or more', {
      code: 'invalid-option',
      reason: '`maxChars` must be a whole number, 1 or more',
    });
  }
  // Group each file with the directory of the walk-up file that brought it in; the directory
  // nearest the workspace (the last one) gets priority 0.
  const directories: string[] = [];
  const groups = discovery.items.map((item) => {
    if (item.reason !== 'import' && directories.at(-1) !== item.directory) directories.push(item.directory);
    return Math.max(0, directories.length - 1);
  });
  const inputs: BudgetInput[] = discovery.items.map((item, index) => ({
    label: item.label,
    text: item.text,
    priority: directories.length - 1 - groups[index]!,
  }));
  const budget = applyBudget(inputs, maxChars);
  const files = discovery.items.map((item, index): RenderedInstructionFile => {
    const planned = budget.files[index]!;
    return {
      path: item.path,
      label: item.label,
      status: planned.status,
      keptCharacters: planned.keptCharacters,
      omittedCharacters: planned.omittedCharacters,
    };
  });
  return {
    text: budget.text,
    characters: budget.text.length,
    maxChars,
    files,
    cut: files.filter((file) => file.status === 'cut'),
    omitted: files.filter((file) => file.status === 'omitted'),
    diagnostics: budget.diagnostics,
  };
}
