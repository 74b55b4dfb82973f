import { AgentContextError, isAgentContextError } from '../errors.js';
import { alreadyExistsError } from './already-exists-error.js';
import { compareCodePoints, isInside, outsideWorkspaceError, resolvePosix } from './paths.js';
import type { DirectoryEntry, EntryKind, FileStat, ReadFileResult, Workspace } from './workspace.js';

/** What a {@link FileLayer} knows about one path (links followed). */
export interface FileLayerStat {
  kind: EntryKind;
  /** Size in bytes; 0 when the layer does not say. */
  size: number;
  /** Last modification, milliseconds since the epoch; 0 when the layer does not say. */
  modifiedMs: number;
}

/**
 * The file API of another system (a framework's workspace, a sandbox provider's files API), as
 * {@link fileLayerWorkspace} needs it. Every path it is given is an absolute POSIX path inside the
 * workspace root, already checked; a path the layer cannot find makes it return `undefined` (`stat`,
 * `realpath`) or throw (the others: the error is reported as `not-found` when {@link isMissing} says so).
 */
export interface FileLayer {
  /** Kind, size and time of a path, links followed; `undefined` when it does not exist. */
  stat(path: string): Promise<FileLayerStat | undefined>;
  /** Entries of a directory, in any order; `symlink` for links the layer reports as links. */
  list(path: string): Promise<DirectoryEntry[]>;
  /** Bytes of a regular file (the whole file; `fileLayerWorkspace` applies `start` and `maxBytes`). */
  read(path: string): Promise<Uint8Array>;
  /**
   * The real path (links resolved) as an absolute POSIX path in the same space, or `undefined` when
   * it does not exist. Layers with symbolic links must give it, so links leaving the root are refused;
   * layers without links (object stores) leave it out.
   */
  realpath?(path: string): Promise<string | undefined>;
  /** Write a whole file, creating parent directories. Leave out for a read-only layer. */
  write?(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * Create a new file, creating parent directories, failing when anything is already at the path
   * (the error {@link isExisting} recognises), atomically where the layer can. Gives the workspace
   * its `createFile`; leave out when the layer has no create-only write.
   */
  create?(path: string, bytes: Uint8Array): Promise<void>;
  /** Remove a file. */
  remove?(path: string): Promise<void>;
  /** True when an error the layer threw means "no such file or directory". Default: `code` is `ENOENT`. */
  isMissing?(error: unknown): boolean;
  /** True when an error of {@link create} means "already exists". Default: `code` is `EEXIST`. */
  isExisting?(error: unknown): boolean;
}

/** Options of {@link fileLayerWorkspace}. */
export interface FileLayerWorkspaceOptions {
  /** Absolute POSIX path of the containment root in the layer's path space. Default `/`. */
  root?: string;
  /** Working directory, absolute or relative to `root`. Default: `root`. */
  cwd?: string;
}

/**
 * A {@link Workspace} over another system's file API: each operation is one or two calls to the
 * layer (`realpath` when it has one, then `stat`, `list` or `read`), so it suits layers whose calls
 * are network round trips. Containment as in `localWorkspace`: `..` escapes, absolute paths outside
 * `root` and NUL bytes are refused before any call, and a path whose real path (from `realpath`)
 * leaves `root` is refused before it is read. Anything `stat` does not call a file is never read.
 *
 * The layer's own containment stays in force underneath; this is a second line. Unlike
 * `localWorkspace`, a layer cannot verify what it opened against a concurrent change (see
 * docs/workspace.md).
 *
 * @example
 * const workspace = fileLayerWorkspace({
 *   stat: async (path) => ..., list: async (path) => ..., read: async (path) => ...,
 * }, { root: '/home/user/repo' });
 */
export function fileLayerWorkspace(layer: FileLayer, options: FileLayerWorkspaceOptions = {}): Workspace {
  const root = resolvePosix('/', options.root ?? '/');
  const cwd = resolvePosix(root, options.cwd ?? '.');
  if (!isInside(root, cwd)) {
    throw new AgentContextError(`The working directory ${cwd} is outside the workspace root ${root}.`, {
      code: 'invalid-option',
      path: options.cwd,
      reason: 'cwd outside root',
    });
  }
  const isMissing = layer.isMissing ?? ((error: unknown) => codeOf(error) === 'ENOENT');

  const resolve = (requested: string): string => {
    const absolute = resolvePosix(cwd, requested === '' ? '.' : requested);
    // `..` above `/` is clamped by POSIX resolution: with the root at `/` (a layer's own path space)
    // that would turn an escape into a path inside, so it is refused like any other escape.
    if (!isInside(root, absolute) || climbsAboveSlash(cwd, requested)) {
      throw outsideWorkspaceError(requested, root, 'the path is');
    }
    return absolute;
  };

  /** The path to ask the layer for, links resolved and checked; `undefined` when it does not exist. */
  const locate = async (requested: string): Promise<{ real: string; symlink: boolean } | undefined> => {
    const absolute = resolve(requested);
    if (layer.realpath === undefined) return { real: absolute, symlink: false };
    const real = await call(requested, 'read-failed', () => layer.realpath!(absolute));
    if (real === undefined) return undefined;
    const normal = resolvePosix('/', real);
    if (!isInside(root, normal)) throw outsideWorkspaceError(requested, root, 'its real path is');
    return { real: normal, symlink: normal !== absolute };
  };

  const notFound = (requested: string) =>
    new AgentContextError(`No such file or directory: ${requested}`, {
      code: 'not-found',
      path: requested,
      reason: 'does not exist',
    });

  /** A layer's failure as the workspace's typed error. */
  const layerError = (
    requested: string,
    code: 'read-failed' | 'write-failed',
    error: unknown,
  ): AgentContextError => {
    if (isAgentContextError(error)) return error;
    if (isMissing(error)) return notFound(requested);
    const reason = messageOf(error);
    const verb = code === 'read-failed' ? 'read' : 'write';
    return new AgentContextError(`Could not ${verb} ${requested}: ${reason}`, {
      code,
      path: requested,
      reason,
      cause: error,
    });
  };

  /** Run one layer call, turning its failures into the workspace's typed errors. */
  const call = async <Result>(
    requested: string,
    code: 'read-failed' | 'write-failed',
    operation: () => Promise<Result>,
  ): Promise<Result> => {
    try {
      return await operation();
    } catch (error) {
      throw layerError(requested, code, error);
    }
  };

  const statOf = async (
    requested: string,
  ): Promise<(FileLayerStat & { real: string; symlink: boolean }) | undefined> => {
    const located = await locate(requested);
    if (located === undefined) return undefined;
    let found: FileLayerStat | undefined;
    try {
      found = await layer.stat(located.real);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw layerError(requested, 'read-failed', error);
    }
    return found === undefined ? undefined : { ...found, ...located };
  };

  const workspace: Workspace = {
    root,
    cwd,
    resolve,
    async stat(requested): Promise<FileStat | undefined> {
      const found = await statOf(requested);
      if (found === undefined) return undefined;
      return { kind: found.kind, size: found.size, modifiedMs: found.modifiedMs, symlink: found.symlink };
    },
    async readdir(requested): Promise<DirectoryEntry[]> {
      const found = await statOf(requested);
      if (found === undefined) throw notFound(requested);
      if (found.kind !== 'directory') {
        throw new AgentContextError(`Not a directory: ${requested}`, {
          code: 'not-a-directory',
          path: requested,
        });
      }
      const entries = await call(requested, 'read-failed', () => layer.list(found.real));
      return entries
        .filter(
          (entry) =>
            entry.name !== '' && entry.name !== '.' && entry.name !== '..' && !entry.name.includes('/'),
        )
        .map((entry) => ({ name: entry.name, kind: entry.kind }))
        .sort((left, right) => compareCodePoints(left.name, right.name));
    },
    async realpath(requested): Promise<string> {
      const located = await locate(requested);
      if (
        located === undefined ||
        (layer.realpath === undefined && (await statOf(requested)) === undefined)
      ) {
        throw notFound(requested);
      }
      return located.real;
    },
    async readFile(requested, readOptions = {}): Promise<ReadFileResult> {
      const found = await statOf(requested);
      if (found === undefined) throw notFound(requested);
      if (found.kind !== 'file') {
        throw new AgentContextError(`Not a regular file: ${requested}`, {
          code: 'not-a-file',
          path: requested,
          reason: found.kind === 'directory' ? 'is a directory' : 'not a regular file',
        });
      }
      const whole = await call(requested, 'read-failed', () => layer.read(found.real));
      const size = whole.byteLength;
      const start = Math.min(Math.max(0, readOptions.start ?? 0), size);
      const available = size - start;
      const limit =
        readOptions.maxBytes === undefined
          ? available
          : Math.max(0, Math.min(readOptions.maxBytes, available));
      const result = { bytes: whole.subarray(start, start + limit), size, truncated: start + limit < size };
      return readOptions.start === undefined ? result : { ...result, start };
    },
  };

  const write = layer.write;
  if (write !== undefined) {
    workspace.writeFile = async (requested, data, writeOptions = {}) => {
      if (writeOptions.exclusive && workspace.createFile !== undefined)
        return workspace.createFile(requested, data);
      const absolute = resolve(requested);
      const found = await statOf(requested);
      if (found !== undefined && found.kind !== 'file') {
        throw new AgentContextError(`Not a regular file: ${requested}`, {
          code: 'not-a-file',
          path: requested,
        });
      }
      if (found !== undefined && writeOptions.exclusive) throw alreadyExistsError(requested);
      // A missing file is written at its lexical path; its parent directories were resolved above
      // only when it existed, so check the nearest existing parent's real path too.
      const target = found?.real ?? (await realTargetOfNew(absolute, requested));
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      await call(requested, 'write-failed', () => write.call(layer, target, bytes));
    };
  }
  const create = layer.create;
  if (create !== undefined) {
    const isExisting = layer.isExisting ?? ((error: unknown) => codeOf(error) === 'EEXIST');
    workspace.createFile = async (requested, data) => {
      const absolute = resolve(requested);
      if (absolute === root) throw alreadyExistsError(requested);
      // Only the parent's real path is asked: the layer's create decides about the name itself.
      const target = await realTargetOfNew(absolute, requested);
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      try {
        await create.call(layer, target, bytes);
      } catch (error) {
        if (isExisting(error)) throw alreadyExistsError(requested, error);
        throw layerError(requested, 'write-failed', error);
      }
    };
  }
  const remove = layer.remove;
  if (remove !== undefined) {
    workspace.removeFile = async (requested) => {
      const found = await statOf(requested);
      if (found === undefined) throw notFound(requested);
      if (found.kind !== 'file') {
        throw new AgentContextError(`Not a regular file: ${requested}`, {
          code: 'not-a-file',
          path: requested,
        });
      }
      // A link is removed itself, never its target.
      await call(requested, 'write-failed', () =>
        remove.call(layer, found.symlink ? resolve(requested) : found.real),
      );
    };
  }

  /** Where a new file at `absolute` lands: under the real path of its nearest existing parent, checked. */
  async function realTargetOfNew(absolute: string, requested: string): Promise<string> {
    if (layer.realpath === undefined) return absolute;
    const missing: string[] = [];
    for (let directory = absolute; ; ) {
      const parent = directory === root ? root : directory.slice(0, directory.lastIndexOf('/')) || '/';
      missing.unshift(directory.slice(parent === '/' ? 1 : parent.length + 1));
      const real = await call(requested, 'write-failed', () => layer.realpath!(parent));
      if (real !== undefined) {
        const normal = resolvePosix('/', real);
        if (!isInside(root, normal)) throw outsideWorkspaceError(requested, root, 'its real path is');
        return resolvePosix(normal, missing.join('/'));
      }
      if (parent === root) return absolute;
      directory = parent;
    }
  }

  return workspace;
}

/** True when `..` segments of `requested`, taken from `base` (or `/` when absolute), go above `/`. */
function climbsAboveSlash(base: string, requested: string): boolean {
  if (!requested.includes('..')) return false;
  let depth = requested.startsWith('/') ? 0 : base.split('/').filter(Boolean).length;
  for (const segment of requested.split('/')) {
    if (segment === '..') {
      if (depth === 0) return true;
      depth -= 1;
    } else if (segment !== '' && segment !== '.') depth += 1;
  }
  return false;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error
    ? (error as { code: unknown }).code
    : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
