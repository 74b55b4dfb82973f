import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { alreadyExistsError } from './already-exists-error.js';
import { listDirectoriesWith, singleCallPrimitives } from './list-directories.js';
import { compareCodePoints, isInside, outsideWorkspaceError, resolvePosix } from './paths.js';
import { resolveRealPath, type SegmentInfo } from './resolve-real-path.js';
import type { DirectoryEntry, FileStat, ReadFileResult, Workspace } from './workspace.js';
import { eachPath } from './workspace-batches.js';

/** Options of {@link memoryWorkspace}. */
export interface MemoryWorkspaceOptions {
  /** Absolute POSIX path of the root. Default `/workspace`. */
  root?: string;
  /** Working directory, absolute or relative to `root`. Default: `root`. */
  cwd?: string;
  /**
   * Symbolic links: link path (relative to root) -> target (relative to the link's directory, or
   * absolute). Default: none.
   */
  symlinks?: Record<string, string>;
  /** Directories that exist without files in them (relative to root). Default: none. */
  directories?: string[];
  /** Provide `writeFile`, `createFile` and `removeFile`. Default `true`. */
  writable?: boolean;
}

/**
 * An in-memory {@link Workspace} for tests and sandboxes, contained like {@link localWorkspace}:
 * escapes and symlinks leaving the root are refused. Directories are implied by file paths.
 *
 * @param files path (relative to root, POSIX) -> content (text or bytes).
 * @example
 * const workspace = memoryWorkspace({ 'AGENTS.md': 'Use pnpm.', 'packages/app/AGENTS.md': 'React app.' });
 */
export function memoryWorkspace(
  files: Record<string, string | Uint8Array>,
  options: MemoryWorkspaceOptions = {},
): Workspace {
  const root = resolvePosix('/', options.root ?? '/workspace');
  const cwd = resolvePosix(root, options.cwd ?? '.');
  const encoder = new TextEncoder();
  const contents = new Map<string, { bytes: Uint8Array; modifiedMs: number }>();
  const links = new Map<string, string>();
  const directories = new Set<string>([root]);

  const addParents = (absolute: string) => {
    for (let directory = path.posix.dirname(absolute); isInside(root, directory); ) {
      directories.add(directory);
      if (directory === root) break;
      directory = path.posix.dirname(directory);
    }
  };
  const put = (absolute: string, data: string | Uint8Array) => {
    contents.set(absolute, {
      bytes: typeof data === 'string' ? encoder.encode(data) : data,
      modifiedMs: Date.now(),
    });
    addParents(absolute);
  };
  for (const [name, data] of Object.entries(files)) put(resolvePosix(root, name), data);
  for (const [name, target] of Object.entries(options.symlinks ?? {})) {
    const absolute = resolvePosix(root, name);
    links.set(absolute, target);
    addParents(absolute);
  }
  for (const name of options.directories ?? []) {
    const absolute = resolvePosix(root, name);
    directories.add(absolute);
    addParents(absolute);
  }

  const inspect = async (candidate: string): Promise<SegmentInfo> => {
    const target = links.get(candidate);
    if (target !== undefined) return { kind: 'symlink', target };
    if (directories.has(candidate)) return { kind: 'directory' };
    if (contents.has(candidate)) return { kind: 'file' };
    return undefined;
  };

  const resolve = (requested: string): string => {
    const absolute = resolvePosix(cwd, requested === '' ? '.' : requested);
    if (!isInside(root, absolute)) throw outsideWorkspaceError(requested, root, 'the path is');
    return absolute;
  };
  const resolveReal = (requested: string) => resolveRealPath(resolve(requested), root, inspect, requested);
  const requireExisting = async (requested: string): Promise<string> => {
    const resolution = await resolveReal(requested);
    if (!resolution.exists) {
      throw new AgentContextError(`No such file or directory: ${requested}`, {
        code: 'not-found',
        path: requested,
        reason: 'does not exist',
      });
    }
    return resolution.realPath;
  };

  const workspace: Workspace = {
    root,
    cwd,
    resolve,
    async stat(requested): Promise<FileStat | undefined> {
      const resolution = await resolveReal(requested);
      if (!resolution.exists) return undefined;
      const file = contents.get(resolution.realPath);
      if (file)
        return {
          kind: 'file',
          size: file.bytes.byteLength,
          modifiedMs: file.modifiedMs,
          symlink: resolution.symlink,
        };
      return { kind: 'directory', size: 0, modifiedMs: 0, symlink: resolution.symlink };
    },
    async readdir(requested): Promise<DirectoryEntry[]> {
      const directory = await requireExisting(requested);
      if (!directories.has(directory)) {
        throw new AgentContextError(`Not a directory: ${requested}`, {
          code: 'not-a-directory',
          path: requested,
        });
      }
      const entries = new Map<string, DirectoryEntry['kind']>();
      const childName = (absolute: string) =>
        path.posix.dirname(absolute) === directory && absolute !== directory
          ? path.posix.basename(absolute)
          : undefined;
      for (const absolute of directories) {
        const name = childName(absolute);
        if (name !== undefined) entries.set(name, 'directory');
      }
      for (const absolute of contents.keys()) {
        const name = childName(absolute);
        if (name !== undefined) entries.set(name, 'file');
      }
      for (const absolute of links.keys()) {
        const name = childName(absolute);
        if (name !== undefined) entries.set(name, 'symlink');
      }
      return [...entries]
        .map(([name, kind]) => ({ name, kind }))
        .sort((left, right) => compareCodePoints(left.name, right.name));
    },
    realpath: requireExisting,
    async readFile(requested, readOptions = {}): Promise<ReadFileResult> {
      const realPath = await requireExisting(requested);
      const file = contents.get(realPath);
      if (!file) {
        throw new AgentContextError(`Not a regular file: ${requested}`, {
          code: 'not-a-file',
          path: requested,
          reason: 'is a directory',
        });
      }
      const size = file.bytes.byteLength;
      const start = Math.min(Math.max(0, readOptions.start ?? 0), size);
      const available = size - start;
      const limit =
        readOptions.maxBytes === undefined
          ? available
          : Math.max(0, Math.min(readOptions.maxBytes, available));
      const bytes = file.bytes.subarray(start, start + limit);
      const result = { bytes, size, truncated: start + limit < size };
      return readOptions.start === undefined ? result : { ...result, start };
    },
  };
  // Batches from its own single calls: in memory, a batch saves nothing but the answers must match.
  const primitives = singleCallPrimitives(workspace);
  workspace.statPaths = (paths) => eachPath(paths, (requested) => workspace.stat(requested));
  workspace.readFiles = (paths, readOptions) =>
    eachPath(paths, (requested) => workspace.readFile(requested, readOptions));
  workspace.listDirectories = (requests) => listDirectoriesWith(primitives, requests);
  if (options.writable ?? true) {
    // Only the parent is resolved: anything at the path itself, a link too, is `already-exists`.
    const createFile = async (requested: string, data: string | Uint8Array) => {
      const absolute = resolve(requested);
      if (absolute === root) throw alreadyExistsError(requested);
      const parent = await resolveReal(path.posix.dirname(absolute));
      if (parent.exists && !directories.has(parent.realPath)) {
        throw new AgentContextError(`Not a directory: ${path.posix.dirname(requested)}`, {
          code: 'not-a-directory',
          path: requested,
        });
      }
      const target = `${parent.realPath === '/' ? '' : parent.realPath}/${path.posix.basename(absolute)}`;
      if (links.has(target) || directories.has(target) || contents.has(target))
        throw alreadyExistsError(requested);
      put(target, data);
    };
    workspace.createFile = createFile;
    workspace.writeFile = async (requested, data, writeOptions = {}) => {
      if (writeOptions.exclusive) return createFile(requested, data);
      const { realPath, exists } = await resolveReal(requested);
      if (exists && directories.has(realPath)) {
        throw new AgentContextError(`Is a directory: ${requested}`, { code: 'not-a-file', path: requested });
      }
      put(realPath, data);
    };
    workspace.removeFile = async (requested) => {
      const realPath = await requireExisting(requested);
      if (!contents.delete(realPath)) {
        throw new AgentContextError(`Not a regular file: ${requested}`, {
          code: 'not-a-file',
          path: requested,
        });
      }
    };
  }
  return workspace;
}
