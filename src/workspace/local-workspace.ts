import { constants, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { compareCodePoints, isInside, outsideWorkspaceError, resolvePosix, toPosixPath } from './paths.js';
import { resolveRealPath, type SegmentInfo } from './resolve-real-path.js';
import type {
  DirectoryEntry,
  EntryKind,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace.js';

/** Options of {@link localWorkspace}. */
export interface LocalWorkspaceOptions {
  /**
   * The agent's working directory: absolute, or relative to `root`. Must lie inside `root`.
   * Default: `root`.
   */
  cwd?: string;
  /**
   * Refuse every path outside `root` (lexically or through symlinks). Default `true`. `false` gives
   * host access: relative paths still resolve against `cwd`, but nothing is refused.
   */
  contained?: boolean;
}

/**
 * A {@link Workspace} on the local disk through node:fs.
 *
 * Contained (the default): `..` escapes, absolute paths outside `root`, NUL bytes and symlinks whose
 * target leaves `root` are refused with `path-outside-workspace` before any I/O outside `root`
 * (symlinks are resolved segment by segment with `lstat` + `readlink`, all inside root). Only
 * regular files are opened, with `O_NONBLOCK`, so a FIFO never blocks. `root` and `cwd` are
 * stored as real paths when they exist.
 *
 * @param root the containment boundary, absolute or relative to `process.cwd()`.
 * @example
 * const workspace = localWorkspace('/repo', { cwd: 'packages/app' });
 * const { bytes } = await workspace.readFile('AGENTS.md'); // reads /repo/packages/app/AGENTS.md
 */
export function localWorkspace(root: string, options: LocalWorkspaceOptions = {}): Workspace {
  const contained = options.contained ?? true;
  const givenRoot = toPosixPath(path.resolve(root));
  const realRoot = realPathOrSelf(givenRoot);
  const givenCwd = resolvePosix(givenRoot, options.cwd ?? '.');
  if (!isInside(givenRoot, givenCwd)) {
    throw new AgentContextError(
      `The working directory ${givenCwd} is not inside the workspace root ${givenRoot}`,
      {
        code: 'invalid-option',
        path: givenCwd,
        reason: 'cwd outside root',
      },
    );
  }
  const cwd = realRoot + givenCwd.slice(givenRoot.length);

  /** Map a path under the root as given (maybe a symlinked alias) onto the real root. */
  const toRealRoot = (absolute: string): string =>
    givenRoot !== realRoot && isInside(givenRoot, absolute)
      ? realRoot + absolute.slice(givenRoot.length)
      : absolute;

  const resolve = (requested: string): string => {
    const absolute = toRealRoot(resolvePosix(cwd, requested === '' ? '.' : requested));
    if (contained && !isInside(realRoot, absolute))
      throw outsideWorkspaceError(requested, realRoot, 'the path is');
    return absolute;
  };

  const resolveReal = async (requested: string) => {
    const absolute = resolve(requested);
    if (!contained) {
      try {
        return {
          realPath: toPosixPath(await fs.realpath(absolute)),
          exists: true,
          symlink: await isSymlink(absolute),
        };
      } catch (error) {
        if (isMissing(error)) return { realPath: absolute, exists: false, symlink: false };
        throw translateError(error, requested, 'read-failed');
      }
    }
    try {
      return await resolveRealPath(absolute, realRoot, inspectSegment, requested);
    } catch (error) {
      throw translateError(error, requested, 'read-failed');
    }
  };

  const requireExisting = async (requested: string): Promise<string> => {
    const resolution = await resolveReal(requested);
    if (!resolution.exists) throw notFound(requested);
    return resolution.realPath;
  };

  return {
    root: realRoot,
    cwd,
    resolve,
    async stat(requested): Promise<FileStat | undefined> {
      const resolution = await resolveReal(requested);
      if (!resolution.exists) return undefined;
      try {
        const stats = await fs.stat(resolution.realPath);
        return {
          kind: kindOf(stats),
          size: stats.size,
          modifiedMs: stats.mtimeMs,
          symlink: resolution.symlink,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw translateError(error, requested, 'read-failed');
      }
    },
    async readdir(requested): Promise<DirectoryEntry[]> {
      const realPath = await requireExisting(requested);
      try {
        const entries = await fs.readdir(realPath, { withFileTypes: true });
        return entries
          .map((entry) => ({
            name: entry.name,
            kind: entry.isSymbolicLink() ? ('symlink' as const) : kindOf(entry),
          }))
          .sort((left, right) => compareCodePoints(left.name, right.name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') {
          throw new AgentContextError(`Not a directory: ${requested}`, {
            code: 'not-a-directory',
            path: requested,
            reason: 'not a directory',
            cause: error,
          });
        }
        throw translateError(error, requested, 'read-failed');
      }
    },
    realpath: requireExisting,
    async readFile(requested, readOptions: ReadFileOptions = {}): Promise<ReadFileResult> {
      const realPath = await requireExisting(requested);
      return readRegularFile(realPath, requested, readOptions.maxBytes);
    },
    async writeFile(requested, data, writeOptions: WriteFileOptions = {}): Promise<void> {
      const resolution = await resolveReal(requested);
      try {
        await fs.mkdir(path.posix.dirname(resolution.realPath), { recursive: true });
        await fs.writeFile(resolution.realPath, data, { flag: writeOptions.exclusive ? 'wx' : 'w' });
      } catch (error) {
        throw translateError(error, requested, 'write-failed');
      }
    },
    async removeFile(requested): Promise<void> {
      // Resolve the directory, not the entry: removing a symlink must remove the link, not its target.
      const absolute = resolve(requested);
      const directory = await requireExisting(path.posix.dirname(absolute));
      const entry = `${directory === '/' ? '' : directory}/${path.posix.basename(absolute)}`;
      try {
        const stats = await fs.lstat(entry);
        if (stats.isDirectory()) {
          throw new AgentContextError(`Is a directory, not a file: ${requested}`, {
            code: 'not-a-file',
            path: requested,
            reason: 'is a directory',
          });
        }
        await fs.unlink(entry);
      } catch (error) {
        throw translateError(error, requested, 'write-failed');
      }
    },
  };
}

/**
 * `lstat` + `readlink` of one segment. Synchronous on purpose: a path check costs one call per
 * segment, and a sync metadata call takes a microsecond or two where a thread-pool round trip costs
 * tens, which made deep paths slow. No file is opened here.
 */
async function inspectSegment(candidate: string): Promise<SegmentInfo> {
  try {
    // throwIfNoEntry: a missing path is the common answer (most candidate files do not exist),
    // and building an exception for it costs more than the call itself.
    const stats = lstatSync(candidate, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return { kind: 'symlink', target: toPosixPath(readlinkSync(candidate)) };
    return { kind: kindOf(stats) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Open without following a final symlink and without blocking (FIFOs), then insist on a regular file. */
async function readRegularFile(
  realPath: string,
  requested: string,
  maxBytes: number | undefined,
): Promise<ReadFileResult> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(realPath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new AgentContextError(`Not a regular file: ${requested}`, {
        code: 'not-a-file',
        path: requested,
        reason: 'not a regular file',
      });
    }
    const limit = maxBytes === undefined ? stats.size : Math.max(0, Math.min(maxBytes, stats.size));
    const buffer = Buffer.allocUnsafe(limit);
    let filled = 0;
    while (filled < limit) {
      const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const bytes = buffer.subarray(0, filled);
    return { bytes, size: stats.size, truncated: stats.size > filled };
  } catch (error) {
    throw translateError(error, requested, 'read-failed');
  } finally {
    await handle?.close();
  }
}

async function isSymlink(absolute: string): Promise<boolean> {
  try {
    return (await fs.lstat(absolute)).isSymbolicLink();
  } catch {
    return false;
  }
}

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean }): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

function realPathOrSelf(absolute: string): string {
  try {
    return toPosixPath(realpathSync(absolute));
  } catch {
    return absolute;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function notFound(requested: string): AgentContextError {
  return new AgentContextError(`No such file or directory: ${requested}`, {
    code: 'not-found',
    path: requested,
    reason: 'does not exist',
  });
}

/** Wrap an operating-system error in an AgentContextError; pass ours through unchanged. */
function translateError(
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
      return new AgentContextError(`Could not ${verb} ${requested}: ${errno?.message ?? String(error)}`, {
        code: fallback,
        path: requested,
        reason,
        cause: error,
      });
    }
  }
}
