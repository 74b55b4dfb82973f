import type { Run } from '../../session/capability.js';

/** How long one run (its tools, its skills and inventory scan, its commands) serves a connection. */
const runReuseMs = 2_000;

/**
 * The run that serves the current request of one MCP connection: one run answers every request for
 * 2 seconds after it started (its scans done once), then the next request starts a fresh run, so a
 * file edited on disk shows within 2 seconds and a burst of requests costs one scan, not one per
 * request. A run that failed to start is not reused: the next request tries again.
 */
export function connectionRuns(startRun: () => Promise<Run>): () => Promise<Run> {
  let current: { run: Promise<Run>; startedAt: number } | undefined;
  return () => {
    const now = Date.now();
    if (current === undefined || now - current.startedAt >= runReuseMs) {
      const run = startRun();
      const started = { run, startedAt: now };
      current = started;
      run.catch(() => {
        if (current === started) current = undefined;
      });
    }
    return current.run;
  };
}
