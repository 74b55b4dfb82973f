import type { ContextSession } from '../../session/context-session.js';
import type { SessionSnapshot } from '../../session/session-snapshot.js';

// The snapshot each session last wrote to (or continued from) its framework's store, as JSON text.
const latest = new WeakMap<ContextSession, string>();

/**
 * Continue `session` from the snapshot its framework stored with the conversation (LangChain graph
 * state, pi session entries), when there is one and it is not the one the session itself last wrote
 * or continued from: the turn is served by a new process, or another worker served the turns since.
 * Nothing stored leaves the session as it is (a host without a checkpointer). `evenIfOwn` continues
 * from it in any case (the session was just reset). Default `false`. Throws what
 * `session.restore` throws for a stored value that is not a snapshot.
 */
export function continueFromStored(
  session: ContextSession,
  stored: unknown,
  options: { evenIfOwn?: boolean } = {},
): void {
  if (stored === undefined || stored === null) return;
  const text = JSON.stringify(stored);
  if (options.evenIfOwn !== true && latest.get(session) === text) return;
  session.restore(stored);
  latest.set(session, text);
}

/** The session's snapshot, to store with the conversation now; remembered as its latest. */
export function snapshotToStore(session: ContextSession): SessionSnapshot {
  const snapshot = session.snapshot();
  latest.set(session, JSON.stringify(snapshot));
  return snapshot;
}
