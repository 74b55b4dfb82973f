import path from 'node:path';
import type { Diagnostic, LoadResult } from '../../diagnostics.js';
import { describeError } from '../../errors.js';
import type { Workspace } from '../../workspace/workspace.js';

/** Limits of {@link findNestedInstructionFiles}. */
export interface FindNestedInstructionFilesOptions {
  /** File names looked for in each directory; a name with a `/` (`.claude/CLAUDE.md`) is a path below it. */
  filenames: readonly string[];
  /** Directories read at most (breadth first). Default 2,000. */
  maxDirectories?: number;
  /** Levels below the working directory. Default 8. */
  maxDepth?: number;
}

/**
 * The instruction files below `workspace.cwd` (the working directory's own are project instructions,
 * so it is left out), breadth first, each directory's entries in code-point order: absolute POSIX
 * paths. Folders whose name starts with `.` and `node_modules` are not entered, nor are symbolic
 * links to folders (so a loop cannot be walked). Reaching a limit, or an unreadable folder, is a
 * diagnostic, never an error.
 */
export async function findNestedInstructionFiles(
  workspace: Workspace,
  options: FindNestedInstructionFilesOptions,
): Promise<LoadResult<string>> {
  const maxDirectories = options.maxDirectories ?? 2_000;
  const maxDepth = options.maxDepth ?? 8;
  const wanted = new Set(options.filenames.filter((name) => !name.includes('/')));
  // Names below a folder of the directory (`.claude/CLAUDE.md`), by that folder's name.
  const below = new Map<string, string[]>();
  for (const name of options.filenames) {
    const slash = name.indexOf('/');
    if (slash > 0) below.set(name.slice(0, slash), [...(below.get(name.slice(0, slash)) ?? []), name]);
  }
  const items: string[] = [];
  const diagnostics: Diagnostic[] = [];
  let queue: string[] = [workspace.cwd];
  let read = 0;
  for (let depth = 0; depth <= maxDepth && queue.length > 0; depth += 1) {
    const next: string[] = [];
    for (const directory of queue) {
      if (read === maxDirectories) {
        diagnostics.push({
          severity: 'warning',
          code: 'limit-reached',
          message: `Stopped looking for nested instruction files after ${maxDirectories} folders.`,
        });
        return { items, diagnostics };
      }
      read += 1;
      let entries: Awaited<ReturnType<Workspace['readdir']>>;
      try {
        entries = await workspace.readdir(directory);
      } catch (error) {
        diagnostics.push({
          severity: 'warning',
          code: 'read-failed',
          message: describeError(error),
          path: directory,
        });
        continue;
      }
      for (const entry of entries) {
        const child = path.posix.join(directory, entry.name);
        if (directory !== workspace.cwd && entry.kind === 'directory' && below.has(entry.name)) {
          for (const name of below.get(entry.name) ?? []) {
            const file = path.posix.join(directory, name);
            const stat = await workspace.stat(file).catch(() => undefined);
            if (stat?.kind === 'file') items.push(file);
          }
        }
        if (entry.kind === 'directory' && !entry.name.startsWith('.') && entry.name !== 'node_modules') {
          if (depth < maxDepth) next.push(child);
        } else if (directory !== workspace.cwd && wanted.has(entry.name) && entry.kind !== 'directory') {
          items.push(child);
        }
      }
    }
    queue = next;
  }
  return { items, diagnostics };
}
