import fs from 'node:fs/promises';
import path from 'node:path';

/** Options of {@link findProjectRoot}. */
export interface FindProjectRootOptions {
  /** Names (file or directory) that mark a project root. Default `['.git']`. */
  rootMarkers?: readonly string[];
}

/**
 * The nearest directory, from `directory` up to the file-system root (both inclusive), that holds
 * one of `rootMarkers` (a file or a directory: a git worktree's `.git` is a file). Returns the
 * absolute host path, or `undefined` when none has a marker (not an error).
 *
 * Host code only: it reads the local disk through node:fs, not through a workspace. The CLI uses it
 * (through `resolveLocalProject`) to choose the workspace root when no `stopAt` is given.
 */
export async function findProjectRoot(
  directory: string,
  options: FindProjectRootOptions = {},
): Promise<string | undefined> {
  const markers = options.rootMarkers ?? ['.git'];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    for (const marker of markers) {
      try {
        await fs.stat(path.join(current, marker));
        return current;
      } catch {
        // Missing or unreadable: not a marker here.
      }
    }
    if (path.dirname(current) === current) return undefined;
  }
}
