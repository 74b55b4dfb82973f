import { performance } from 'node:perf_hooks';
import { middleValue } from './statistics.js';

/** One side of a comparison: runs a whole round and returns what it measured. */
export interface Side<Result> {
  name: string;
  /** Run one round from a fresh state. `round` is 0-based. */
  run(round: number): Promise<Result>;
}

/**
 * Run every side `rounds` times in one process, alternating: each round runs every side once, and
 * the order rotates from round to round so no side always runs first (warm caches, JIT state and
 * garbage from the previous side are spread evenly). A full garbage collection runs before each
 * side when the process has `--expose-gc`. Returns each side's results in round order.
 */
export async function runAlternating<Result>(
  sides: readonly Side<Result>[],
  rounds: number,
): Promise<Map<string, Result[]>> {
  const results = new Map<string, Result[]>(sides.map((side) => [side.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let offset = 0; offset < sides.length; offset += 1) {
      const side = sides[(round + offset) % sides.length] as Side<Result>;
      collectGarbage();
      results.get(side.name)?.push(await side.run(round));
    }
  }
  return results;
}

/**
 * Milliseconds of each task, as the middle value of `rounds` runs (see `middleValue`). One untimed
 * warm-up of each (the page cache, the JIT), then the tasks interleaved, one of each per round with a
 * garbage collection before each, so a change in machine load (the CPU may be shared) affects them
 * alike instead of biasing the one that ran last. `collect: false` leaves the collections to the
 * engine, as in a process that runs tool calls one after another (default true).
 */
export async function interleavedMiddleValues(
  tasks: ReadonlyArray<() => Promise<unknown> | unknown>,
  rounds: number,
  options: { collect?: boolean } = {},
): Promise<number[]> {
  for (const task of tasks) await task();
  const times = tasks.map(() => [] as number[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, task] of tasks.entries()) {
      if (options.collect !== false) collectGarbage();
      const start = performance.now();
      await task();
      times[index]?.push(performance.now() - start);
    }
  }
  return times.map(middleValue);
}

/** Run a full garbage collection when the process allows it (`node --expose-gc`). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

/** Nanoseconds from a monotonic clock. */
export function now(): bigint {
  return process.hrtime.bigint();
}

/** Microseconds elapsed since `start` (from {@link now}). */
export function microsecondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1_000;
}
