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
