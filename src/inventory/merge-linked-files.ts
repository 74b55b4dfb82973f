import type { ScannedRoot } from './scanned-root.js';

type Listed = { reachableFrom?: string[] };
const kinds = ['skills', 'agents', 'commands'] as const;

/**
 * List every real file once: when linked roots reach the same file (`.claude/skills -> ../skills` and
 * `.agents/skills -> ../skills`), the first root in scan order keeps the entry, later roots drop it,
 * and the entry's `reachableFrom` names every root it is reachable from, its own first; the later
 * root's `listedUnder` counts what it left to the earlier one, so it does not look empty. Entries
 * without a known real path (refused links, unreadable files) are kept as they are. Returns the roots
 * given, changed in place.
 */
export function mergeLinkedFiles(roots: ScannedRoot[]): ScannedRoot[] {
  if (!mayShareRealPaths(roots)) return roots;
  for (const kind of kinds) {
    const first = new Map<string, { entry: Listed; root: string }>();
    for (const { result, realPaths } of roots) {
      const entries = result[kind] as Listed[];
      const kept = entries.filter((entry) => {
        const realPath = realPaths.get(entry);
        if (realPath === undefined) return true;
        const earlier = first.get(realPath);
        if (earlier === undefined) {
          first.set(realPath, { entry, root: result.root });
          return true;
        }
        earlier.entry.reachableFrom ??= [earlier.root];
        if (!earlier.entry.reachableFrom.includes(result.root)) earlier.entry.reachableFrom.push(result.root);
        countListedUnder(result, kind, earlier.root);
        return false;
      });
      // In place, without spreading (a spread of 100,000 entries as arguments overflows the stack).
      if (kept.length !== entries.length) {
        entries.length = 0;
        for (const entry of kept) entries.push(entry);
      }
    }
  }
  return roots;
}

/**
 * False when no two entries can have one real path, known without comparing them (a big folder's
 * files are not hashed): no entry's real path was asked (no link to a file), and every folder walked,
 * in every root, is a different real folder.
 */
function mayShareRealPaths(roots: readonly ScannedRoot[]): boolean {
  const folders = new Set<string>();
  for (const { realPaths } of roots) {
    if (realPaths.asked > 0) return true;
    for (const folder of realPaths.folders) {
      if (folders.has(folder)) return true;
      folders.add(folder);
    }
  }
  return false;
}

/** Count one entry of `result` that `root` lists (`InventoryRoot.listedUnder`), in first-seen order. */
function countListedUnder(result: ScannedRoot['result'], kind: (typeof kinds)[number], root: string): void {
  result.listedUnder ??= [];
  const known = result.listedUnder.find((item) => item.kind === kind && item.root === root);
  if (known === undefined) result.listedUnder.push({ kind, root, count: 1 });
  else known.count += 1;
}
