import type { Capability } from '../../session/capability.js';
import { type NestedInstructionsOptions, nestedInstructions } from './nested-instructions.js';
import { renderProgressiveContext } from './render-nested-files.js';

/** The guidance `progressiveContext()` puts in the run's instructions. */
export const progressiveContextGuidance =
  'Project instructions can live in subdirectories (AGENTS.md or CLAUDE.md). When you read a file, the instructions of every directory between the working directory and that file are added to a "Progressive Project Context" message; follow them for work in those directories.';

/**
 * Nested instructions with the behaviour of the pi progressive-context extension: AGENTS.md before
 * CLAUDE.md and only the first per directory, chain scope (cwd itself skipped, cwd-to-file order),
 * file contents, and `consolidated` delivery in one `# Progressive Project Context` message that
 * lists `## ABSOLUTE PATH` and the body of every file found, re-anchored once per new file.
 * Triggers: the `read` and `read_file` tools' `path` argument, paths the contained file tools
 * report, and `<file name="...">` blocks through `session.observeUserInput`.
 *
 * Any option of {@link nestedInstructions} can be overridden.
 */
export function progressiveContext(options: NestedInstructionsOptions = {}): Capability {
  return nestedInstructions({
    name: 'progressive-context',
    filenames: ['AGENTS.md', 'CLAUDE.md'],
    perDirectory: 'first',
    scope: 'chain',
    inject: 'contents',
    delivery: 'consolidated',
    traversalToolNames: ['read', 'read_file'],
    guidance: progressiveContextGuidance,
    render: renderProgressiveContext,
    // Explicit `undefined` options keep the preset's value instead of falling back to the generic default.
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  });
}
