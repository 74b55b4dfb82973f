import type { ContextSessionLike } from '../session/capability.js';
import type { JsonValue, SessionSnapshot } from '../session/session-snapshot.js';

/**
 * The snapshot key of the offloaded results a conversation holds: the paths of the files written by
 * `filesystemContext({ offload })`, as given to the workspace (relative to its working directory),
 * in the order they were written. A conversation store keeps these files beside the snapshot
 * (`openConversation`), so a worker that does not share this one's disk can still read them.
 */
export const offloadedResultsKey = 'filesystem-context/offloaded';

/** The per-session list of offloaded results (the owner object keys the state in each session). */
export function offloadedResultsOf(session: ContextSessionLike, owner: object): string[] {
  return session.state(owner, (): string[] => [], {
    key: offloadedResultsKey,
    save: (paths) => [...paths],
    restore: (saved) => {
      if (!Array.isArray(saved) || !saved.every((item) => typeof item === 'string'))
        throw new Error('expected a list of paths');
      return [...saved];
    },
  });
}

/**
 * The paths of the offloaded results `snapshot` records, in the order they were written; `[]` when
 * it records none (no offload, or a snapshot of a session without `filesystemContext`).
 */
export function offloadedPathsOf(snapshot: SessionSnapshot): string[] {
  const saved: JsonValue | undefined = snapshot.states[offloadedResultsKey];
  if (!Array.isArray(saved)) return [];
  return saved.filter((item): item is string => typeof item === 'string');
}
