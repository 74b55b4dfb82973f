import type { EventReason } from './context-event.js';

/** One file a session loaded, as `session.loadedFiles()` lists it. */
export interface LoadedFile {
  /** The file's label (relative to the workspace cwd, or absolute outside it). */
  path: string;
  /** Why it was loaded (`session-start`, `nested`, `import`, ...). */
  reason: EventReason;
  /** The capability that loaded it. */
  capability: string;
  /** What caused it, e.g. `read_file packages/app/src/main.ts (call_3)`; absent for run-start loads. */
  trigger?: string;
}

/** What `describe()` prints when no file with reason `nested` was loaded. */
export const noNestedFilesMessage = 'No nested instruction files loaded.';

/**
 * Text listing every loaded file with its reason and trigger, in load order, the way `/memory` lists
 * memory files. Ends with {@link noNestedFilesMessage} when none of them is a nested file.
 *
 * @example
 * Loaded context files:
 * - AGENTS.md (session-start, project-instructions)
 * - packages/app/AGENTS.md (nested, after read_file packages/app/src/main.ts (call_3))
 */
export function describeLoadedFiles(files: readonly LoadedFile[]): string {
  const lines: string[] = [];
  if (files.length > 0) {
    lines.push('Loaded context files:');
    for (const file of files) {
      const cause = file.trigger === undefined ? file.capability : `after ${file.trigger}`;
      lines.push(`- ${file.path} (${file.reason}, ${cause})`);
    }
  }
  if (!files.some((file) => file.reason === 'nested')) lines.push(noNestedFilesMessage);
  return lines.join('\n');
}
