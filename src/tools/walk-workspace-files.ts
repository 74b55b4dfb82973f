import { concurrencyLimit } from '../shared/concurrency-limit.js';
import { eventLoopTurns } from '../shared/event-loop-turns.js';
import { decodeText } from '../workspace/read-text-file.js';
import type { TreeReading } from '../workspace/tree-reading.js';
import type { DirectoryEntry, Workspace } from '../workspace/workspace.js';
import {
  type EntryIgnoreTest,
  entryIgnoreTest,
  type GitignoreRules,
  parseGitignore,
} from './gitignore-rules.js';

/** Bytes of one `.gitignore` read at most. */
const maximumGitignoreBytes = 256 * 1024;

/** What a walk passed over, for the tool's closing line. */
export interface WalkReport {
  /** Symbolic links met (never followed, as `grep -r` and ripgrep do by default). */
  links: number;
  /** Files and directories left out by a `.gitignore`. */
  ignored: number;
  /** Directories that could not be listed (a race, a permission), by absolute path. */
  unlisted: string[];
  /** `.gitignore` files with more patterns than are applied, by absolute path. */
  cutGitignores: string[];
}

/** A new, empty {@link WalkReport}. */
export function emptyWalkReport(): WalkReport {
  return { links: 0, ignored: 0, unlisted: [], cutGitignores: [] };
}

/** Milliseconds a walk listing synchronously (a {@link TreeReading}) runs before it lets the event loop serve others. */
const yieldEveryMs = 10;

/** Directory listings under way at once. */
const listingConcurrency = 16;
/** Directories listed ahead of the walk at most (started and not yet walked). */
const listingsAhead = 64;

/** One directory's listing: its entries (or why not) and its own `.gitignore`. */
interface Listing {
  entries: DirectoryEntry[] | undefined;
  rules: GitignoreRules | undefined;
}

interface Frame {
  directory: string;
  entries: DirectoryEntry[];
  index: number;
  /** Length of the `.gitignore` chain for this directory's entries. */
  chainLength: number;
  /** Whether an entry of this directory is ignored (the chain's rules that can match one of them). */
  ignored: EntryIgnoreTest;
  /** The subdirectories the walk will enter, in walk order, and how many are listed ahead. */
  subdirectories: string[];
  ahead: number;
}

/**
 * Every regular file under `start` (an absolute POSIX directory inside the workspace), depth first,
 * entries in code-point order, as absolute POSIX paths. Everything goes through the workspace, so its
 * containment holds. Left out, and counted in `report`: `.git`, symbolic links (not followed), and
 * what the `.gitignore` files from the workspace root down to each directory ignore. FIFOs,
 * sockets and devices are skipped. Stops early when `signal` aborts.
 *
 * The files come in runs (the files of one directory up to its next subdirectory), so a caller
 * pays one step of the generator per run, not per file. Directories are listed ahead of the walk
 * (up to 64, 16 at once, nearest in walk order first), so the time of one listing (a thread-pool
 * round trip, a sandbox's exec) overlaps the others; the order of the files is the same as one
 * listing after the other. With `tree` (the workspace's {@link TreeReading} of `start`), each
 * directory is listed through it when the walk enters it, synchronously, the event loop served every
 * 10 ms; the walk's files are the same.
 */
export async function* walkWorkspaceFiles(
  workspace: Workspace,
  start: string,
  report: WalkReport,
  signal?: AbortSignal,
  tree?: TreeReading,
): AsyncGenerator<string[]> {
  const chain: GitignoreRules[] = [];
  for (const directory of ancestorsBelowRoot(workspace.root, start)) {
    const rules = await readGitignore(workspace, directory, report);
    if (rules) chain.push(rules);
  }
  const limit = concurrencyLimit(listingConcurrency);
  const list = (directory: string): Promise<Listing> =>
    limit(async () => {
      let entries: DirectoryEntry[];
      try {
        entries = await workspace.readdir(directory);
      } catch {
        return { entries: undefined, rules: undefined };
      }
      const hasGitignore = entries.some((entry) => entry.name === '.gitignore' && entry.kind === 'file');
      const rules = hasGitignore ? await readGitignore(workspace, directory, report) : undefined;
      return { entries, rules };
    });
  /** A listing through the tree reading: the same entries and rules, at once. */
  const listNow = (directory: string): Listing => {
    let entries: DirectoryEntry[];
    try {
      entries = tree!.list(directory);
    } catch {
      return { entries: undefined, rules: undefined };
    }
    const hasGitignore = entries.some((entry) => entry.name === '.gitignore' && entry.kind === 'file');
    return { entries, rules: hasGitignore ? readGitignoreNow(tree!, directory, report) : undefined };
  };
  const yieldNow = eventLoopTurns(yieldEveryMs);
  const ahead = new Map<string, Promise<Listing>>();
  const stack: Frame[] = [];
  /** Start the listings of the next directories of the walk, nearest first, up to the bound. */
  const listAhead = () => {
    if (tree !== undefined) return;
    for (let level = stack.length - 1; level >= 0 && ahead.size < listingsAhead; level -= 1) {
      const frame = stack[level]!;
      while (frame.ahead < frame.subdirectories.length && ahead.size < listingsAhead) {
        const directory = frame.subdirectories[frame.ahead++]!;
        ahead.set(directory, list(directory));
      }
    }
  };
  const enter = async (directory: string): Promise<void> => {
    let listing: Listing;
    if (tree === undefined) {
      const listed = ahead.get(directory);
      ahead.delete(directory);
      listing = await (listed ?? list(directory));
    } else {
      const pause = yieldNow();
      if (pause !== undefined) await pause;
      listing = listNow(directory);
    }
    const { entries, rules } = listing;
    if (entries === undefined) {
      report.unlisted.push(directory);
      return;
    }
    if (rules) chain.push(rules);
    const subdirectories: string[] = [];
    // Made from the parent's test: only the rules that concern the parent's tree are looked at.
    const ignored = entryIgnoreTest(chain, directory, stack[stack.length - 1]?.ignored);
    // Listed ahead (not through a tree reading, which lists each directory when the walk enters it).
    for (const entry of tree === undefined ? entries : []) {
      if (entry.kind !== 'directory' || entry.name === '.git') continue;
      if (!ignored(entry.name, true)) subdirectories.push(childPath(directory, entry.name));
    }
    stack.push({
      directory,
      entries,
      index: 0,
      chainLength: chain.length,
      ignored,
      subdirectories,
      ahead: 0,
    });
    listAhead();
  };
  await enter(start);
  let run: string[] = [];
  while (stack.length > 0) {
    if (signal?.aborted) return;
    const frame = stack[stack.length - 1]!;
    const entry = frame.entries[frame.index++];
    if (entry === undefined) {
      stack.pop();
      continue;
    }
    chain.length = frame.chainLength;
    if (entry.name === '.git') continue;
    if (entry.kind === 'symlink') {
      report.links += 1;
      continue;
    }
    if (entry.kind === 'other') continue;
    const directory = entry.kind === 'directory';
    if (frame.ignored(entry.name, directory)) {
      report.ignored += 1;
      continue;
    }
    const path = childPath(frame.directory, entry.name);
    if (!directory) {
      run.push(path);
      continue;
    }
    if (run.length > 0) {
      yield run;
      run = [];
    }
    await enter(path);
  }
  if (run.length > 0 && !signal?.aborted) yield run;
}

function childPath(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

/** The directories from the workspace root down to `start`'s parent, outermost first. */
function ancestorsBelowRoot(root: string, start: string): string[] {
  const under = root.endsWith('/') ? root : `${root}/`;
  if (!start.startsWith(under)) return [];
  const directories = [root];
  let current = root;
  for (const segment of start.slice(under.length).split('/').slice(0, -1)) {
    current = `${current.endsWith('/') ? current : `${current}/`}${segment}`;
    directories.push(current);
  }
  return directories;
}

/** {@link readGitignore} through a tree reading: a regular file (no link), read at once. */
function readGitignoreNow(
  tree: TreeReading,
  directory: string,
  report: WalkReport,
): GitignoreRules | undefined {
  const path = `${directory.endsWith('/') ? directory : `${directory}/`}.gitignore`;
  try {
    const read = tree.read(path, maximumGitignoreBytes);
    return gitignoreRulesOf(read.bytes, read.truncated, directory, path, report);
  } catch {
    return undefined;
  }
}

async function readGitignore(
  workspace: Workspace,
  directory: string,
  report: WalkReport,
): Promise<GitignoreRules | undefined> {
  const path = `${directory.endsWith('/') ? directory : `${directory}/`}.gitignore`;
  try {
    const stat = await workspace.stat(path);
    if (stat?.kind !== 'file' || stat.symlink) return undefined;
    const read = await workspace.readFile(path, { maxBytes: maximumGitignoreBytes });
    return gitignoreRulesOf(read.bytes, read.truncated, directory, path, report);
  } catch {
    return undefined;
  }
}

/** The rules of a `.gitignore` read, `undefined` when it has none; one cut short is reported. */
function gitignoreRulesOf(
  bytes: Uint8Array,
  truncated: boolean,
  directory: string,
  path: string,
  report: WalkReport,
): GitignoreRules | undefined {
  const rules = parseGitignore(decodeText(bytes).text, directory);
  if (rules.cut || truncated) report.cutGitignores.push(path);
  return rules.rules.length > 0 ? rules : undefined;
}
