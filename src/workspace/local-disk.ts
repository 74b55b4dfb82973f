/** How the local disk's answers become the workspace's: its errors, its refusals, its kinds of object. */
import type { Dirent, Stats } from 'node:fs';
import { AgentContextError, describeError } from '../errors.js';
import type { DirectoryEntry, EntryKind } from './workspace.js';

/** Wrap an operating-system error in an AgentContextError; pass ours through unchanged. */
export function translateError(
  error: unknown,
  requested: string,
  fallback: 'read-failed' | 'write-failed',
): AgentContextError {
  if (error instanceof AgentContextError) return error;
  const errno = error as NodeJS.ErrnoException;
  switch (errno?.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new AgentContextError(`No such file or directory: ${requested}`, {
        code: 'not-found',
        path: requested,
        reason: 'does not exist',
        cause: error,
      });
    case 'ELOOP':
      return new AgentContextError(`Too many symbolic links: ${requested}`, {
        code: 'symlink-loop',
        path: requested,
        reason: 'symlink loop',
        cause: error,
      });
    case 'EISDIR':
      return new AgentContextError(`Is a directory, not a file: ${requested}`, {
        code: 'not-a-file',
        path: requested,
        reason: 'is a directory',
        cause: error,
      });
    case 'EEXIST':
      return new AgentContextError(`Already exists: ${requested}`, {
        code: 'already-exists',
        path: requested,
        reason: 'already exists',
        cause: error,
      });
    default: {
      const verb = fallback === 'read-failed' ? 'read' : 'write';
      const reason = errno?.code ?? 'unknown error';
      const advice = systemErrorAdvice[reason];
      const detail = advice ?? `${describeError(error)}`;
      return new AgentContextError(`Could not ${verb} ${requested}: ${detail}`, {
        code: fallback,
        path: requested,
        reason,
        cause: error,
      });
    }
  }
}

/** What the usual operating-system failures mean, in words a user can act on. */
const systemErrorAdvice: Record<string, string> = {
  EACCES: 'permission denied (EACCES); check the permissions of the file and its directories',
  EPERM: 'operation not permitted (EPERM); check the permissions and attributes of the file',
  EROFS: 'the file system is read-only (EROFS); use a writable location',
  ENOSPC: 'no space left on the device (ENOSPC); free some space and try again',
  EDQUOT: 'the disk quota is exhausted (EDQUOT); free some space and try again',
  EMFILE: 'too many open files (EMFILE); close some files or raise the limit',
  ENAMETOOLONG: 'the name is too long for the file system (ENAMETOOLONG)',
  EIO: 'an input/output error (EIO); the device may be failing',
};

/** `hard-linked` for a file with more than one name, when the workspace refuses them. */
export function refuseHardLinked(stats: Stats, requested: string, refuseHardLinks: boolean): void {
  if (refuseHardLinks && stats.nlink > 1) {
    throw new AgentContextError(
      `Refused ${JSON.stringify(requested)}: it has ${stats.nlink} hard links, and this workspace refuses hard-linked files (one of its names may be outside the workspace)`,
      { code: 'hard-linked', path: requested, reason: `${stats.nlink} hard links` },
    );
  }
}

/** The kind of an object of the local disk, from its stats (a link's own stats say `other`). */
export function kindOf(stats: { isFile(): boolean; isDirectory(): boolean }): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

/** An entry of a `readdir` with its types, as a listing gives it: a link is `symlink`, not followed. */
export function directoryEntryOf(entry: Dirent): DirectoryEntry {
  return { name: entry.name, kind: entry.isSymbolicLink() ? 'symlink' : kindOf(entry) };
}
