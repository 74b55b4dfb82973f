import type { Awaitable } from './capability.js';
import type { ContextSession } from './context-session.js';

/**
 * The session an adapter works with: one session for the agent (one conversation), or a function that
 * returns the session of each call, for an agent that serves several conversations. `Call` is what the
 * framework tells the adapter about the call: `{ options }` of a `ToolLoopAgent` call (AI SDK), the
 * invocation's runtime (LangChain), pi's session id and working directory (pi).
 *
 * @example
 * const sessions = new Map<string, ContextSession>();
 * const source: SessionSource<{ configurable?: { thread_id?: string } }> = (runtime) =>
 *   sessions.get(runtime.configurable?.thread_id ?? '') ?? createContextSession({ workspace });
 */
export type SessionSource<Call = unknown> = ContextSession | ((call: Call) => Awaitable<ContextSession>);
