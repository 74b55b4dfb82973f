import { AsyncLocalStorage } from 'node:async_hooks';

/** Directories one operation has checked under one real root: lexical absolute path -> real path. */
export type CheckedDirectories = Map<string, string>;

const operations = new AsyncLocalStorage<Map<string, CheckedDirectories>>();

/**
 * Run `operation` as one operation of path checks. Inside it, a contained local workspace checks each
 * directory on the way to a path once (`lstat`, plus `readlink` for a link) and reuses the answer for
 * every later path below it, so a tree 500 levels deep costs one check per directory rather than one
 * per directory per path. An operation started inside another shares the outer one's checks; they are
 * dropped when the outermost one settles.
 *
 * What it changes for a concurrent process: opens are still verified after the fact (nothing
 * outside the root is read, listed or written), but `stat` and `realpath`, which open nothing, can
 * answer for a directory swapped for a symlink after it was checked, until the operation ends.
 */
export function withCheckedDirectories<Result>(
  operation: () => Promise<Result>,
  memory?: CheckedDirectoryMemory,
): Promise<Result> {
  if (operations.getStore() !== undefined) return operation();
  return operations.run(memory?.roots ?? new Map(), operation);
}

/**
 * Checks kept across operations: an operation run with it (see {@link withCheckedDirectories})
 * starts with every directory the earlier ones checked. What a nested-instructions session keeps,
 * so a touch of a new directory deep down does not check its ancestors again; the window in which
 * `stat` and `realpath` can answer for a directory swapped after its check is then the session.
 */
export class CheckedDirectoryMemory {
  readonly roots = new Map<string, CheckedDirectories>();
}

/** The directories the current operation checked under `realRoot`; `undefined` outside an operation. */
export function checkedDirectoriesOf(realRoot: string): CheckedDirectories | undefined {
  const roots = operations.getStore();
  if (roots === undefined) return undefined;
  let checked = roots.get(realRoot);
  if (checked === undefined) {
    checked = new Map();
    roots.set(realRoot, checked);
  }
  return checked;
}
