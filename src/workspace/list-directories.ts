import { AgentContextError } from '../errors.js';
import { eventLoopTurns } from '../shared/event-loop-turns.js';
import { compareCodePoints } from './paths.js';
import { type ReadsUnderWay, type ReadsUnderWayRecorder, recordReadsUnderWay } from './reads-under-way.js';
import type {
  BatchOutcome,
  DirectoryEntry,
  EntryKind,
  ListedDirectory,
  ListedEntry,
  ListRequest,
  ReadFileResult,
  Workspace,
} from './workspace.js';

/**
 * What {@link listDirectoriesWith} needs from a workspace: the few primitive operations a listing is
 * made of. `absolute` paths are lexical (as the caller named them, resolved); `real` paths are the
 * checked real paths of the same objects.
 */
export interface ListingPrimitives {
  /** The real path of the requested directory; throws `not-found` / `not-a-directory` like `readdir`. */
  directory(requested: string): Promise<{ absolute: string; real: string }>;
  /**
   * The entries of a checked directory. `filtered` is true when only some names will be reported
   * (the answer is used to find them, never shown whole).
   */
  entries(absolute: string, real: string, filtered: boolean): Promise<DirectoryEntry[]> | DirectoryEntry[];
  /**
   * Optional: the entries of a checked directory among `names` (those that exist), as `entries` with
   * `filtered` finds them, without listing the whole directory. Used for a search of one or two names.
   */
  lookup?(absolute: string, real: string, names: readonly string[]): DirectoryEntry[];
  /** Follow a symbolic link entry (contained): its kind and real path; throws what `stat` throws. */
  follow(absolute: string): Promise<{ kind: EntryKind; real: string } | undefined>;
  /** Size and modification time of a regular file (not read). */
  statFile(absolute: string, real: string): Promise<{ size: number; modifiedMs: number }>;
  /** Read a regular file, at most `maxBytes`: its bytes and its modification time. */
  read(absolute: string, real: string, maxBytes: number): Promise<ReadFileResult & { modifiedMs: number }>;
  /**
   * Optional: hold a checked directory open while it is listed whole, and read its regular files
   * through it (see {@link OpenedDirectory}). Without it, `entries` lists and `read` reads. With
   * `plan`, it is told which files will be read, so it can start on them as soon as they are listed.
   */
  openDirectory?(absolute: string, real: string, plan?: ReadPlan): OpenedDirectory;
  /**
   * Optional: read the regular files `names` (plain entry names, sorted) of checked directories, at
   * most `maxBytes` each, without listing them (a search reads the files its walk just listed), all
   * in one step. Per directory, its names' answers in order, or `undefined` to list it the usual
   * way; `undefined` for the whole call likewise. Each answer: the file's read (or a promise of it,
   * for a long one), `'absent'` when the directory has no such entry, or `undefined` when the entry
   * is anything else or could not be read plainly (a link, a directory, an error), which the listing
   * then looks up and describes the usual way.
   */
  readNames?(
    directories: ReadonlyArray<{ absolute: string; real: string; names: readonly string[] }>,
    maxBytes: number,
  ): Array<NamedReads | undefined> | Promise<Array<NamedReads | undefined>> | undefined;
}

/** One file read by {@link ListingPrimitives.readNames}: its bytes and time, or a promise of them. */
export type NamedRead =
  | (ReadFileResult & { modifiedMs: number })
  | Promise<ReadFileResult & { modifiedMs: number }>;

/** The answers of {@link ListingPrimitives.readNames} for one directory, one per name. */
export type NamedReads = ReadonlyArray<NamedRead | 'absent' | undefined>;

/**
 * A directory held open for its listing: its entries (what `entries` would give for a full listing),
 * and a read of each of its regular files through the open directory, which answers at once (no
 * promise) when it can. The listing calls `close` once every entry below it is described.
 */
export interface OpenedDirectory {
  /** The entries, sorted by code point (as `readdir` gives them). */
  entries: readonly DirectoryEntry[];
  /**
   * Read the regular file `name` (an entry of `entries`), as `read` does; its path (for errors) is
   * the directory's opened path and its name, made only when an error needs it.
   */
  read(
    name: string,
    maxBytes: number,
  ): (ReadFileResult & { modifiedMs: number }) | Promise<ReadFileResult & { modifiedMs: number }>;
  /**
   * Optional: the size and modification time of the regular file `name`, as `statFile` gives them,
   * through the open directory.
   */
  statFile?(
    name: string,
  ): { size: number; modifiedMs: number } | Promise<{ size: number; modifiedMs: number }>;
  close(): void;
}

/**
 * What a listing will do with the regular files of a directory it opens (see
 * {@link ListingPrimitives.openDirectory}): read those `wanted` (by name), at most `maxBytes` each,
 * and only describe the others; with `maxBytes` undefined, describe them all.
 */
export interface ReadPlan {
  maxBytes: number | undefined;
  wanted(name: string): boolean;
}

/**
 * The regular files of a directory held open whose reads come after its listing is answered (see
 * `readLater`): their entries, and their names at the same places (no object per file).
 */
interface UnreadFiles {
  entries: ListedEntry[];
  names: string[];
}

/** The deepest listing allowed, whatever a request asks (rule folders are walked to depth 8). */
const maximumDepth = 64;

/** A tree of wanted names: segment -> node. `wanted` marks a full requested path. */
interface NameNode {
  wanted: boolean;
  children: Map<string, NameNode>;
}

/**
 * Answer list requests (see {@link ListRequest}) with a workspace's primitives, one request after
 * the other. Every failure of one request or one entry is its outcome; nothing rejects for a path.
 * A directory that several requests search by name is read once for all of them: one batch is one
 * moment of the tree, and a search by name only finds names (every file it leads to is still read
 * on its own).
 */
export function listDirectoriesWith(
  primitives: ListingPrimitives,
  requests: readonly ListRequest[],
): Promise<Array<BatchOutcome<ListedDirectory>>> {
  return listEach(primitives, requests);
}

/** A listing answered ahead of some of its reads (see {@link listDirectoriesAheadWith}). */
export interface ListingAhead {
  outcomes: Array<BatchOutcome<ListedDirectory>>;
  /** The regular files whose reads were still under way when `outcomes` came. */
  reads: ReadsUnderWay;
}

/**
 * {@link listDirectoriesWith}, answered before the regular files of a directory held open (see
 * `openDirectory`) are read: their entries come with their path, kind and real path, and are filled
 * in place as their reads come in (see {@link ReadsUnderWay}), so the caller works on the first
 * files while the next are read. Everything else is as {@link listDirectoriesWith} answers it. The
 * caller waits for `reads.settled` before it is done (the directories stay open until then).
 */
export async function listDirectoriesAheadWith(
  primitives: ListingPrimitives,
  requests: readonly ListRequest[],
): Promise<ListingAhead> {
  const recorder = recordReadsUnderWay();
  try {
    const outcomes = await listEach(primitives, requests, recorder);
    return { outcomes, reads: recorder.reads };
  } catch (error) {
    // Nothing is left reading behind a listing that failed as a whole.
    await recorder.reads.settled;
    throw error;
  }
}

async function listEach(
  primitives: ListingPrimitives,
  requests: readonly ListRequest[],
  later?: ReadsUnderWayRecorder,
): Promise<Array<BatchOutcome<ListedDirectory>>> {
  const outcomes: Array<BatchOutcome<ListedDirectory>> = [];
  const searched = new Map<string, Promise<DirectoryEntry[]> | DirectoryEntry[]>();
  const once: ListingPrimitives = {
    ...primitives,
    entries(absolute, real, filtered) {
      if (!filtered) return primitives.entries(absolute, real, filtered);
      const key = `${absolute}\0${real}`;
      const known = searched.get(key);
      if (known !== undefined) return known;
      const entries = primitives.entries(absolute, real, filtered);
      searched.set(key, entries);
      // A failure is not kept: the next request meets it on its own.
      if (entries instanceof Promise) entries.catch(() => searched.delete(key));
      return entries;
    },
  };
  const read = await readNamedFiles(primitives, requests);
  for (const [index, request] of requests.entries()) {
    try {
      outcomes.push({ ok: true, value: await listOne(once, request, read.get(index), later) });
    } catch (error) {
      outcomes.push({ ok: false, error: asError(error) });
    }
  }
  return outcomes;
}

/** A directory whose named files were read before its request was answered (see `readNames`). */
interface NamedFilesRead {
  absolute: string;
  real: string;
  reads: NamedReads;
}

/**
 * The requests that only read plain names of one directory (no depth, no endings), sharing the
 * first one's `maxBytes`, read in one step by the workspace's `readNames`, by request index.
 * A request whose directory fails is left to its own listing, which says why.
 */
async function readNamedFiles(
  primitives: ListingPrimitives,
  requests: readonly ListRequest[],
): Promise<Map<number, NamedFilesRead>> {
  const read = new Map<number, NamedFilesRead>();
  if (primitives.readNames === undefined || primitives.lookup === undefined) return read;
  const chosen: number[] = [];
  const directories: Array<{ absolute: string; real: string; names: string[] }> = [];
  let maxBytes: number | undefined;
  for (const [index, request] of requests.entries()) {
    const { names, read: reading } = request;
    if (names === undefined || reading === undefined || reading.endings !== undefined) continue;
    if ((request.depth ?? 0) !== 0 || names.length === 0 || !names.every(isPlainName)) continue;
    if (maxBytes !== undefined && reading.maxBytes !== maxBytes) continue;
    let directory: { absolute: string; real: string };
    try {
      directory = await primitives.directory(request.path);
    } catch {
      continue;
    }
    maxBytes = reading.maxBytes;
    chosen.push(index);
    directories.push({ ...directory, names: [...new Set(names)].sort(compareCodePoints) });
  }
  if (maxBytes === undefined) return read;
  const answers = await primitives.readNames(directories, maxBytes);
  if (answers === undefined) return read;
  for (const [position, index] of chosen.entries()) {
    const reads = answers[position];
    if (reads !== undefined) read.set(index, { ...directories[position]!, reads });
  }
  return read;
}

/** One entry name: not empty, `.` or `..`, without `/` or NUL. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0');
}

/** Milliseconds a listing runs before it lets the event loop serve others (its primitives may be synchronous). */
const yieldEveryMs = 20;
/** Entries of one directory described between two readings of the clock (see `yieldEveryMs`). */
const entriesPerClockReading = 16;

async function listOne(
  primitives: ListingPrimitives,
  request: ListRequest,
  named?: NamedFilesRead,
  later?: ReadsUnderWayRecorder,
): Promise<ListedDirectory> {
  const { absolute, real } = named ?? (await primitives.directory(request.path));
  const yieldNow = eventLoopTurns(yieldEveryMs);
  const entries: ListedEntry[] = [];
  const visited = new Set<string>([real]);
  const maxBytes = request.read?.maxBytes;
  const endings = request.read?.endings;
  const skipped = new Set(request.skip ?? []);
  const wanted = (name: string) => {
    if (endings === undefined) return true;
    // A loop, not `some` with a callback: this runs once per entry of a big folder.
    for (let index = 0; index < endings.length; index += 1) if (name.endsWith(endings[index]!)) return true;
    return false;
  };
  const plan: ReadPlan = { maxBytes, wanted };

  const describe = async (childAbsolute: string, childReal: string, path: string, entry: DirectoryEntry) => {
    const listed: ListedEntry = {
      path,
      kind: 'other',
      symlink: entry.kind === 'symlink',
      realPath: childReal,
    };
    try {
      if (entry.kind === 'symlink') {
        const followed = await primitives.follow(childAbsolute);
        // A link to nothing: reported as a link of kind `other` with the `not-found` a read would give.
        if (followed === undefined) {
          listed.error = notFound(childAbsolute);
          return listed;
        }
        listed.kind = followed.kind;
        listed.realPath = followed.real;
      } else {
        listed.kind = entry.kind;
      }
      if (listed.kind !== 'file') return listed;
      if (maxBytes === undefined || !wanted(entry.name)) {
        Object.assign(listed, await primitives.statFile(childAbsolute, listed.realPath));
        return listed;
      }
      const { modifiedMs, ...contents } = await primitives.read(childAbsolute, listed.realPath, maxBytes);
      listed.size = contents.size;
      listed.modifiedMs = modifiedMs;
      listed.contents = contents;
    } catch (error) {
      listed.error = asError(error);
    }
    return listed;
  };

  /**
   * An entry of a directory held open, described at once when it can be: a directory, and a regular
   * file read through the open directory. A link, and a file only described, take `describe`.
   */
  const describeInOpened = (
    opened: OpenedDirectory,
    childAbsolute: string,
    childReal: string,
    path: string,
    entry: DirectoryEntry,
  ): ListedEntry | Promise<ListedEntry> => {
    const fileRead = entry.kind === 'file' && maxBytes !== undefined && wanted(entry.name);
    if (entry.kind === 'file' && !fileRead && opened.statFile !== undefined) {
      const listed: ListedEntry = { path, kind: 'file', symlink: false, realPath: childReal };
      const fill = (stat: { size: number; modifiedMs: number }) => {
        listed.size = stat.size;
        listed.modifiedMs = stat.modifiedMs;
        return listed;
      };
      const fail = (error: unknown) => {
        listed.error = asError(error);
        return listed;
      };
      try {
        const stat = opened.statFile(entry.name);
        return stat instanceof Promise ? stat.then(fill, fail) : fill(stat);
      } catch (error) {
        return fail(error);
      }
    }
    if (entry.kind === 'symlink' || (entry.kind === 'file' && !fileRead)) {
      return describe(childAbsolute, childReal, path, entry);
    }
    const listed: ListedEntry = { path, kind: entry.kind, symlink: false, realPath: childReal };
    if (!fileRead) return listed;
    const fill = (read: ReadFileResult & { modifiedMs: number }) => fillRead(listed, read);
    const fail = (error: unknown) => {
      listed.error = asError(error);
      return listed;
    };
    try {
      const read = opened.read(entry.name, maxBytes);
      return read instanceof Promise ? read.then(fill, fail) : fill(read);
    } catch (error) {
      return fail(error);
    }
  };

  /**
   * Read, in order, the files of a directory held open whose entries were answered ahead (see
   * {@link listDirectoriesAheadWith}), filling each in place; the callers waiting for them are woken
   * before each wait for more reads. Closes the directory at the end. Never rejects.
   */
  const readLater = async (
    recorder: ReadsUnderWayRecorder,
    opened: OpenedDirectory,
    files: UnreadFiles,
    bytes: number,
  ): Promise<void> => {
    try {
      const { entries: listedFiles, names } = files;
      for (let index = 0; index < listedFiles.length; index += 1) {
        const listed = listedFiles[index]!;
        const name = names[index]!;
        try {
          let read = opened.read(name, bytes);
          if (read instanceof Promise) {
            recorder.progressed();
            read = await read;
          }
          fillRead(listed, read);
        } catch (error) {
          listed.error = asError(error);
        }
      }
    } finally {
      try {
        opened.close();
      } catch {
        // A directory that cannot be closed has nothing more to tell: the reads stand.
      }
    }
  };

  const listBelow = async (
    directoryAbsolute: string,
    directoryReal: string,
    prefix: string,
    levels: number,
  ) => {
    if (levels <= 0) return;
    const opened = primitives.openDirectory?.(directoryAbsolute, directoryReal, plan);
    /** With `later`, the regular files to read after the listing is answered (see `readLater`). */
    const unread: UnreadFiles = { entries: [], names: [] };
    // Made once per directory: each entry's real path is then one string joined, not two.
    const realPrefix = directoryReal === '/' ? '/' : `${directoryReal}/`;
    try {
      // An opened directory's entries come sorted; the others are sorted here.
      const listing =
        opened?.entries ?? sorted(await primitives.entries(directoryAbsolute, directoryReal, false));
      for (let index = 0; index < listing.length; index += 1) {
        const entry = listing[index]!;
        // The clock is read every few entries: most cost microseconds.
        const pause = index % entriesPerClockReading === 0 ? yieldNow() : undefined;
        if (pause !== undefined) await pause;
        const childReal = realPrefix + entry.name;
        const path = prefix + entry.name;
        if (
          later !== undefined &&
          opened !== undefined &&
          entry.kind === 'file' &&
          maxBytes !== undefined &&
          wanted(entry.name)
        ) {
          // Its fields to come are there from the start (left undefined until its read ends): one
          // object per file, with no second one for the fields added later.
          const listed: ListedEntry = {
            path,
            kind: 'file',
            symlink: false,
            realPath: childReal,
            size: undefined,
            modifiedMs: undefined,
            contents: undefined,
          };
          unread.entries.push(listed);
          unread.names.push(entry.name);
          entries.push(listed);
          continue;
        }
        const childAbsolute = join(directoryAbsolute, entry.name);
        const described =
          opened === undefined
            ? describe(childAbsolute, childReal, path, entry)
            : describeInOpened(opened, childAbsolute, childReal, path, entry);
        const listed = described instanceof Promise ? await described : described;
        entries.push(listed);
        if (
          listed.kind === 'directory' &&
          levels > 1 &&
          !visited.has(listed.realPath) &&
          !skipped.has(entry.name)
        ) {
          visited.add(listed.realPath);
          await listBelow(childAbsolute, listed.realPath, `${listed.path}/`, levels - 1);
        }
      }
    } finally {
      if (opened !== undefined && later !== undefined && unread.entries.length > 0) {
        later.track(readLater(later, opened, unread, maxBytes ?? 0));
      } else {
        opened?.close();
      }
    }
  };

  const walkNames = async (
    directoryAbsolute: string,
    directoryReal: string,
    prefix: string,
    node: NameNode,
    reads?: NamedReads,
  ) => {
    const names = [...node.children.keys()].sort(compareCodePoints);
    // Many files to read here: hold the directory open and read them through it (one check of the
    // directory instead of one per file), as a whole listing does.
    const opened =
      reads === undefined &&
      maxBytes !== undefined &&
      primitives.openDirectory !== undefined &&
      wantedLeaves(node) >= openAtLeaves
        ? primitives.openDirectory(directoryAbsolute, directoryReal)
        : undefined;
    try {
      const present = new Map<string, DirectoryEntry>();
      let listing: readonly DirectoryEntry[];
      if (reads !== undefined) {
        // What was read is a regular file; the rest is looked up and described as usual.
        const others = names.filter((_, index) => reads[index] === undefined);
        listing = others.length === 0 ? [] : primitives.lookup!(directoryAbsolute, directoryReal, others);
        for (const [index, name] of names.entries()) {
          const read = reads[index];
          if (read !== undefined && read !== 'absent') present.set(name, { name, kind: 'file' });
        }
      } else {
        // One or two names (a file read with its touch) are looked up, not found in a whole listing:
        // a folder of 100,000 entries costs them no more than a small one.
        listing =
          opened?.entries ??
          (primitives.lookup !== undefined && node.children.size <= lookupAtMost
            ? primitives.lookup(directoryAbsolute, directoryReal, names)
            : await primitives.entries(directoryAbsolute, directoryReal, true));
      }
      for (const entry of listing) {
        if (node.children.has(entry.name)) present.set(entry.name, entry);
      }
      for (const [index, name] of names.entries()) {
        const entry = present.get(name);
        if (entry === undefined) continue;
        const child = node.children.get(name)!;
        const childAbsolute = join(directoryAbsolute, name);
        const childReal = join(directoryReal, name);
        const path = prefix + name;
        const read = reads?.[index];
        const described =
          read !== undefined && read !== 'absent'
            ? listedRead(read, path, childReal)
            : opened !== undefined && entry.kind === 'file' && child.children.size === 0
              ? describeInOpened(opened, childAbsolute, childReal, path, entry)
              : describe(childAbsolute, childReal, path, entry);
        const listed = described instanceof Promise ? await described : described;
        // The directories on the way to a named path are reported too (what is known of the way there).
        if (child.wanted || child.children.size > 0) entries.push(listed);
        if (listed.kind !== 'directory' || visited.has(listed.realPath)) continue;
        visited.add(listed.realPath);
        if (child.wanted) await listBelow(childAbsolute, listed.realPath, `${listed.path}/`, depth);
        if (child.children.size > 0)
          await walkNames(childAbsolute, listed.realPath, `${listed.path}/`, child);
      }
    } finally {
      opened?.close();
    }
  };

  const depth = Math.min(maximumDepth, Math.max(0, request.depth ?? (request.names ? 0 : 1)));
  if (request.names === undefined) await listBelow(absolute, real, '', depth);
  else await walkNames(absolute, real, '', nameTree(request.names), named?.reads);
  return { realPath: real, entries };
}

/** Fill `listed` with a read of its file. Built field by field: an object rest is a slow copy, and this runs once per file read. */
function fillRead(listed: ListedEntry, read: ReadFileResult & { modifiedMs: number }): ListedEntry {
  const contents: ReadFileResult = { bytes: read.bytes, size: read.size, truncated: read.truncated };
  if (read.start !== undefined) contents.start = read.start;
  listed.size = read.size;
  listed.modifiedMs = read.modifiedMs;
  listed.contents = contents;
  return listed;
}

/** The entry of a regular file read by name (see `readNames`), as a listing reports it. */
function listedRead(read: NamedRead, path: string, realPath: string): ListedEntry | Promise<ListedEntry> {
  const listed: ListedEntry = { path, kind: 'file', symlink: false, realPath };
  const fill = (done: ReadFileResult & { modifiedMs: number }) => {
    listed.size = done.size;
    listed.modifiedMs = done.modifiedMs;
    listed.contents = { bytes: done.bytes, size: done.size, truncated: done.truncated };
    return listed;
  };
  return read instanceof Promise
    ? read.then(fill, (error: unknown) => {
        listed.error = asError(error);
        return listed;
      })
    : fill(read);
}

/** Names searched in one directory at most that are looked up one by one (see `lookup`). */
const lookupAtMost = 2;

/** Names to read in one directory from which it is held open while they are read. */
const openAtLeaves = 2;

/** The names of `node` asked for themselves, with nothing asked below them. */
function wantedLeaves(node: NameNode): number {
  let count = 0;
  for (const child of node.children.values()) if (child.wanted && child.children.size === 0) count += 1;
  return count;
}

/** The requested names as a tree of segments; a name with `.`, `..` or an empty segment is ignored. */
function nameTree(names: readonly string[]): NameNode {
  const root: NameNode = { wanted: false, children: new Map() };
  for (const name of names) {
    const segments = name.split('/');
    if (
      segments.some(
        (segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\0'),
      )
    )
      continue;
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (child === undefined) {
        child = { wanted: false, children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.wanted = true;
  }
  return root;
}

/**
 * The primitives of any workspace, made of its single calls: `realpath` + `readdir` per directory,
 * `stat` + `realpath` per link, `stat` per file and `readFile` per file read.
 */
export function singleCallPrimitives(workspace: Workspace): ListingPrimitives {
  return {
    async directory(requested) {
      const absolute = workspace.resolve(requested);
      return { absolute, real: await workspace.realpath(requested) };
    },
    entries: (absolute) => workspace.readdir(absolute),
    async follow(absolute) {
      const stat = await workspace.stat(absolute);
      if (stat === undefined) return undefined;
      return { kind: stat.kind, real: await workspace.realpath(absolute) };
    },
    async statFile(absolute) {
      const stat = await workspace.stat(absolute);
      if (stat === undefined) throw notFound(absolute);
      return { size: stat.size, modifiedMs: stat.modifiedMs };
    },
    async read(absolute, _real, maxBytes) {
      const stat = await workspace.stat(absolute);
      const read = await workspace.readFile(absolute, { maxBytes });
      return { ...read, modifiedMs: stat?.modifiedMs ?? 0 };
    },
  };
}

function sorted(entries: readonly DirectoryEntry[]): DirectoryEntry[] {
  return [...entries].sort((left, right) => compareCodePoints(left.name, right.name));
}

function join(directory: string, name: string): string {
  return directory === '/' ? `/${name}` : `${directory}/${name}`;
}

function notFound(absolute: string): AgentContextError {
  return new AgentContextError(`No such file or directory: ${absolute}`, {
    code: 'not-found',
    path: absolute,
    reason: 'does not exist',
  });
}

/** Thrown values as errors (a workspace may throw anything). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
