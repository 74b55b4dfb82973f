import path from 'node:path';
import { isInside } from '../workspace/paths.js';
import { realDirectory, realPathOrSelf } from '../workspace/real-directory.js';
import { findProjectRoot } from './find-project-root.js';

/** Options of {@link resolveLocalProject}. */
export interface ResolveLocalProjectOptions {
  /** The agent's working directory on the local disk (absolute, or relative to `process.cwd()`). */
  directory: string;
  /** The walk-up ceiling, absolute or relative to `directory` as given. Default: none (root markers decide). */
  stopAt?: string;
  /** Names that mark a project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
}

/** Real paths of a local project, as {@link resolveLocalProject} chose them. */
export interface LocalProject {
  /** The working directory, every symlink resolved. */
  directory: string;
  /** The ceiling, every symlink resolved (its missing tail kept); `undefined` when none was given. */
  stopAt: string | undefined;
  /** The workspace root (containment boundary): `stopAt`, the project root, or `directory`. */
  root: string;
}

/**
 * Resolve a working directory on the local disk and its ceiling to real paths, once, before anything
 * is contained against them; the CLI and the library go through here alike, so a directory reached
 * through a symlink (a project linked under the home directory, `/tmp` on macOS) gives the same walk
 * either way.
 *
 * 1. `directory` becomes its real path; it must be an existing directory (`not-found` otherwise).
 * 2. `stopAt`, resolved against `directory` as given, becomes its real path.
 * 3. The root is `stopAt` when it is `directory` or one of its ancestors; else, without `stopAt`, the
 *    nearest ancestor holding a root marker (`findProjectRoot`); else `directory` itself.
 */
export async function resolveLocalProject(options: ResolveLocalProjectOptions): Promise<LocalProject> {
  const given = path.resolve(options.directory);
  const directory = realDirectory(given, 'directory');
  const stopAt =
    options.stopAt === undefined ? undefined : realPathOrSelf(path.resolve(given, options.stopAt));
  let root = directory;
  if (stopAt !== undefined) {
    if (isInside(stopAt, directory)) root = stopAt;
  } else {
    root = (await findProjectRoot(directory, { rootMarkers: options.rootMarkers ?? ['.git'] })) ?? directory;
  }
  return { directory, stopAt, root };
}
