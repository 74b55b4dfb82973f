/**
 * The process groups started by {@link runProcess} that are still alive in this process. When the
 * host process exits (normally, by `process.exit`, after an uncaught exception, or on SIGINT, SIGTERM
 * or SIGHUP), every one of them is killed, so nothing started here outlives the host.
 *
 * The handlers are installed only while a group is alive. A signal the host does not handle itself
 * is raised again after the groups are killed, so the host ends as it would have without them.
 */
const liveGroups = new Set<number>();

const terminatingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Remember a live process group (by its leader's pid); the returned function forgets it. */
export function trackProcessGroup(groupId: number): () => void {
  liveGroups.add(groupId);
  if (liveGroups.size === 1) installHandlers();
  return () => {
    if (!liveGroups.delete(groupId)) return;
    if (liveGroups.size === 0) removeHandlers();
  };
}

/** Send `signal` to every process of a group; a group that is already gone is not an error. */
export function killProcessGroup(groupId: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // ESRCH: every process of the group has exited already.
  }
}

/** How many groups are alive (for tests and `describe`-style reports). */
export function liveProcessGroupCount(): number {
  return liveGroups.size;
}

function killAll(): void {
  for (const groupId of liveGroups) killProcessGroup(groupId);
  liveGroups.clear();
}

function onExit(): void {
  killAll();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  removeHandlers();
  // Nobody else listens: behave as the default handler would have (end the process by the signal).
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHandlers(): void {
  process.on('exit', onExit);
  for (const signal of terminatingSignals) process.on(signal, onSignal);
}

function removeHandlers(): void {
  process.off('exit', onExit);
  for (const signal of terminatingSignals) process.off(signal, onSignal);
}
