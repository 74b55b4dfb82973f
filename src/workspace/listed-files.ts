import type { BatchOutcome, ListedEntry, ReadFileOptions, ReadFileResult, Workspace } from './workspace.js';

/**
 * The entries of one directory that a listing answered whole, when every one of them is a regular
 * file (no folder, link or special file): a scan of a big folder of files takes them as they are,
 * without listing the folder again, building a path per file or finding each file by its path.
 * Internal: offered by a listed workspace (see `listedWorkspace`) and by the wrappers that pass its
 * batches through.
 */
export interface ListedFiles {
  /** The files, in the listing's order: sorted by the code points of their names. */
  readonly entries: readonly ListedEntry[];
  /** Where each entry's name starts in its `path`. */
  readonly nameStart: number;
  /**
   * While the read of `entries[index]` is under way (a listing answered ahead of its reads), a
   * promise of the next step of the reads, shared by every file waiting for it: await it and ask
   * again. `undefined` once the file is whole.
   */
  waitFor(index: number): Promise<void> | undefined;
  /**
   * `entries[index]`, once whole (see {@link waitFor}), as `readFiles` answers it with `options`:
   * from the listing when it read enough of the file, else asked of the workspace (a promise).
   */
  read(
    index: number,
    options: ReadFileOptions,
  ): BatchOutcome<ReadFileResult> | Promise<BatchOutcome<ReadFileResult>>;
}

/** The files of the directory `requested` (see {@link ListedFiles}), or `undefined` when not known so. */
export type ListedFilesReader = (requested: string) => ListedFiles | undefined;

const readers = new WeakMap<Workspace, ListedFilesReader>();

/** Let `workspace` answer {@link listedFilesOf} with `reader`. */
export function offerListedFiles(workspace: Workspace, reader: ListedFilesReader): void {
  readers.set(workspace, reader);
}

/**
 * The regular files of the directory `requested` as a listing of `workspace` answered them whole,
 * or `undefined`: a workspace that offers none (it is not answering from a listing), a directory not
 * listed whole, or one holding anything but regular files. The caller then walks it the usual way,
 * which gives the same answers.
 */
export function listedFilesOf(workspace: Workspace, requested: string): ListedFiles | undefined {
  return readers.get(workspace)?.(requested);
}

/** The reader `workspace` offers, for a wrapper that passes it on (see {@link offerListedFiles}). */
export function listedFilesReaderOf(workspace: Workspace): ListedFilesReader | undefined {
  return readers.get(workspace);
}
