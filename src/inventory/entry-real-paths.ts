/**
 * The real path of each entry of one root (kept out of the JSON result), by which `mergeLinkedFiles`
 * lists every real file once, and what tells it, without comparing them, that no two can be the same.
 */
export interface EntryRealPaths {
  /** Record `realPath` as the real path of `entry` (a later record of one entry replaces the earlier). */
  set(entry: object, realPath: string): void;
  /** The real path recorded for `entry`, if any. */
  get(entry: object): string | undefined;
  /**
   * The real paths of the folders walked. The real path of a regular file found in one is the
   * folder's followed by the file's name, so files of folders that differ have real paths that differ.
   */
  readonly folders: string[];
  /** How many entries had their real path asked of the workspace (a link to a file, which may lead anywhere). */
  asked: number;
}

/**
 * An empty {@link EntryRealPaths}. Records are kept in the order made, and put in a map by entry only
 * when one is first looked up: a big folder whose paths are never compared costs no map.
 */
export function entryRealPaths(): EntryRealPaths {
  const entries: object[] = [];
  const paths: string[] = [];
  let byEntry: Map<object, string> | undefined;
  return {
    folders: [],
    asked: 0,
    set(entry, realPath) {
      if (byEntry !== undefined) {
        byEntry.set(entry, realPath);
        return;
      }
      entries.push(entry);
      paths.push(realPath);
    },
    get(entry) {
      if (byEntry === undefined) {
        byEntry = new Map();
        for (let index = 0; index < entries.length; index += 1) byEntry.set(entries[index]!, paths[index]!);
        entries.length = 0;
        paths.length = 0;
      }
      return byEntry.get(entry);
    },
  };
}
