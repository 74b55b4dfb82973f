import { availableParallelism, loadavg } from 'node:os';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { FoundLine } from './workspace.js';

/**
 * What a worker found of one entry of a directory held open: its size and modification time, and
 * with a read its first bytes. `undefined` when the worker could not answer it plainly (an error, not
 * a regular file, a hard link to refuse): the caller then asks on its own thread, which says why.
 */
export interface ParallelEntry {
  size: number;
  modifiedMs: number;
  bytes?: Buffer;
  /**
   * Read whole and not kept (no `bytes`), with the options of {@link readFilesInParallel} that ask
   * for it: `'binary'`, a NUL byte in its first `binaryProbeBytes`; `'lacking'`, it does not hold
   * the bytes `holding`.
   */
  notKept?: 'binary' | 'lacking';
  /**
   * With `holdingLines`, for a file kept: only its lines that hold the bytes `holding` (at a place
   * the neighbours allow), in order, each with its 1-based number and its bytes without the `\n`;
   * `bytes` is then unset.
   */
  lines?: FoundLine[];
}

/** Entries of one directory answered by the workers, by name, as their answers come. */
export interface ParallelEntries {
  /** The entry's answer, at once when it came, else when its part comes; `undefined` as above. */
  get(name: string): ParallelEntry | undefined | Promise<ParallelEntry | undefined>;
  /** Resolves once no worker reads through the directory any more (close it then, not before). */
  readonly settled: Promise<void>;
}

/** Options of {@link readEntriesInParallel}. */
export interface ParallelReadOptions {
  /** Read at most this many bytes of each file; `undefined`: only its size and time. */
  maxBytes: number | undefined;
  /** Leave to the caller a file with more than one hard link (it refuses them). */
  refuseHardLinks: boolean;
}

/**
 * Reads one entry on the caller's own thread, synchronously, as the worker would (`undefined`: left
 * to the caller, as a worker's `undefined` is). With it, {@link readEntriesInParallel} lets the caller
 * read the parts the worker has not begun, instead of waiting for them.
 */
export type ReadEntryHere = (name: string) => ParallelEntry | undefined;

/** Names sent to a worker at once: few messages, and the first answers early. */
const namesPerPart = 2048;
/** Workers at most, whatever the machine. */
const maximumWorkers = 4;

/**
 * Ask the workers about `names`, entries of the directory held open as `directoryDescriptor` (this
 * process's descriptor: the workers open `/proc/self/fd/DESCRIPTOR/NAME`, so a directory swapped
 * after it was opened is not followed, as `openEntrySync` does). The worker opens without following
 * a link and without blocking, checks that it opened a regular file, reads it (or only `fstat`s it)
 * and closes it, while this thread goes on. Every part of one directory goes to one worker (the next
 * in turn for the next directory): measured on two cores, reads in one directory take as long on two
 * workers as on one, and the second competes with this thread for a core. Only for Linux's
 * descriptor paths.
 *
 * With `readHere`, this thread does not wait for a part the worker has not answered: it reads that
 * part itself when the worker has not begun it, else, while the worker reads it, the parts the worker
 * has not begun, from the last back, each through `readHere` (the worker skips a part taken so).
 * Measured on two cores with 100,000 files: where the kernel's work on one directory spreads over
 * the cores, the listing that reads them took 10% to 15% less time; where it does not, no less, at
 * about 10% more processor time.
 */
export function readEntriesInParallel(
  directoryDescriptor: number,
  names: readonly string[],
  options: ParallelReadOptions,
  readHere?: ReadEntryHere,
): ParallelEntries {
  const pool = workerPool();
  const worker = pool.next();
  const partCount = Math.ceil(names.length / namesPerPart);
  // Who reads each part, shared with the worker: 0 no one yet, 1 the worker, 2 this thread.
  const claims = readHere === undefined ? undefined : new Int32Array(new SharedArrayBuffer(4 * partCount));
  const asked: Asked[] = [];
  const parts: Array<Promise<PartAnswer | undefined>> = [];
  for (let part = 0; part < partCount; part += 1) {
    const start = part * namesPerPart;
    const request = { directoryDescriptor, names: names.slice(start, start + namesPerPart), ...options };
    const question = pool.ask(claims === undefined ? request : { ...request, claims, part }, worker);
    asked.push(question);
    parts.push(
      question.answer.then(
        (answer) => answer,
        () => undefined,
      ),
    );
  }
  const answered: Array<PartAnswer | null | undefined> = [];
  for (const [index, part] of parts.entries()) {
    void part.then((answer) => {
      answered[index] = answer ?? null;
    });
  }
  /** Per part read on this thread, its entries in order. */
  const readHereByPart: Array<Array<ParallelEntry | undefined> | undefined> = [];
  const claimAndRead = (part: number): boolean => {
    if (Atomics.compareExchange(claims!, part, 0, 2) !== 0) return false;
    const entries: Array<ParallelEntry | undefined> = [];
    const end = Math.min(names.length, (part + 1) * namesPerPart);
    for (let index = part * namesPerPart; index < end; index += 1) entries.push(readHere!(names[index]!));
    readHereByPart[part] = entries;
    return true;
  };
  /** The next part this thread may take from the end: the worker reads from the start. */
  let lastUnclaimed = partCount - 1;
  /**
   * The entry at `index` without waiting, when its part is answered or can be read here: the part
   * itself when the worker has not begun it, else, while it reads that part, the parts it has not
   * begun from the last back (this thread would only wait meanwhile). `false` when it must wait.
   */
  const entryWithoutWaiting = (index: number, part: number): ParallelEntry | undefined | false => {
    if (claims === undefined) return false;
    if (claimAndRead(part)) return readHereByPart[part]![index % namesPerPart];
    while (lastUnclaimed > part) {
      const taken = claimAndRead(lastUnclaimed);
      lastUnclaimed -= 1;
      // The worker reads its parts in order: one it has begun means it has begun every earlier one.
      if (!taken) break;
      const answer = asked[part]!.take();
      if (answer !== undefined) return entryOf(index, answer === 'failed' ? null : answer);
    }
    return false;
  };
  const entryOf = (index: number, answer: PartAnswer | null | undefined): ParallelEntry | undefined => {
    const part = Math.floor(index / namesPerPart);
    const mine = readHereByPart[part];
    if (mine !== undefined) return mine[index % namesPerPart];
    if (answer == null) return undefined;
    const at = (index % namesPerPart) * 4;
    const status = answer.facts[at];
    if (status !== 1 && status !== 2) return undefined;
    const size = answer.facts[at + 1]!;
    const modifiedMs = answer.facts[at + 2]!;
    // Made whole at once (a field added afterwards would cost each entry a second object).
    return status === 2 ? { size, modifiedMs, bytes: bytesOf(answer, at) } : { size, modifiedMs };
  };
  // Entries are asked for in the order given, mostly: a cursor finds them without a map of names.
  let cursor = 0;
  let positions: Map<string, number> | undefined;
  const indexOf = (name: string): number | undefined => {
    if (names[cursor] === name) return cursor++;
    positions ??= new Map(names.map((known, index) => [known, index]));
    return positions.get(name);
  };
  return {
    get(name) {
      const index = indexOf(name);
      if (index === undefined) return undefined;
      const part = Math.floor(index / namesPerPart);
      const known = answered[part];
      if (known !== undefined || readHereByPart[part] !== undefined) return entryOf(index, known);
      const here = entryWithoutWaiting(index, part);
      if (here !== false) return here;
      return parts[part]!.then((answer) => entryOf(index, answer));
    },
    settled: Promise.all(parts).then(() => undefined),
  };
}

/** Options of {@link readFilesInParallel}. */
export interface FileReadOptions {
  /** The containment root: a directory is read through only when its descriptor's path is inside it. */
  realRoot: string;
  /** Bytes of each file read at most. */
  maxBytes: number;
  /** Leave to the caller a file with more than one hard link (it refuses them). */
  refuseHardLinks: boolean;
  /** A file larger than `maxBytes` is not read, only described (its size, no `bytes`). Default false. */
  wholeOnly?: boolean;
  /**
   * A file read whole with a NUL byte in its first this-many bytes is not kept (`notKept:
   * 'binary'`). Default: every file is kept.
   */
  binaryProbeBytes?: number;
  /** A file read whole whose bytes do not hold these is not kept (`notKept: 'lacking'`). */
  holding?: Uint8Array;
  /** With `holding`: the bytes allowed next to a place of it, or that place does not count (see {@link HoldingNeighbours}). */
  holdingNeighbours?: HoldingNeighbours;
  /** With `holding`: answer a kept file's lines that hold it, not its bytes (see {@link ParallelEntry.lines}). */
  holdingLines?: boolean;
}

/**
 * The bytes allowed right before and right after a place of the bytes a file must hold, each a table
 * of the 128 ASCII bytes (1: allowed; `undefined`: anything, a line's edge included). A line's edge
 * (a `\n`, the file's start or end) is not allowed; a byte from 128 up always is (it may begin or end
 * a character the test allows).
 */
export interface HoldingNeighbours {
  before: Uint8Array | undefined;
  after: Uint8Array | undefined;
}

/**
 * Per directory, in order: `undefined` when it could not be opened, else per name what the worker
 * found, or `undefined` for what it could not answer plainly.
 */
export type FileAnswers = Array<Array<ParallelEntry | undefined> | undefined>;

/** Reads of {@link startFileReads} under way on the worker. */
export interface FileReads {
  /**
   * The answers if they have come, else `undefined`: looked for at once, on this thread, without
   * waiting for the event loop to deliver them (a caller busy with its own work finds them early).
   */
  take(): FileAnswers | undefined;
  /** The answers once they come. Never rejects: a worker gone answers `undefined` for every directory. */
  readonly answer: Promise<FileAnswers>;
}

/**
 * Read the regular files `names` of each directory, given by its checked real path, at most
 * `maxBytes` each, in one request to one worker, while this thread goes on. The worker opens each
 * directory as `openVerifiedFileSync` does (no link followed, never blocking, a directory only, its
 * descriptor's own path inside `realRoot`, so a directory swapped for a link since its check is not
 * read through) and each file through it, as {@link readEntriesInParallel} does. Per directory, in
 * order: `undefined` when it could not be opened so, else per name what the worker found, or
 * `undefined` for what it could not answer plainly (missing, not a regular file, an error, a hard
 * link to refuse). Never rejects: a worker gone answers `undefined` for every directory.
 */
export function readFilesInParallel(
  directories: ReadonlyArray<{ real: string; names: readonly string[] }>,
  options: FileReadOptions,
): Promise<FileAnswers> {
  return startFileReads(directories, options).answer;
}

/**
 * {@link readFilesInParallel}'s reads, started, with a way to look for their answers at once
 * ({@link FileReads.take}). Always the same worker: the caller goes on with its own work on the
 * other core meanwhile.
 */
export function startFileReads(
  directories: ReadonlyArray<{ real: string; names: readonly string[] }>,
  options: FileReadOptions,
): FileReads {
  const names = directories.flatMap((directory) => directory.names);
  const asked = workerPool().ask(
    {
      directories: directories.map((directory) => directory.real),
      counts: directories.map((directory) => directory.names.length),
      names,
      ...options,
    },
    0,
  );
  let answers: FileAnswers | undefined;
  const answersOf = (answer: PartAnswer | undefined): FileAnswers => {
    answers ??= fileAnswersOf(directories, answer as (PartAnswer & { failed: Uint8Array }) | undefined);
    return answers;
  };
  return {
    take() {
      if (answers !== undefined) return answers;
      const answer = asked.take();
      return answer === undefined ? undefined : answersOf(answer === 'failed' ? undefined : answer);
    },
    answer: asked.answer.then(answersOf, () => answersOf(undefined)),
  };
}

/** The answers of a worker to {@link startFileReads}'s request (`undefined`: the worker is gone). */
function fileAnswersOf(
  directories: ReadonlyArray<{ names: readonly string[] }>,
  answer: (PartAnswer & { failed: Uint8Array }) | undefined,
): FileAnswers {
  let index = 0;
  let offset = 0;
  let lineCursor = 0;
  return directories.map((directory, position) => {
    if (answer === undefined || answer.failed[position] === 1) {
      index += directory.names.length;
      return undefined;
    }
    return directory.names.map(() => {
      const at = index++ * 4;
      const status = answer.facts[at];
      const size = answer.facts[at + 1]!;
      const modifiedMs = answer.facts[at + 2]!;
      // One object per entry, every field present: one shape, nothing copied.
      if (status === 1) return { size, modifiedMs, bytes: undefined, notKept: undefined, lines: undefined };
      if (status === 3) return { size, modifiedMs, bytes: undefined, notKept: 'binary', lines: undefined };
      if (status === 4) return { size, modifiedMs, bytes: undefined, notKept: 'lacking', lines: undefined };
      if (status !== 2) return undefined;
      const length = answer.facts[at + 3]!;
      const { lineFacts } = answer;
      let entry: ParallelEntry;
      if (lineFacts === undefined) {
        entry = {
          size,
          modifiedMs,
          bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset + offset, length),
          notKept: undefined,
          lines: undefined,
        };
      } else {
        // Per kept file: the count of its lines, then each line's number and length.
        const lines: FoundLine[] = [];
        let lineOffset = offset;
        for (let count = lineFacts[lineCursor++]!; count > 0; count -= 1) {
          const number = lineFacts[lineCursor++]!;
          const lineLength = lineFacts[lineCursor++]!;
          lines.push({
            number,
            bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset + lineOffset, lineLength),
          });
          lineOffset += lineLength;
        }
        entry = { size, modifiedMs, bytes: undefined, notKept: undefined, lines };
      }
      offset += length;
      return entry;
    });
  });
}

/**
 * True once the first read worker has started: a caller with a few files to read can read them on
 * its own thread meanwhile rather than wait for one to start. Asking starts it (an idle worker never
 * keeps the process alive); the others start when a directory is first given to them. False where
 * no worker can start (a permission model without `--allow-worker`): the caller reads on its own
 * thread.
 */
export function parallelReadersReady(): boolean {
  try {
    return workerPool().ready();
  } catch {
    return false;
  }
}

/**
 * True when the machine likely has a core to spare for a read worker: the one-minute load average
 * is below the number of cores. Measured on two cores, a worker reading a search's files cuts the
 * caller's own processor time by a third or more, and when the load is above the cores costs more
 * than it saves (15% to 40% more processor time in all, no time gained: the threads take turns on
 * the busy cores, and each hand-over waits). Asked at most once a second.
 */
export function spareCoreLikely(): boolean {
  if (spareCoreOverride !== undefined) return spareCoreOverride;
  const now = Date.now();
  if (now - loadCheckedAt >= 1_000) {
    loadCheckedAt = now;
    spareCore = loadavg()[0]! < availableParallelism();
  }
  return spareCore;
}

/**
 * True when the machine has a second core for a read worker, whatever its load: for work this thread
 * shares with the worker chunk by chunk, doing itself whatever the worker has not taken yet (a
 * search's reads), so a worker slowed by other work costs little. Measured on two cores with two
 * busy processes besides: a search split so took 160 ms (middle of 15) where one thread took 210 ms.
 * Answers as {@link overrideSpareCore} says when it is set.
 */
export function secondCoreExists(): boolean {
  if (spareCoreOverride !== undefined) return spareCoreOverride;
  return availableParallelism() > 1;
}

let loadCheckedAt = Number.NEGATIVE_INFINITY;
let spareCore = false;
let spareCoreOverride: boolean | undefined;

/**
 * For tests: {@link spareCoreLikely} and {@link secondCoreExists} answer `value` whatever the load
 * and the cores (`undefined`: as the machine says again).
 */
export function overrideSpareCore(value: boolean | undefined): void {
  spareCoreOverride = value;
}

/** A worker's answer to one part: per name, `[status, size, modifiedMs, length]` and the bytes read. */
interface PartAnswer {
  facts: Float64Array;
  bytes: Uint8Array;
  /** With `holdingLines`: per kept file, its count of lines, then each line's number and length. */
  lineFacts?: Float64Array;
}

/** Where each read file starts in its part's bytes (the read files are in order), per part. */
const startsOfPart = new WeakMap<PartAnswer, Float64Array>();

/** The bytes of the entry whose facts start at `at` in its part. */
function bytesOf(answer: PartAnswer, at: number): Buffer {
  let starts = startsOfPart.get(answer);
  if (starts === undefined) {
    starts = new Float64Array(answer.facts.length / 4);
    let offset = 0;
    for (let index = 0; index < starts.length; index += 1) {
      starts[index] = offset;
      if (answer.facts[index * 4] === 2) offset += answer.facts[index * 4 + 3]!;
    }
    startsOfPart.set(answer, starts);
  }
  return Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset + starts[at / 4]!, answer.facts[at + 3]!);
}

/**
 * One request to a worker: every name in one directory held open, or runs of names (`counts`) in
 * directories it opens itself by real path (`directories`, inside `realRoot`).
 */
type PartRequest = ParallelReadOptions & { names: readonly string[] } & (
    | {
        directoryDescriptor: number;
        /** Who reads each part (see {@link readEntriesInParallel}): the worker skips one the caller took. */
        claims?: Int32Array;
        /** This part's place in `claims`. */
        part?: number;
      }
    | ({ directories: readonly string[]; counts: readonly number[] } & FileReadOptions)
  );

/** A request asked of a worker: its answer, looked for at once or awaited. */
interface Asked {
  /** The answer if it has come (`'failed'`: the worker is gone), else `undefined`; looks at once. */
  take(): PartAnswer | 'failed' | undefined;
  /** The answer once it comes; rejects when the worker is gone. */
  readonly answer: Promise<PartAnswer>;
}

/** The workers, started at the first use, left to the process (they do not keep it alive). */
let pool: ReturnType<typeof startPool> | undefined;

function workerPool() {
  pool ??= startPool(Math.max(1, Math.min(maximumWorkers, availableParallelism())));
  return pool;
}

function startPool(size: number) {
  interface Waiting {
    resolve: (answer: PartAnswer) => void;
    reject: (error: Error) => void;
    /** The answer or the failure, once known (what `take` returns). */
    settled?: PartAnswer | 'failed';
  }
  interface Started {
    worker: Worker;
    /** Where the worker answers: read by its listener, or at once by `take` (`receiveMessageOnPort`). */
    answers: MessagePort;
    pending: Map<number, Waiting>;
    online: boolean;
  }
  const workers: Started[] = [];
  let nextId = 0;
  let nextWorker = 0;
  const start = (): Started => {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { answers: port2 },
      transferList: [port2],
    });
    const started: Started = { worker, answers: port1, pending: new Map(), online: false };
    worker.once('online', () => {
      started.online = true;
    });
    port1.on('message', (message: { id: number } & PartAnswer) => settle(started, message));
    // The port never keeps the process alive; the worker does while it has a part to answer.
    port1.unref();
    const fail = (error: Error) => {
      // A worker gone: its parts are answered on the caller's thread, and the next use starts another.
      const index = workers.indexOf(started);
      if (index !== -1) workers.splice(index, 1);
      for (const waiting of started.pending.values()) {
        waiting.settled = 'failed';
        waiting.reject(error);
      }
      started.pending.clear();
      port1.close();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the read worker stopped')));
    // After the listeners (adding one takes a reference again): an idle worker never keeps the
    // process alive; one with a part to answer does, as any pending read would.
    worker.unref();
    return started;
  };
  const settle = (started: Started, message: { id: number } & PartAnswer) => {
    const waiting = started.pending.get(message.id);
    started.pending.delete(message.id);
    if (started.pending.size === 0) started.worker.unref();
    if (waiting === undefined) return;
    waiting.settled = message;
    waiting.resolve(message);
  };
  /** Start workers up to `count` (at most `size`): a worker is started when first asked for, not before. */
  const startUpTo = (count: number) => {
    while (workers.length < Math.min(count, size)) workers.push(start());
  };
  return {
    /** Whether the first worker runs (starting it if need be). */
    ready(): boolean {
      startUpTo(1);
      return workers.some((started) => started.online);
    },
    /** The position of the next worker in turn, for {@link ask}. */
    next(): number {
      const position = nextWorker++ % size;
      startUpTo(position + 1);
      return Math.min(position, workers.length - 1);
    },
    /**
     * Ask the worker at `position` (0: always the first, one core for it and one for the caller);
     * one gone since is replaced by the first.
     */
    ask(request: PartRequest, position: number): Asked {
      startUpTo(position + 1);
      const chosen = workers[position] ?? workers[0]!;
      const id = nextId++;
      let waiting!: Waiting;
      const answer = new Promise<PartAnswer>((resolve, reject) => {
        waiting = { resolve, reject };
      });
      if (chosen.pending.size === 0) chosen.worker.ref();
      chosen.pending.set(id, waiting);
      chosen.worker.postMessage({ id, ...request });
      return {
        answer,
        take() {
          if (waiting.settled !== undefined) return waiting.settled;
          // Answers that came and wait for the event loop to deliver them are read now, in order.
          while (waiting.settled === undefined) {
            const received = receiveMessageOnPort(chosen.answers);
            if (received === undefined) break;
            settle(chosen, received.message as { id: number } & PartAnswer);
          }
          return waiting.settled;
        },
      };
    },
  };
}

/**
 * The worker: for each name, open through the directory's descriptor (no link followed, never
 * blocking), `fstat`, keep it only if it is a regular file (and not hard-linked when refused), read
 * it, close it; one only described is `lstat`ed. Status 1: described, 2: read, 3: read whole and
 * binary, 4: read whole and lacking the bytes asked for at a place their neighbours allow (3 and 4
 * not kept), 0: left to the caller. With holdingLines, a kept file's lines that hold those bytes are
 * kept instead of its bytes.
 * A file larger than the bytes to read is only described when the request reads whole files only.
 * Directories given by real path are opened here the way `openVerifiedFileSync` opens them (no link
 * followed, never blocking, a directory only, the descriptor's own path inside `realRoot`), or
 * marked failed. The bytes read go one after the other into one buffer, grown as needed. A part
 * whose `claims` say the caller took it is skipped (answered empty); one it begins is claimed first.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const answers = workerData.answers;
const { openSync, fstatSync, lstatSync, readSync, closeSync, readlinkSync, constants } = require('node:fs');
const flags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
const directoryFlags = flags | constants.O_DIRECTORY;
const inside = (root, path) => path === root || path.startsWith(root.endsWith('/') ? root : root + '/');
/** Open a directory by its real path, proven inside the root by its descriptor's path; -1 if not. */
const openDirectory = (real, realRoot) => {
  let descriptor = -1;
  try {
    descriptor = openSync(real, directoryFlags);
    if (inside(realRoot, readlinkSync('/proc/self/fd/' + descriptor))) return descriptor;
  } catch {}
  if (descriptor !== -1) closeSync(descriptor);
  return -1;
};
/**
 * The places of the needle in bytes[start, end) whose neighbours the tables allow, as the lines that
 * hold one: calls found(lineNumber, lineStart, lineEnd) for each, in order (offsets in bytes), and
 * returns how many; with found undefined, stops at the first (answering 1) or 0. The same rule as
 * the search's own (linesHoldingBytes in search-files-tool.ts; this code runs in the worker, which
 * loads nothing of the library). Each is held to a plain reference by its tests, and
 * search-tree-reading.test.ts compares the searches that use them.
 */
const heldLines = (bytes, start, end, needle, neighbours, found) => {
  const view = bytes.subarray(start, end);
  const before = neighbours === undefined ? undefined : neighbours.before;
  const after = neighbours === undefined ? undefined : neighbours.after;
  let count = 0;
  let lineNumber = 1;
  let counted = 0;
  for (let at = view.indexOf(needle); at !== -1; ) {
    if (before !== undefined) {
      const code = at === 0 ? 0x0a : view[at - 1];
      if (code === 0x0a || (code < 0x80 && before[code] !== 1)) {
        at = view.indexOf(needle, at + 1);
        continue;
      }
    }
    if (after !== undefined) {
      const next = at + needle.length;
      const code = next >= view.length ? 0x0a : view[next];
      if (code === 0x0a || (code < 0x80 && after[code] !== 1)) {
        at = view.indexOf(needle, at + 1);
        continue;
      }
    }
    if (found === undefined) return 1;
    const lineStart = at === 0 ? 0 : view.lastIndexOf(0x0a, at - 1) + 1;
    let lineEnd = view.indexOf(0x0a, at);
    if (lineEnd === -1) lineEnd = view.length;
    for (let index = view.indexOf(0x0a, counted); index !== -1 && index < lineStart; index = view.indexOf(0x0a, index + 1)) lineNumber += 1;
    counted = lineStart;
    found(lineNumber, start + lineStart, start + lineEnd);
    count += 1;
    if (lineEnd === view.length) break;
    at = view.indexOf(needle, lineEnd + 1);
  }
  return count;
};
// Requests come from the parent; answers go to the port it gave, where it can also take them at once.
parentPort.on('message', (request) => {
  const { id, names, maxBytes, refuseHardLinks, holding } = request;
  // A part the caller has taken to read on its own thread is answered at once, empty.
  if (request.claims !== undefined && Atomics.compareExchange(request.claims, request.part, 0, 1) !== 0) {
    answers.postMessage({ id, facts: new Float64Array(0), bytes: new Uint8Array(0) });
    return;
  }
  const facts = new Float64Array(names.length * 4);
  let descriptors;
  let failed;
  const opened = [];
  if (request.directories !== undefined) {
    descriptors = new Int32Array(names.length);
    failed = new Uint8Array(request.directories.length);
    let at = 0;
    for (let index = 0; index < request.directories.length; index += 1) {
      const descriptor = openDirectory(request.directories[index], request.realRoot);
      if (descriptor === -1) failed[index] = 1;
      else opened.push(descriptor);
      descriptors.fill(descriptor, at, at + request.counts[index]);
      at += request.counts[index];
    }
  }
  let bytes = Buffer.allocUnsafeSlow(maxBytes === undefined ? 0 : 64 * 1024);
  let total = 0;
  /** With holdingLines: per kept file, its count of lines, then each line's number and length. */
  const lineFacts = [];
  try {
    for (let index = 0; index < names.length; index += 1) {
      let descriptor = -1;
      try {
        const directory = descriptors !== undefined ? descriptors[index] : request.directoryDescriptor;
        const name = names[index];
        // One plain entry name only, in a directory held open: nothing else is looked up.
        if (directory === -1 || name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\\0')) continue;
        const entry = '/proc/self/fd/' + directory + '/' + name;
        if (maxBytes === undefined) {
          // Described only: one lstat (a name that became a link is left to the caller).
          const stats = lstatSync(entry);
          if (!stats.isFile() || (refuseHardLinks && stats.nlink > 1)) continue;
          facts[index * 4] = 1;
          facts[index * 4 + 1] = stats.size;
          facts[index * 4 + 2] = stats.mtimeMs;
          continue;
        }
        descriptor = openSync(entry, flags);
        const stats = fstatSync(descriptor);
        if (!stats.isFile() || (refuseHardLinks && stats.nlink > 1)) continue;
        facts[index * 4 + 1] = stats.size;
        facts[index * 4 + 2] = stats.mtimeMs;
        if (request.wholeOnly && stats.size > maxBytes) {
          facts[index * 4] = 1;
          continue;
        }
        const limit = Math.max(0, Math.min(maxBytes, stats.size));
        if (total + limit > bytes.length) {
          const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, total + limit));
          bytes.copy(grown, 0, 0, total);
          bytes = grown;
        }
        let filled = 0;
        while (filled < limit) {
          const read = readSync(descriptor, bytes, total + filled, limit - filled, filled);
          if (read === 0) break;
          filled += read;
        }
        // A file that changed while it was read is left to the caller when only lines are asked for.
        if (request.holdingLines && filled !== stats.size) continue;
        if (filled === stats.size) {
          // Read whole: not kept when it is binary, or lacks the bytes asked for.
          const probe = request.binaryProbeBytes;
          if (probe !== undefined && bytes.subarray(total, total + Math.min(filled, probe)).includes(0)) {
            facts[index * 4] = 3;
            continue;
          }
          if (holding !== undefined && request.holdingLines) {
            // Only the lines that hold it are kept, moved down to where the file starts.
            const countAt = lineFacts.length;
            lineFacts.push(0);
            let written = total;
            const count = heldLines(bytes, total, total + filled, holding, request.holdingNeighbours, (number, lineStart, lineEnd) => {
              bytes.copy(bytes, written, lineStart, lineEnd);
              lineFacts.push(number, lineEnd - lineStart);
              written += lineEnd - lineStart;
            });
            if (count === 0) {
              lineFacts.length = countAt;
              facts[index * 4] = 4;
              continue;
            }
            lineFacts[countAt] = count;
            facts[index * 4] = 2;
            facts[index * 4 + 3] = written - total;
            total = written;
            continue;
          }
          if (holding !== undefined && heldLines(bytes, total, total + filled, holding, request.holdingNeighbours) === 0) {
            facts[index * 4] = 4;
            continue;
          }
        }
        total += filled;
        facts[index * 4] = 2;
        facts[index * 4 + 3] = filled;
      } catch {
        facts[index * 4] = 0;
      } finally {
        if (descriptor !== -1) closeSync(descriptor);
      }
    }
  } finally {
    for (const descriptor of opened) closeSync(descriptor);
  }
  const answer = new Uint8Array(bytes.buffer, bytes.byteOffset, total);
  const lines = request.holdingLines ? Float64Array.from(lineFacts) : undefined;
  const transfer = [facts.buffer, bytes.buffer];
  if (failed !== undefined) transfer.push(failed.buffer);
  if (lines !== undefined) transfer.push(lines.buffer);
  answers.postMessage({ id, facts, bytes: answer, failed, lineFacts: lines }, transfer);
});
`;
