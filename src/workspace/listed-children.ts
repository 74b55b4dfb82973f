import type { ListedEntry } from './workspace.js';

/**
 * The entries that listings reported directly in one directory, found by name (see
 * `listedWorkspace`). The entries of the first listing that reached the directory are kept in its
 * order (sorted by code point), and a lookup that follows that order (a scan asks for a folder's
 * files in the order it listed them) is answered by a cursor: no name is cut out of an entry's path
 * and nothing is hashed. The first lookup out of order, or a second listing reaching the same
 * directory, builds a map of names once, and every later lookup uses it.
 */
export interface ListedChildren {
  /**
   * Add an entry reported by listing number `listing`, whose path starts at `pathStart` in the
   * entry's absolute path (the listed directory's length plus one) and whose name starts at
   * `nameStart` in its path. Of two entries of one name, `keepLater(earlier, later)` decides.
   */
  add(
    entry: ListedEntry,
    listing: number,
    pathStart: number,
    nameStart: number,
    keepLater: (earlier: ListedEntry, later: ListedEntry) => boolean,
  ): void;
  /** The entry at `absolute`, a path in this directory whose name starts at `nameStart`. */
  find(absolute: string, nameStart: number): ListedEntry | undefined;
  /** Call `visit` with every entry and its name, in the order kept. */
  each(visit: (name: string, entry: ListedEntry) => void): void;
  /**
   * The entries and where their names start, when one listing reported them all (in its order,
   * sorted by code point), however they were looked up; `undefined` once a second listing added to them.
   */
  inOrder(): { entries: readonly ListedEntry[]; nameStart: number } | undefined;
}

/** An empty {@link ListedChildren}. */
export function listedChildren(): ListedChildren {
  /** The listing the ordered entries come from, where their paths start, and where their names start. */
  let first: { listing: number; pathStart: number; nameStart: number } | undefined;
  const ordered: ListedEntry[] = [];
  let cursor = 0;
  /** False once an entry of a second listing was added. */
  let oneListing = true;
  let byName: Map<string, ListedEntry> | undefined;
  const names = (): Map<string, ListedEntry> => {
    if (byName === undefined) {
      byName = new Map();
      for (const entry of ordered) byName.set(entry.path.slice(first!.nameStart), entry);
    }
    return byName;
  };
  /** True when `entry` (of the first listing) is the one at `absolute`. */
  const isAt = (entry: ListedEntry | undefined, absolute: string) =>
    entry !== undefined &&
    absolute.length === first!.pathStart + entry.path.length &&
    absolute.endsWith(entry.path);
  return {
    add(entry, listing, pathStart, nameStart, keepLater) {
      if (first === undefined) first = { listing, pathStart, nameStart };
      if (listing === first.listing) {
        ordered.push(entry);
        if (byName === undefined) return;
      } else {
        oneListing = false;
      }
      const map = names();
      const name = entry.path.slice(nameStart);
      const earlier = map.get(name);
      if (earlier === undefined || keepLater(earlier, entry)) map.set(name, entry);
    },
    find(absolute, nameStart) {
      if (byName === undefined && first !== undefined) {
        // In order: the next entry; asked again: the one just given.
        const next = ordered[cursor];
        if (isAt(next, absolute)) {
          cursor += 1;
          return next;
        }
        const previous = ordered[cursor - 1];
        if (isAt(previous, absolute)) return previous;
      }
      return names().get(absolute.slice(nameStart));
    },
    each(visit) {
      if (byName !== undefined) {
        for (const [name, entry] of byName) visit(name, entry);
        return;
      }
      for (const entry of ordered) visit(entry.path.slice(first!.nameStart), entry);
    },
    inOrder() {
      if (!oneListing || first === undefined) return undefined;
      return { entries: ordered, nameStart: first.nameStart };
    },
  };
}
