import { eventLoopTurns } from '../shared/event-loop-turns.js';
import type {
  FileAnswers,
  FileReads,
  HoldingNeighbours,
  ParallelEntry,
} from '../workspace/parallel-entry-reads.js';
import { binaryProbeBytes } from '../workspace/read-text-file.js';
import type { TreeReading } from '../workspace/tree-reading.js';
import type { FoundLine, ReadFileResult } from '../workspace/workspace.js';
import type { WalkReport } from './walk-workspace-files.js';

/** What a search found in one file: its matching lines (`LABEL:LINE: text`), or why it was passed over. */
export interface FileMatches {
  path: string;
  lines: string[];
  skipped?: 'binary' | 'large' | 'unreadable';
}

/** What the walk had passed over at one moment: the counts of a {@link WalkReport}. */
export interface WalkedCounts {
  links: number;
  ignored: number;
  unlisted: number;
}

/** What {@link searchTree} is given. */
export interface TreeSearch {
  /** The walk's files, in runs, each file absolute (`walkWorkspaceFiles` through the reading). */
  walk: AsyncIterable<string[]>;
  /** Whether the search takes a file of the walk (the glob); default every file. */
  takes?: (path: string) => boolean;
  /** The walk's report, as the walk fills it (read for the counts where the search stops). */
  report: WalkReport;
  /** Keep a file's matches, in walk order; the search stops once {@link stopped} says so. */
  keep(matches: FileMatches): void;
  /** True once a kept file's line found no room (the tool's match cap). */
  stopped(): boolean;
  /** Matching lines a file may still give: the cap, less the lines kept, plus one (to know the cap was passed). */
  room(): number;
  /** Matching lines a file searched ahead of the others' keeping may give: the cap plus one. */
  fullRoom: number;
  /** Read `path` through the reading, here, and search it with `room`; a failed read is `unreadable`. */
  searchHere(path: string, room: number): FileMatches;
  /** Search a file read elsewhere with {@link fullRoom} (the caller keeps only what fits). */
  searchRead(path: string, read: ReadFileResult): FileMatches;
  /**
   * Search the lines of a file read elsewhere that hold `holding` (as its search would find them),
   * with {@link fullRoom}.
   */
  searchLines(path: string, lines: readonly FoundLine[]): FileMatches;
  /** Whether a file with a NUL byte early was written as text by this session (then searched all the same). */
  writtenAsText(path: string): boolean;
  /** Files larger than this are passed over as `large`. */
  maxFileBytes: number;
  /** Bytes every matching line holds (the pattern's literal), when it has them. */
  holding: Uint8Array | undefined;
  /** The bytes allowed next to a place of `holding` that can be a match's (see `HoldingNeighbours`). */
  holdingNeighbours: HoldingNeighbours | undefined;
}

/**
 * Taken files per chunk: the unit of the work given to the read worker, and of the stop. A search
 * that stops at the cap walks on, unread, to the end of the stop's chunk, and its closing line counts
 * what the walk had passed over there, so the counts do not depend on how far ahead it had walked.
 * The batched search (`search_files` on any other workspace) reads 128 files at a time, stops at the
 * same place and counts the same.
 */
export const chunkFiles = 128;
/** Chunks given to the read worker and not answered yet, at most; past it, this thread reads the next chunk itself. */
const chunksElsewhereAtMost = 2;
/** Chunks searched and not yet kept, at most (the oldest waits for its answers); bounds what is held. */
const chunksHeldAtMost = 8;
/** Bytes of a file the read worker reads at most; a larger one is read here, whole. */
const readElsewhereBytes = 256 * 1024;
/** Milliseconds this thread reads and searches before it lets the event loop serve others. */
const yieldEveryMs = 10;

/** What a file without a matching line, not passed over, gives: one answer for all (its path is never read). */
const nothingFound: FileMatches = { path: '', lines: [] };

/** Files of one directory, consecutive in a chunk: their names (as the worker is asked) and paths. */
interface FileGroup {
  directory: string;
  names: string[];
  paths: string[];
}

/** 128 taken files of the walk, searched here or read by the worker. */
interface Chunk {
  /** The files, when the worker reads them (until its answers come). */
  files?: string[];
  /** `files` by directory, as the worker was asked for them (set when the chunk is sent). */
  groups?: FileGroup[];
  /** The worker's reads of `files`, once the chunk is full. */
  reads?: FileReads;
  /** True once `matches` holds every file searched so far (always, for a chunk searched here). */
  answered: boolean;
  matches: FileMatches[];
  /** Matches kept so far. */
  kept: number;
  /** What the walk had passed over when the chunk closed (its last file taken, or the walk's end). */
  walked?: WalkedCounts;
}

/**
 * Search the files of a tree reading's walk, in walk order, each file read once: synchronously here,
 * or, when the reading offers a worker thread (`TreeReading.readElsewhere`: a second core),
 * 128 files at a time by the worker while this thread walks on and searches the next chunks itself.
 * The worker reads whole files of up to 256 KiB and keeps only those that are not binary and hold
 * the pattern's literal at a place whose ASCII neighbours the pattern allows, and answers only the
 * lines that hold it; this thread searches what it keeps and reads here anything it could not
 * answer plainly, so every file is decided as a read here would decide it. The matches are kept in
 * walk order whatever answered first, so the output is the same either way. Returns the walk's counts
 * at the end of the chunk where the search stopped (see {@link chunkFiles}), `undefined` when it
 * did not stop.
 */
export async function searchTree(tree: TreeReading, search: TreeSearch): Promise<WalkedCounts | undefined> {
  const { report } = search;
  const chunks: Chunk[] = [];
  /** Whether chunks are offered to the worker (until the reading refuses one). */
  let elsewhere = tree.readElsewhere !== undefined;
  let stoppedIn: Chunk | undefined;
  let taken = 0;
  const options = {
    maxBytes: Math.min(readElsewhereBytes, search.maxFileBytes),
    binaryProbeBytes,
    ...(search.holding === undefined ? {} : { holding: search.holding }),
    ...(search.holdingNeighbours === undefined ? {} : { holdingNeighbours: search.holdingNeighbours }),
    // Only the lines that can match come back: the worker finds them, this thread decides them.
    holdingLines: search.holding !== undefined,
  };
  const counts = (): WalkedCounts => ({
    links: report.links,
    ignored: report.ignored,
    unlisted: report.unlisted.length,
  });

  /** A file the worker answered, decided as a read here would decide it. */
  const searchAnswered = (path: string, entry: ParallelEntry | undefined): FileMatches => {
    if (entry === undefined) return search.searchHere(path, search.fullRoom);
    if (entry.notKept === 'lacking') return nothingFound;
    if (entry.notKept === 'binary') {
      return search.writtenAsText(path)
        ? search.searchHere(path, search.fullRoom)
        : { path, lines: [], skipped: 'binary' };
    }
    if (entry.lines !== undefined) return search.searchLines(path, entry.lines);
    if (entry.bytes === undefined) {
      // Larger than the worker reads: passed over, or read here whole.
      return entry.size > search.maxFileBytes
        ? { path, lines: [], skipped: 'large' }
        : search.searchHere(path, search.fullRoom);
    }
    const read = { bytes: entry.bytes, size: entry.size, truncated: entry.size > entry.bytes.byteLength };
    return search.searchRead(path, read);
  };

  /** The chunk's files by directory, in runs, as the worker is asked for them. */
  const groupsOf = (files: readonly string[]): FileGroup[] => {
    const groups: FileGroup[] = [];
    for (const path of files) {
      const slash = path.lastIndexOf('/');
      const directory = slash === 0 ? '/' : path.slice(0, slash);
      const name = path.slice(slash + 1);
      const last = groups[groups.length - 1];
      if (last?.directory === directory) {
        last.names.push(name);
        last.paths.push(path);
      } else {
        groups.push({ directory, names: [name], paths: [path] });
      }
    }
    return groups;
  };
  /** The worker's answers searched, group by group, in the chunk's order. */
  const searchAnswers = (groups: readonly FileGroup[], answers: FileAnswers): FileMatches[] => {
    const matches: FileMatches[] = [];
    for (const [group, { paths }] of groups.entries()) {
      for (const [index, path] of paths.entries())
        matches.push(searchAnswered(path, answers[group]?.[index]));
    }
    return matches;
  };

  /** Search a chunk the worker answered. */
  const answered = (chunk: Chunk, answers: FileAnswers) => {
    chunk.matches = searchAnswers(chunk.groups!, answers);
    chunk.files = undefined;
    chunk.groups = undefined;
    chunk.answered = true;
  };
  /** Keep what is ready, oldest chunk first, up to a chunk whose answers have not come. */
  const keepReady = () => {
    while (chunks.length > 0 && stoppedIn === undefined) {
      const chunk = chunks[0]!;
      if (!chunk.answered) {
        const answers = chunk.reads?.take();
        if (answers === undefined) return;
        answered(chunk, answers);
      }
      while (chunk.kept < chunk.matches.length) {
        search.keep(chunk.matches[chunk.kept++]!);
        if (search.stopped()) {
          stoppedIn = chunk;
          return;
        }
      }
      if (chunk.walked === undefined) return; // still filling
      chunks.shift();
    }
  };
  /** Wait for the oldest chunk's answers, then keep what is ready. */
  const awaitOldest = async () => {
    const oldest = chunks[0];
    if (oldest !== undefined && !oldest.answered && oldest.reads !== undefined) {
      const answers = await oldest.reads.answer;
      if (!oldest.answered) answered(oldest, answers);
    }
    keepReady();
  };
  /** Close the newest chunk: it holds 128 files, or the walk ended. A worker's chunk is sent now. */
  const close = (chunk: Chunk) => {
    chunk.walked = counts();
    if (chunk.files === undefined) return keepReady();
    chunk.groups = groupsOf(chunk.files);
    chunk.reads = tree.readElsewhere?.(chunk.groups, options);
    if (chunk.reads === undefined) {
      // No worker can take it now (one core only, none started yet): searched here, as the next ones.
      elsewhere = false;
      chunk.matches = chunk.files.map((path) => search.searchHere(path, search.fullRoom));
      chunk.files = undefined;
      chunk.groups = undefined;
      chunk.answered = true;
    }
    keepReady();
  };
  /** A new chunk: for the worker when it has fewer than two unanswered and offers to read, else here. */
  const open = async (): Promise<Chunk> => {
    while (chunks.length >= chunksHeldAtMost && stoppedIn === undefined) await awaitOldest();
    keepReady();
    const unanswered = chunks.reduce((count, chunk) => count + (chunk.answered ? 0 : 1), 0);
    const chunk: Chunk =
      elsewhere && stoppedIn === undefined && unanswered < chunksElsewhereAtMost
        ? { files: [], answered: false, matches: [], kept: 0 }
        : { answered: true, matches: [], kept: 0 };
    chunks.push(chunk);
    return chunk;
  };

  const yieldNow = eventLoopTurns(yieldEveryMs);
  let chunk: Chunk | undefined;
  walk: for await (const paths of search.walk) {
    for (const path of paths) {
      if (search.takes !== undefined && !search.takes(path)) continue;
      taken += 1;
      chunk ??= await open();
      if (stoppedIn !== undefined) {
        // Stopped: the walk goes on, unread, to the end of the stop's chunk.
      } else if (chunk.files !== undefined) {
        chunk.files.push(path);
      } else {
        const pause = yieldNow();
        if (pause !== undefined) await pause;
        // The oldest chunk not kept: its room is what is left; a later one searches all it may need.
        const room = chunks[0] === chunk ? search.room() : search.fullRoom;
        chunk.matches.push(search.searchHere(path, room));
        keepReady();
      }
      if (taken % chunkFiles === 0) {
        close(chunk);
        chunk = undefined;
      }
      if (stoppedIn?.walked !== undefined) break walk;
    }
  }
  if (chunk !== undefined && stoppedIn === undefined) close(chunk);
  while (chunks.length > 0 && stoppedIn === undefined) await awaitOldest();
  // Reads given to the worker past the stop are let finish (their files closed), unread.
  await Promise.all(chunks.map((unkept) => unkept.reads?.answer));
  return stoppedIn?.walked;
}
