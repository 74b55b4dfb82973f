import type { ListedEntry } from './workspace.js';

/**
 * The regular files of a listing answered ahead of their reads (see `listDirectoriesAheadWith`):
 * their entries came with their path, kind and real path, and their `contents` (or `error`, with
 * `size` and `modifiedMs`) are filled in place as the reads come in, while the listing's caller goes
 * on with what it already has.
 */
export interface ReadsUnderWay {
  /** True while `entry` waits for its read. */
  isUnderWay(entry: ListedEntry): boolean;
  /** Resolves once `entry` is whole; `undefined` when it already is (or never waited). Never rejects. */
  whenWhole(entry: ListedEntry): Promise<void> | undefined;
  /**
   * While `entry` waits for its read: the next step of the reads, one promise shared by every caller
   * of that step (ask again once it resolves); `undefined` once the entry is whole. Never rejects.
   * A caller going through many entries in order waits once per step, not once per entry.
   */
  nextStep(entry: ListedEntry): Promise<void> | undefined;
  /** Resolves once every read is done and every directory held open for them is closed. Never rejects. */
  readonly settled: Promise<void>;
}

/** The side of {@link ReadsUnderWay} that the listing fills. */
export interface ReadsUnderWayRecorder {
  /** Wake the callers waiting for entries: some may be whole now. Call it before waiting for more reads. */
  progressed(): void;
  /** Work that fills entries (never rejecting): {@link ReadsUnderWay.settled} waits for it. */
  track(work: Promise<void>): void;
  /** What the listing's caller is given. */
  readonly reads: ReadsUnderWay;
}

/**
 * A new, empty record of reads under way. An entry under way is a regular file with neither a
 * `size` nor an `error` yet (a listing made by `listDirectoriesWith` gives every regular file one or
 * the other), while some filling work has not ended: no set of entries, no promise per entry.
 * Waiting callers are woken together at each step the listing reports (once per part of reads).
 */
export function recordReadsUnderWay(): ReadsUnderWayRecorder {
  const work: Array<Promise<void>> = [];
  /** Filling works not ended yet. */
  let running = 0;
  let step: { promise: Promise<void>; wake: () => void } | undefined;
  const nextStep = (): Promise<void> => {
    if (step === undefined) {
      let wake = () => {};
      const promise = new Promise<void>((resolve) => {
        wake = resolve;
      });
      step = { promise, wake };
    }
    return step.promise;
  };
  const progressed = () => {
    const current = step;
    step = undefined;
    current?.wake();
  };
  const isUnderWay = (entry: ListedEntry) =>
    running > 0 && entry.kind === 'file' && entry.size === undefined && entry.error === undefined;
  const until = async (entry: ListedEntry): Promise<void> => {
    while (isUnderWay(entry)) await nextStep();
  };
  return {
    progressed,
    track(filling) {
      running += 1;
      work.push(
        filling.finally(() => {
          running -= 1;
          progressed();
        }),
      );
    },
    reads: {
      isUnderWay,
      whenWhole: (entry) => (isUnderWay(entry) ? until(entry) : undefined),
      nextStep: (entry) => (isUnderWay(entry) ? nextStep() : undefined),
      get settled() {
        return Promise.all(work).then(() => undefined);
      },
    },
  };
}
