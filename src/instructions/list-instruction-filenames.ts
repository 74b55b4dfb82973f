import type { RuleFormatName } from '../rules/rule.js';
import { instructionDefaults } from './discover-instructions.js';
import { type InstructionFilenames, resolveInstructionFilenames } from './instruction-filenames.js';

/** Options of {@link listInstructionFilenames}. */
export interface ListInstructionFilenamesOptions {
  /** The rule formats whose per-directory files are looked for. Default: every format. */
  formats?: readonly RuleFormatName[];
}

/**
 * The file names `discoverInstructions` looks for in each directory when it is given no `filenames`:
 * `instructionDefaults.filenames`, then the per-directory files of the selected formats, in format
 * order, and the files read in place of others (with `codex`, `AGENTS.override.md` for `AGENTS.md`).
 * A repository's own settings may rename a format's files; this list is the one before them.
 * Throws `AgentContextError` (`invalid-option`) for an unknown format name.
 *
 * @example
 * listInstructionFilenames({ formats: ['codex'] }).filenames; // ['AGENTS.md', 'CLAUDE.md']
 */
export function listInstructionFilenames(
  options: ListInstructionFilenamesOptions = {},
): InstructionFilenames {
  return resolveInstructionFilenames(undefined, options.formats, instructionDefaults.filenames);
}
