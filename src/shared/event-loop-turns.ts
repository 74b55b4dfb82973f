/**
 * A function to await between steps of a long synchronous-looking walk: it lets the event loop run
 * (one `setImmediate` turn) once `everyMs` milliseconds have passed since the last turn, and is a
 * no-op otherwise. Work whose every call answers at once (a listing in memory, synchronous reads)
 * then never holds the event loop for long, whatever its size.
 */
export function eventLoopTurns(everyMs: number): () => Promise<void> | undefined {
  let since = milliseconds();
  return () => {
    if (milliseconds() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = milliseconds();
        resolve();
      }),
    );
  };
}

/** A monotonic clock in milliseconds (the global `performance` would load the perf_hooks modules on first use). */
function milliseconds(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
