import type { DirectoryEntry, ReadFileResult, Workspace } from './workspace.js';

/**
 * A walk's synchronous access to one tree of a workspace, for the walks of `find_files` and
 * `search_files`: each directory listed and each file read in one or two system calls, without a
 * promise or a thread-pool round trip. Everything it opens is proven inside the workspace's root
 * (each subdirectory is opened through its parent's open descriptor, never by a path that could be
 * redirected). Only a workspace of the local disk has one (see {@link treeReaderOf}); every other
 * workspace is walked with its own asynchronous calls, with the same results.
 */
export interface TreeReading {
  /**
   * The entries of `directory` (an absolute POSIX path: the tree's start, or a subdirectory of a
   * directory this reading listed), in code-point order, links reported as links. Throws what
   * `Workspace.readdir` throws.
   */
  list(directory: string): DirectoryEntry[];
  /**
   * The regular file `path` (an entry of a directory this reading listed), at most `maxBytes` of
   * it, as `Workspace.readFile` reads it (a link, a special file or a refused hard link throws).
   * The bytes are lent: they hold the file until the next `read` of this reading, and must be
   * copied (or decoded) to be kept.
   */
  read(path: string, maxBytes: number): ReadFileResult;
  /** Close what the reading holds open. Call once, when the walk is done. */
  close(): void;
}

/** Opens {@link TreeReading}s of one workspace. */
export interface TreeReader {
  /** A reading of the tree below `start` (an absolute POSIX directory of the workspace); throws as `readdir`. */
  open(start: string): Promise<TreeReading>;
}

const readers = new WeakMap<Workspace, TreeReader>();

/** Give `workspace` its tree reader (a workspace of the local disk does, when it is made). */
export function registerTreeReader(workspace: Workspace, reader: TreeReader): void {
  readers.set(workspace, reader);
}

/**
 * The tree reader of `workspace`, or `undefined` when it has none: any workspace but the local disk
 * (a wrapper of one too, which answers through its own calls), or a platform without descriptor
 * paths.
 */
export function treeReaderOf(workspace: Workspace): TreeReader | undefined {
  return readers.get(workspace);
}
