import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { toPosixPath } from './paths.js';

/**
 * The real path (every symlink resolved) of an existing directory on the local disk, as an absolute
 * POSIX path. `directory` is absolute, or relative to `process.cwd()`.
 *
 * Throws `AgentContextError` with code `not-found` when nothing exists there, or when it is not a
 * directory (`reason: 'not a directory'`). Never creates anything.
 *
 * @param role what the directory is, for the message, e.g. `'workspace root'`.
 */
export function realDirectory(directory: string, role = 'directory'): string {
  const absolute = path.resolve(directory);
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    throw new AgentContextError(`The ${role} ${toPosixPath(absolute)} does not exist.`, {
      code: 'not-found',
      path: toPosixPath(absolute),
      reason: 'does not exist',
      cause: error,
    });
  }
  if (!statSync(real).isDirectory()) {
    throw new AgentContextError(`The ${role} ${toPosixPath(absolute)} is not a directory.`, {
      code: 'not-found',
      path: toPosixPath(absolute),
      reason: 'not a directory',
    });
  }
  return toPosixPath(real);
}

/**
 * The real path of `target` (absolute, or relative to `process.cwd()`) when it exists; else its
 * nearest existing ancestor's real path with the missing segments appended, so a ceiling named
 * through a symlink compares correctly even when its lower part is missing.
 */
export function realPathOrSelf(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  for (let current = absolute; ; current = path.dirname(current)) {
    try {
      return toPosixPath(path.join(realpathSync(current), ...missing.reverse()));
    } catch {
      if (path.dirname(current) === current) return toPosixPath(absolute);
      missing.push(path.basename(current));
    }
  }
}
