import type { FileReads, HoldingNeighbours } from './parallel-entry-reads.js';
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
  /**
   * Start reading files of directories this reading listed (runs of names, each directory's
   * absolute path) on a worker thread while this one goes on, with the same containment as
   * {@link read}; or `undefined` when no worker can take them now (one core only, the worker not
   * started yet, a directory this reading did not list). Each answer is what `read` would give
   * or less: a file the worker could not read plainly (a link, a special file, a hard link to
   * refuse, an error, a directory it could not open) is answered `undefined`, for the caller to
   * `read` here, which says why. See {@link ElsewhereReadOptions} for what is not kept.
   */
  readElsewhere?(
    files: ReadonlyArray<{ directory: string; names: readonly string[] }>,
    options: ElsewhereReadOptions,
  ): FileReads | undefined;
  /** Close what the reading holds open. Call once, when the walk is done. */
  close(): void;
}

/** What {@link TreeReading.readElsewhere} reads of each file, and what it does not keep. */
export interface ElsewhereReadOptions {
  /** Bytes read of each file; a larger file is only described (its size, no bytes). */
  maxBytes: number;
  /** A file with a NUL byte in its first this-many bytes is not kept (`notKept: 'binary'`). */
  binaryProbeBytes?: number;
  /** A file whose bytes do not hold these is not kept (`notKept: 'lacking'`). */
  holding?: Uint8Array;
  /** With `holding`: the bytes allowed next to a place of it, or that place does not count. */
  holdingNeighbours?: HoldingNeighbours;
  /** With `holding`: a kept file is answered by its lines that hold it (`lines`), not its bytes. */
  holdingLines?: boolean;
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
