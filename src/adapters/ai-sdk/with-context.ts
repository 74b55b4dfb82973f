import type { SessionSource } from '../../session/session-source.js';
import { startContextRun } from '../kit/index.js';
import { type AiSdkContextOptions, composeCall, type HostCallSettings, userInputOf } from './compose-call.js';
import { assertModelInstance } from './wrap-model.js';

/** What a session function of {@link withContext} receives: the agent call, with its `options`. */
export interface AgentCall {
  readonly options?: unknown;
}

/** The settings of a `ToolLoopAgent` that the adapter reads; every other setting is kept as given. */
export interface AgentSettingsLike extends HostCallSettings {
  prepareCall?: (call: never) => unknown;
}

/**
 * Connect a `ToolLoopAgent` (ai 7 or ai 6) to a context session, in one line:
 *
 * ```ts
 * const agent = new ToolLoopAgent(withContext(session, { model, instructions, tools }));
 * ```
 *
 * Every `agent.generate()` / `agent.stream()` call starts a run in `prepareCall` (after the host's
 * own, whose result it builds on) and gets, for that call only, the run's instructions after the
 * host's (the last block with the `cacheControl` breakpoint), its tools after the host's, and the
 * model wrapped by `contextModelMiddleware`; the trailing user messages are reported. Nothing in
 * `settings` is modified. One session is one conversation: an agent shared by several passes a
 * function that returns the call's session. Throws `invalid-option` when the model is an id string
 * (see `wrapModel`): here when `settings` has no `prepareCall`, else when the call starts.
 */
export function withContext<Settings extends AgentSettingsLike>(
  session: SessionSource<AgentCall>,
  settings: Settings,
  options: AiSdkContextOptions = {},
): Settings {
  const hostPrepareCall = settings.prepareCall;
  // Without a prepareCall of its own the host cannot swap the model later: check it right away.
  if (!hostPrepareCall) assertModelInstance(settings.model);
  const prepareCall = async (call: Record<string, unknown>) => {
    const prepared = ((hostPrepareCall ? await hostPrepareCall(call as never) : undefined) ??
      call) as HostCallSettings & Record<string, unknown>;
    assertModelInstance(prepared.model);
    const started = await startContextRun(session, prepared as AgentCall, options, userInputOf(prepared));
    return { ...prepared, ...composeCall(started.session, started.run, prepared, options) };
  };
  return { ...settings, prepareCall } as Settings;
}
