import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * What a worker found of one entry of a directory held open: its size and modification time, and
 * with a read its first bytes. `undefined` when the worker could not answer it plainly (an error, not
 * a regular file, a hard link to refuse): the caller then asks on its own thread, which says why.
 */
export interface ParallelEntry {
  size: number;
  modifiedMs: number;
  bytes?: Buffer;
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

/** Names sent to a worker at once: few messages, and the first answers early. */
const namesPerPart = 1024;
/** Workers at most, whatever the machine. */
const maximumWorkers = 4;

/**
 * Ask the workers about `names`, entries of the directory held open as `directoryDescriptor` (this
 * process's descriptor: the workers open `/proc/self/fd/DESCRIPTOR/NAME`, so a directory swapped
 * after it was opened is not followed, as `openEntrySync` does). Each worker opens without following
 * a link and without blocking, checks that it opened a regular file, reads it (or only `fstat`s it)
 * and closes it; the parts go to the workers in turn, so the reads run on as many cores as the
 * machine has (four at most), while this thread goes on. Only for Linux's descriptor paths.
 */
export function readEntriesInParallel(
  directoryDescriptor: number,
  names: readonly string[],
  options: ParallelReadOptions,
): ParallelEntries {
  const pool = workerPool();
  const parts: Array<Promise<PartAnswer | undefined>> = [];
  for (let start = 0; start < names.length; start += namesPerPart) {
    const part = names.slice(start, start + namesPerPart);
    parts.push(
      pool.ask({ directoryDescriptor, names: part, ...options }).then(
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
  const entryOf = (index: number, answer: PartAnswer | null | undefined): ParallelEntry | undefined => {
    if (answer == null) return undefined;
    const at = (index % namesPerPart) * 4;
    const status = answer.facts[at];
    if (status !== 1 && status !== 2) return undefined;
    const entry: ParallelEntry = { size: answer.facts[at + 1]!, modifiedMs: answer.facts[at + 2]! };
    if (status === 2) entry.bytes = bytesOf(answer, at);
    return entry;
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
      if (known !== undefined) return entryOf(index, known);
      return parts[part]!.then((answer) => entryOf(index, answer));
    },
    settled: Promise.all(parts).then(() => undefined),
  };
}

/**
 * Read the regular files `names[i]` of the directories held open as `directoryDescriptors[i]` (this
 * process's descriptors, as {@link readEntriesInParallel} takes one), at most `maxBytes` each, in
 * one request to one worker, while this thread goes on: per file, in order, what the worker found,
 * or `undefined` for what it could not answer plainly (missing, not a regular file, an error, a
 * hard link to refuse). Keep the directories open until the promise settles; it never rejects (a
 * worker gone answers `undefined` for every file).
 */
export async function readFilesInParallel(
  directoryDescriptors: readonly number[],
  names: readonly string[],
  options: { maxBytes: number; refuseHardLinks: boolean },
): Promise<Array<ParallelEntry | undefined>> {
  let answer: PartAnswer | undefined;
  try {
    answer = await workerPool().ask({ directoryDescriptors, names, ...options });
  } catch {
    answer = undefined;
  }
  const entries: Array<ParallelEntry | undefined> = [];
  let offset = 0;
  for (let index = 0; index < names.length; index += 1) {
    const at = index * 4;
    const status = answer?.facts[at];
    if (answer === undefined || status !== 2) {
      entries.push(undefined);
      continue;
    }
    const length = answer.facts[at + 3]!;
    entries.push({
      size: answer.facts[at + 1]!,
      modifiedMs: answer.facts[at + 2]!,
      bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset + offset, length),
    });
    offset += length;
  }
  return entries;
}

/**
 * True once a read worker has started: a caller with a few files to read can read them on its own
 * thread meanwhile rather than wait for one to start. Asking starts the workers (idle ones never
 * keep the process alive).
 */
export function parallelReadersReady(): boolean {
  return workerPool().ready();
}

/** A worker's answer to one part: per name, `[status, size, modifiedMs, length]` and the bytes read. */
interface PartAnswer {
  facts: Float64Array;
  bytes: Uint8Array;
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

/** One request to a worker: every name in one directory, or each in its own (`directoryDescriptors`). */
type PartRequest = ParallelReadOptions & { names: readonly string[] } & (
    | { directoryDescriptor: number }
    | { directoryDescriptors: readonly number[] }
  );

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
  }
  const workers: Array<{ worker: Worker; pending: Map<number, Waiting>; online: boolean }> = [];
  let nextId = 0;
  let nextWorker = 0;
  const start = () => {
    const worker = new Worker(workerSource, { eval: true });
    const started = { worker, pending: new Map<number, Waiting>(), online: false };
    worker.once('online', () => {
      started.online = true;
    });
    worker.on('message', (message: { id: number } & PartAnswer) => {
      const waiting = started.pending.get(message.id);
      started.pending.delete(message.id);
      if (started.pending.size === 0) worker.unref();
      waiting?.resolve(message);
    });
    const fail = (error: Error) => {
      // A worker gone: its parts are answered on the caller's thread, and the next use starts another.
      const index = workers.indexOf(started);
      if (index !== -1) workers.splice(index, 1);
      for (const waiting of started.pending.values()) waiting.reject(error);
      started.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the read worker stopped')));
    // After the listeners (adding one takes a reference again): an idle worker never keeps the
    // process alive; one with a part to answer does, as any pending read would.
    worker.unref();
    return started;
  };
  return {
    ready(): boolean {
      while (workers.length < size) workers.push(start());
      return workers.some((started) => started.online);
    },
    ask(request: PartRequest): Promise<PartAnswer> {
      while (workers.length < size) workers.push(start());
      const chosen = workers[nextWorker++ % workers.length]!;
      const id = nextId++;
      return new Promise<PartAnswer>((resolve, reject) => {
        if (chosen.pending.size === 0) chosen.worker.ref();
        chosen.pending.set(id, { resolve, reject });
        chosen.worker.postMessage({ id, ...request });
      });
    },
  };
}

/**
 * The worker: for each name, open through the directory's descriptor (no link followed, never
 * blocking), `fstat`, keep it only if it is a regular file (and not hard-linked when refused), read
 * it, close it; one only described is `lstat`ed. Status 1: described, 2: read, 0: left to the caller.
 */
const workerSource = `
const { parentPort } = require('node:worker_threads');
const { openSync, fstatSync, lstatSync, readSync, closeSync, constants } = require('node:fs');
const flags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
parentPort.on('message', ({ id, directoryDescriptor, directoryDescriptors, names, maxBytes, refuseHardLinks }) => {
  const facts = new Float64Array(names.length * 4);
  const chunks = [];
  let total = 0;
  for (let index = 0; index < names.length; index += 1) {
    let descriptor = -1;
    try {
      const directory = directoryDescriptors === undefined ? directoryDescriptor : directoryDescriptors[index];
      const name = names[index];
      // One plain entry name only: nothing else is looked up through the directory.
      if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) continue;
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
      const limit = Math.max(0, Math.min(maxBytes, stats.size));
      const buffer = Buffer.allocUnsafe(limit);
      let filled = 0;
      while (filled < limit) {
        const read = readSync(descriptor, buffer, filled, limit - filled, filled);
        if (read === 0) break;
        filled += read;
      }
      chunks.push(filled === limit ? buffer : buffer.subarray(0, filled));
      total += filled;
      facts[index * 4] = 2;
      facts[index * 4 + 3] = filled;
    } catch {
      facts[index * 4] = 0;
    } finally {
      if (descriptor !== -1) closeSync(descriptor);
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  parentPort.postMessage({ id, facts, bytes }, [facts.buffer, bytes.buffer]);
});
`;
