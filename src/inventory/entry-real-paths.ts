/**
 * The real path of each entry of one root (kept out of the JSON result), by which `mergeLinkedFiles`
 * lists every real file once, and what tells it, without comparing them, that no two can be the same.
 */
export interface EntryRealPaths {
  /** Of each entry whose real path is known, that path. */
  readonly byEntry: Map<object, string>;
  /**
   * The real paths of the folders walked. The real path of a regular file found in one is the
   * folder's followed by the file's name, so files of folders that differ have real paths that differ.
   */
  readonly folders: string[];
  /** How many entries had their real path asked of the workspace (a link to a file, which may lead anywhere). */
  asked: number;
}

/** An empty {@link EntryRealPaths}. */
export function entryRealPaths(): EntryRealPaths {
  return { byEntry: new Map(), folders: [], asked: 0 };
}
