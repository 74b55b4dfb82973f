import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { eventLoopTurns } from '../shared/event-loop-turns.js';
import { type ListedChildren, listedChildren } from './listed-children.js';
import { type ListedFiles, offerListedFiles } from './listed-files.js';
import { compareCodePoints } from './paths.js';
import type { ReadsUnderWay } from './reads-under-way.js';
import type {
  BatchOutcome,
  DirectoryEntry,
  FileStat,
  ListedDirectory,
  ListedEntry,
  ListRequest,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
} from './workspace.js';
import { workspaceBatches } from './workspace-batches.js';

/** Milliseconds of answers in a row before the event loop is let run. */
const yieldEveryMs = 20;

/** What a listing says of one path: there (its entry), known to be absent, or nothing known. */
type Knowledge = ListedEntry | 'missing' | undefined;

/**
 * A workspace that answers `stat`, `realpath`, `readdir` and `readFile` from listings already made
 * (see `Workspace.listDirectories`), and forwards to `inner` whatever they do not tell: so code
 * written against single calls (the nested tracker, the rule folders' walk) runs on one batch, with
 * the same answers. What a listing tells:
 * - an entry reported: its kind, real path, size, bytes (when read and long enough) or error;
 * - a named path not reported, its way there explored: it does not exist;
 * - a directory listed whole (within the depth asked): its entries, and that no other name exists.
 * A directory's `stat` answers `size: 0, modifiedMs: 0` (the listing carries neither): only its kind
 * is for use. Writes are not offered. Of the batches, `readFiles` (answered the same way, in one
 * promise), and `listDirectories` when `inner` has one: a request equal to one of `requests`, or to
 * one sent on through it before, gets that outcome without asking, the others go to `inner` in one
 * request, so listings made ahead answer a feature that lists the same later (two features of a run
 * start reading the same plugin folders cost one round trip). The answers are as old as the listing.
 * With `reads`, the listing was answered ahead of some reads (see `listDirectoriesAheadWith`): a
 * file still being read is answered once its read ends, and a request of the listing is replayed
 * once they all have. The files of a directory listed whole, when it holds regular files only, are
 * also offered as the listing reported them (`listedFilesOf`).
 */
export function listedWorkspace(
  inner: Workspace,
  requests: readonly ListRequest[],
  outcomes: ReadonlyArray<BatchOutcome<ListedDirectory>>,
  reads?: ReadsUnderWay,
): Workspace {
  /** Paths looked for by name (their parent explored) and directories listed whole. */
  const lookedFor = new Set<string>();
  const wholeDirectories = new Set<string>();
  /** The real path of each directory listed. */
  const listedRealPaths = new Map<string, string>();
  /**
   * The entries reported in each directory, by its absolute path (see `listedChildren`): a file is
   * found by its directory and its short name, so no absolute path is built or hashed per file.
   */
  const childEntries = new Map<string, ListedChildren>();
  // Two requests may report one path: the answer that read more of the file is kept (one still
  // being read is taken over one that was not).
  const keepLater = (earlier: ListedEntry, later: ListedEntry) =>
    readBytes(later) > readBytes(earlier) ||
    (earlier.contents === undefined && reads?.isUnderWay(later) === true);
  for (const [index, request] of requests.entries()) {
    const outcome = outcomes[index];
    if (!outcome?.ok) continue;
    let directory: string;
    try {
      directory = inner.resolve(request.path);
    } catch {
      continue;
    }
    const listed = outcome.value;
    const pathStart = directory === '/' ? 1 : directory.length + 1;
    // Siblings come one after the other: the directory of the previous entry is usually this one's.
    let parentPrefix: string | undefined;
    let children: ListedChildren | undefined;
    for (let at = 0; at < listed.entries.length; at += 1) {
      const entry = listed.entries[at]!;
      const slash = entry.path.lastIndexOf('/');
      if (
        children === undefined ||
        parentPrefix!.length !== slash + 1 ||
        !entry.path.startsWith(parentPrefix!)
      ) {
        parentPrefix = entry.path.slice(0, slash + 1);
        const parent = slash === -1 ? directory : joinAbsolute(directory, entry.path.slice(0, slash));
        children = childEntries.get(parent);
        if (children === undefined) {
          children = listedChildren();
          childEntries.set(parent, children);
        }
      }
      children.add(entry, index, pathStart, slash + 1, keepLater);
    }
    recordListing(directory, request, listed, lookedFor, wholeDirectories);
    listedRealPaths.set(directory, outcome.value.realPath);
  }

  /** The last directory looked up, and its entries: lookups mostly come sibling after sibling. */
  let lastDirectory: string | undefined;
  let lastChildren: ListedChildren | undefined;
  /** The entry reported at an absolute (resolved) path, if any. */
  const entryAt = (absolute: string): ListedEntry | undefined => {
    const slash = absolute.lastIndexOf('/');
    if (slash === -1 || slash === absolute.length - 1) return undefined;
    // The directory of the last lookup is compared in place, not cut out of the path again.
    const sameDirectory =
      lastDirectory !== undefined &&
      (slash === 0
        ? lastDirectory === '/'
        : lastDirectory.length === slash && absolute.startsWith(lastDirectory));
    if (!sameDirectory) {
      lastDirectory = slash === 0 ? '/' : absolute.slice(0, slash);
      lastChildren = childEntries.get(lastDirectory);
    }
    return lastChildren?.find(absolute, slash + 1);
  };

  const knowledge = (requested: string): Knowledge => {
    let absolute: string;
    try {
      absolute = inner.resolve(requested);
    } catch {
      return undefined;
    }
    const entry = entryAt(absolute);
    if (entry !== undefined) return entry;
    if (lookedFor.has(absolute) || wholeDirectories.has(path.posix.dirname(absolute))) return 'missing';
    // Below a path known to be missing, nothing exists.
    for (
      let above = path.posix.dirname(absolute);
      above !== '/' && above !== '.';
      above = path.posix.dirname(above)
    ) {
      if (entryAt(above) !== undefined) return undefined;
      if (lookedFor.has(above)) return 'missing';
    }
    return undefined;
  };

  // Every answer may come at once: the event loop is still served during a long scan.
  const turn = eventLoopTurns(yieldEveryMs);
  const listedRealPathOf = (requested: string): string | undefined => {
    try {
      return listedRealPaths.get(inner.resolve(requested));
    } catch {
      return undefined;
    }
  };

  const replayed = replayOf(inner, requests, outcomes, reads);

  /** The entry known at `requested` once whole (see {@link ReadsUnderWay}), or what else is known. */
  const wholeKnowledge = (requested: string): Knowledge | Promise<Knowledge> => {
    const known = knowledge(requested);
    if (reads === undefined || known === undefined || known === 'missing') return known;
    const whole = reads.whenWhole(known);
    return whole === undefined ? known : whole.then(() => known);
  };

  /** The regular files of a directory listed whole (see {@link ListedFiles}). */
  const listedFiles = (requested: string): ListedFiles | undefined => {
    let directory: string;
    try {
      directory = inner.resolve(requested);
    } catch {
      return undefined;
    }
    if (!wholeDirectories.has(directory)) return undefined;
    const children = childEntries.get(directory);
    const ordered = children === undefined ? { entries: [], nameStart: 0 } : children.inOrder();
    if (ordered === undefined) return undefined;
    const { entries, nameStart } = ordered;
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index]!;
      if (entry.kind !== 'file' || entry.symlink) return undefined;
    }
    const pathOf = (entry: ListedEntry) => joinAbsolute(directory, entry.path.slice(nameStart));
    /** As `readFiles` answers one path: from the entry, else asked of the workspace. */
    const answer = (entry: ListedEntry, options: ReadFileOptions) => {
      try {
        const read = entryRead(entry, options);
        if (read !== undefined) return { ok: true as const, value: read };
      } catch (error) {
        return { ok: false as const, error: error instanceof Error ? error : new Error(String(error)) };
      }
      return workspaceBatches(inner)
        .readFiles([pathOf(entry)], options)
        .then((answers) => answers[0]!);
    };
    return {
      entries,
      nameStart,
      waitFor: (index) => reads?.nextStep(entries[index]!),
      read(index, options) {
        const entry = entries[index]!;
        // A file still being read is waited for, as `readFiles` waits for it.
        const whole = reads?.whenWhole(entry);
        return whole === undefined ? answer(entry, options) : whole.then(() => answer(entry, options));
      },
    };
  };

  const listed: Workspace = {
    ...(inner.listDirectories === undefined
      ? {}
      : {
          listDirectories: (asked: readonly ListRequest[]) =>
            replayed(asked, inner.listDirectories!.bind(inner)),
        }),
    root: inner.root,
    cwd: inner.cwd,
    resolve: (requested) => inner.resolve(requested),
    async stat(requested): Promise<FileStat | undefined> {
      const pause = turn();
      if (pause !== undefined) await pause;
      const found = wholeKnowledge(requested);
      const known = found instanceof Promise ? await found : found;
      if (known === undefined) return inner.stat(requested);
      if (known === 'missing') return undefined;
      if (known.error !== undefined) {
        if (isNotFound(known.error)) return undefined;
        if (known.kind === 'other') throw known.error;
      }
      if (known.kind === 'file') {
        if (known.size === undefined) return inner.stat(requested);
        return { kind: 'file', size: known.size, modifiedMs: known.modifiedMs ?? 0, symlink: known.symlink };
      }
      return { kind: known.kind, size: 0, modifiedMs: 0, symlink: known.symlink };
    },
    async realpath(requested): Promise<string> {
      const pause = turn();
      if (pause !== undefined) await pause;
      const listed = listedRealPathOf(requested);
      if (listed !== undefined) return listed;
      const known = knowledge(requested);
      if (known === undefined) return inner.realpath(requested);
      if (known === 'missing') throw notFound(requested);
      if (known.error !== undefined && known.kind === 'other') throw known.error;
      return known.realPath;
    },
    async readdir(requested): Promise<DirectoryEntry[]> {
      const pause = turn();
      if (pause !== undefined) await pause;
      let absolute: string;
      try {
        absolute = inner.resolve(requested);
      } catch {
        return inner.readdir(requested);
      }
      if (!wholeDirectories.has(absolute)) {
        const known = knowledge(requested);
        if (known === 'missing') throw notFound(requested);
        if (known !== undefined && known.error !== undefined && known.kind === 'other') throw known.error;
        if (known !== undefined && known.error === undefined && known.kind !== 'directory') {
          throw new AgentContextError(`Not a directory: ${requested}`, {
            code: 'not-a-directory',
            path: requested,
            reason: 'not a directory',
          });
        }
        return inner.readdir(requested);
      }
      const children: DirectoryEntry[] = [];
      childEntries
        .get(absolute)
        ?.each((name, entry) => children.push({ name, kind: entry.symlink ? 'symlink' : entry.kind }));
      return children.sort((left, right) => compareCodePoints(left.name, right.name));
    },
    async readFile(requested, options = {}): Promise<ReadFileResult> {
      const pause = turn();
      if (pause !== undefined) await pause;
      const found = wholeKnowledge(requested);
      const known = found instanceof Promise ? await found : found;
      return listedRead(requested, known, options) ?? inner.readFile(requested, options);
    },
    /**
     * Every path as `readFile` answers it, in one promise: what the listing read is answered at
     * once, the rest asked of the workspace (as a batch when it has one).
     */
    async readFiles(paths, options = {}): Promise<Array<BatchOutcome<ReadFileResult>>> {
      const pause = turn();
      if (pause !== undefined) await pause;
      const outcomes: Array<BatchOutcome<ReadFileResult>> = new Array(paths.length);
      const asked: number[] = [];
      for (const [index, requested] of paths.entries()) {
        try {
          // A file still being read is waited for (its part of the reads, not the whole listing).
          const found = wholeKnowledge(requested);
          const read = listedRead(requested, found instanceof Promise ? await found : found, options);
          if (read === undefined) asked.push(index);
          else outcomes[index] = { ok: true, value: read };
        } catch (error) {
          outcomes[index] = { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }
      if (asked.length > 0) {
        const answers = await workspaceBatches(inner).readFiles(
          asked.map((index) => paths[index]!),
          options,
        );
        for (const [position, index] of asked.entries()) outcomes[index] = answers[position]!;
      }
      return outcomes;
    },
  };
  offerListedFiles(listed, listedFiles);
  return listed;

  /**
   * `readFile` answered from what the listing knows of `requested` (`known`, whole); `undefined`
   * when it must be asked of the workspace. Throws as `readFile`.
   */
  function listedRead(
    requested: string,
    known: Knowledge,
    options: ReadFileOptions,
  ): ReadFileResult | undefined {
    if (known === 'missing') throw notFound(requested);
    return known === undefined ? undefined : entryRead(known, options);
  }
}

/**
 * `readFile` answered from the entry a listing reported at the path (whole); `undefined` when it
 * must be asked of the workspace. Throws as `readFile`.
 */
function entryRead(known: ListedEntry, options: ReadFileOptions): ReadFileResult | undefined {
  if (known.error !== undefined && known.kind === 'other') throw known.error;
  if (known.kind !== 'file' || options.start !== undefined) return undefined;
  if (known.error !== undefined) throw known.error;
  const contents = known.contents;
  if (contents === undefined) return undefined;
  const { maxBytes } = options;
  const whole = !contents.truncated;
  if (!whole && (maxBytes === undefined || maxBytes > contents.bytes.byteLength)) return undefined;
  const length =
    maxBytes === undefined ? contents.bytes.byteLength : Math.min(maxBytes, contents.bytes.byteLength);
  return {
    bytes: length === contents.bytes.byteLength ? contents.bytes : contents.bytes.subarray(0, length),
    size: contents.size,
    truncated: contents.size > length,
  };
}

/**
 * A `listDirectories` that answers a request equal to one already listed (same directory, names,
 * depth, skip and read) with its outcome, and sends the others to `send` in one request; what they
 * answer is remembered the same way (a request that failed as a whole is not).
 */
function replayOf(
  inner: Workspace,
  requests: readonly ListRequest[],
  outcomes: ReadonlyArray<BatchOutcome<ListedDirectory>>,
  reads: ReadsUnderWay | undefined,
) {
  const known = new Map<string, BatchOutcome<ListedDirectory>>();
  const remember = (
    listed: readonly ListRequest[],
    answered: ReadonlyArray<BatchOutcome<ListedDirectory>>,
  ) => {
    for (const [index, request] of listed.entries()) {
      const key = requestKey(inner, request);
      const outcome = answered[index];
      if (key !== undefined && outcome !== undefined && !known.has(key)) known.set(key, outcome);
    }
  };
  remember(requests, outcomes);
  return async (
    asked: readonly ListRequest[],
    send: (requests: readonly ListRequest[]) => Promise<Array<BatchOutcome<ListedDirectory>>>,
  ): Promise<Array<BatchOutcome<ListedDirectory>>> => {
    const answers = asked.map((request) => {
      const key = requestKey(inner, request);
      return key === undefined ? undefined : known.get(key);
    });
    // A listing answered again is answered whole: its reads still under way are waited for.
    if (reads !== undefined && answers.some((answer) => answer !== undefined)) await reads.settled;
    const rest = asked.filter((_, index) => answers[index] === undefined);
    const more = rest.length === 0 ? [] : await send(rest);
    remember(rest, more);
    let next = 0;
    return answers.map((answer) => answer ?? more[next++]!);
  };
}

/** One key per request meaning: the directory resolved, every option in a fixed order. */
function requestKey(workspace: Workspace, request: ListRequest): string | undefined {
  let directory: string;
  try {
    directory = workspace.resolve(request.path);
  } catch {
    return undefined;
  }
  const { names, depth, skip, read } = request;
  return JSON.stringify([directory, names, depth, skip, read?.maxBytes, read?.endings, read !== undefined]);
}

/**
 * Record what one listing tells (see {@link listedWorkspace}). Its entries are gone through by index:
 * a big folder's 100,000 entries then cost no iterator step each.
 */
function recordListing(
  directory: string,
  request: ListRequest,
  listed: ListedDirectory,
  lookedFor: Set<string>,
  wholeDirectories: Set<string>,
): void {
  const absoluteOf = (relative: string) => joinAbsolute(directory, relative);
  // The listing's own entries by path, as far as they are asked about below: its directories, and
  // the named paths with the ways to them.
  const namePrefixes = new Set<string>();
  for (const name of request.names ?? []) {
    for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1))
      namePrefixes.add(name.slice(0, slash));
    namePrefixes.add(name);
  }
  const own = new Map<string, ListedEntry>();
  const skipped = new Set(request.skip ?? []);
  /** Levels already marked whole below a directory in this listing. */
  const markedLevels = new Map<string, number>();
  // A path longer than every named one is not looked up (a big folder's files are not hashed).
  let longestName = 0;
  for (const name of namePrefixes) longestName = Math.max(longestName, name.length);
  for (let at = 0; at < listed.entries.length; at += 1) {
    const entry = listed.entries[at]!;
    if (entry.kind === 'directory' || (entry.path.length <= longestName && namePrefixes.has(entry.path)))
      own.set(entry.path, entry);
  }
  // A real directory reached twice is listed once, at its first entry (the listing visits in the
  // order it reports): a later entry of it was not explored.
  const seen = new Set<string>([listed.realPath]);
  const repeated = new Set<ListedEntry>();
  for (let at = 0; at < listed.entries.length; at += 1) {
    const entry = listed.entries[at]!;
    if (entry.kind !== 'directory') continue;
    if (seen.has(entry.realPath)) repeated.add(entry);
    seen.add(entry.realPath);
  }
  const isExploredDirectory = (entry: ListedEntry | undefined) =>
    entry !== undefined && entry.kind === 'directory' && entry.error === undefined && !repeated.has(entry);
  const isExplored = (relative: string) => {
    const parent = path.posix.dirname(relative);
    return parent === '.' || isExploredDirectory(own.get(parent));
  };
  /** The directories in each listed directory, by its path below the listing (`''` for the listing's own). */
  const childrenOf = new Map<string, ListedEntry[]>();
  for (let at = 0; at < listed.entries.length; at += 1) {
    const entry = listed.entries[at]!;
    if (entry.kind !== 'directory') continue;
    const slash = entry.path.lastIndexOf('/');
    const parent = slash === -1 ? '' : entry.path.slice(0, slash);
    let children = childrenOf.get(parent);
    if (children === undefined) {
      children = [];
      childrenOf.set(parent, children);
    }
    children.push(entry);
  }
  const markWhole = (relative: string | undefined, levelsLeft: number) => {
    if (levelsLeft <= 0) return;
    if (relative !== undefined && !isExploredDirectory(own.get(relative))) return;
    const absolute = relative === undefined ? directory : absoluteOf(relative);
    if (wholeDirectories.has(absolute) && markedLevels.get(absolute)! >= levelsLeft) return;
    wholeDirectories.add(absolute);
    markedLevels.set(absolute, levelsLeft);
    const prefix = relative === undefined ? '' : `${relative}/`;
    for (const child of childrenOf.get(relative ?? '') ?? []) {
      // A skipped directory was reported, never listed.
      if (child.kind === 'directory' && !skipped.has(child.path.slice(prefix.length)))
        markWhole(child.path, levelsLeft - 1);
    }
  };
  if (request.names === undefined) {
    markWhole(undefined, request.depth ?? 1);
    return;
  }
  const depth = request.depth ?? 0;
  for (const name of request.names) {
    const segments = name.split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) continue;
    for (let end = 1; end <= segments.length; end++) {
      const relative = segments.slice(0, end).join('/');
      const parent = path.posix.dirname(relative);
      const parentEntry = own.get(parent);
      // Below a file nothing exists; below a link that could not be followed nothing is known.
      const belowFile =
        parentEntry !== undefined && parentEntry.error === undefined && parentEntry.kind === 'file';
      if (!belowFile && !isExplored(relative)) break;
      if (belowFile || !own.has(relative)) {
        for (let deeper = end; deeper <= segments.length; deeper++)
          lookedFor.add(absoluteOf(segments.slice(0, deeper).join('/')));
        break;
      }
    }
    markWhole(name, depth);
  }
}

function joinAbsolute(directory: string, relative: string): string {
  return directory === '/' ? `/${relative}` : `${directory}/${relative}`;
}

/** How much of a file an entry holds: -1 unread, its byte count, or `Infinity` when read whole. */
function readBytes(entry: ListedEntry): number {
  if (entry.contents === undefined) return -1;
  return entry.contents.truncated ? entry.contents.bytes.byteLength : Number.POSITIVE_INFINITY;
}

function isNotFound(error: Error): boolean {
  return error instanceof AgentContextError && error.code === 'not-found';
}

function notFound(requested: string): AgentContextError {
  return new AgentContextError(`No such file or directory: ${requested}`, {
    code: 'not-found',
    path: requested,
    reason: 'does not exist',
  });
}
