/**
 * A function to await between steps of a long synchronous-looking walk: it lets the event loop run
 * (one `setImmediate` turn) once `everyMs` milliseconds have passed since the last turn, and is a
 * no-op otherwise. Work whose every call answers at once (a listing in memory, synchronous reads)
 * then never holds the event loop for long, whatever its size.
 */
export function eventLoopTurns(everyMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
