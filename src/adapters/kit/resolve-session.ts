import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';

/** The session of a call: the source itself, or what the source function returns for `call`. */
export async function resolveSession<Call>(source: SessionSource<Call>, call: Call): Promise<ContextSession> {
  return typeof source === 'function' ? source(call) : source;
}
