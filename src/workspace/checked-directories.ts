import { AsyncLocalStorage } from 'node:async_hooks';

interface CheckedNode {
  children: Map<string, CheckedNode>;
  /** The real path of this directory, when the operation checked it. */
  real?: string;
}

/**
 * Directories one operation has checked under one real root: lexical absolute path -> real path,
 * kept by segment so that the deepest checked ancestor of a path is found in one pass over the path
 * (a lookup of every ancestor in a flat map costs the depth times the length, and a touch of a path
 * 1,000 levels deep asks for it once per level).
 */
export class CheckedDirectories {
  readonly #root: CheckedNode = { children: new Map() };
  /** The same records by whole path, for {@link get}: a walk asks for every directory it lists. */
  readonly #byPath = new Map<string, string>();

  /** Record that the directory `lexical` (absolute, normalised) resolved to `real`. */
  set(lexical: string, real: string): void {
    this.#byPath.set(lexical, real);
    let node = this.#root;
    for (const segment of segmentsOf(lexical)) {
      let child = node.children.get(segment);
      if (child === undefined) {
        child = { children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.real = real;
  }

  /** The real path recorded for `lexical`, if any. */
  get(lexical: string): string | undefined {
    return this.#byPath.get(lexical);
  }

  /** The deepest checked directory strictly above `target` and strictly below `floor`. */
  deepestAbove(target: string, floor: string): { lexical: string; real: string } | undefined {
    let node: CheckedNode | undefined = this.#root;
    let found: { end: number; real: string } | undefined;
    // `end` is the index of the slash after the segment just walked; the last segment is not walked.
    let start = 1;
    for (let end = target.indexOf('/', start); end !== -1; end = target.indexOf('/', start)) {
      node = node.children.get(target.slice(start, end));
      if (node === undefined) break;
      if (node.real !== undefined && end > floor.length) found = { end, real: node.real };
      start = end + 1;
    }
    return found === undefined ? undefined : { lexical: target.slice(0, found.end), real: found.real };
  }
}

function segmentsOf(absolute: string): string[] {
  return absolute === '/' ? [] : absolute.slice(1).split('/');
}

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
    checked = new CheckedDirectories();
    roots.set(realRoot, checked);
  }
  return checked;
}
