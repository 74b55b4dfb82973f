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
 * Every `agent.generate()` / `agent.stream()` call starts a run through `prepareCall` (after the
 * host's own `prepareCall`, whose result it builds on), so authored capabilities load per run and
 * instructions are read once per run. The run then supplies, for that call only:
 * - instructions: the host's, then one system message per instruction block, the last with an
 *   Anthropic `cacheControl` breakpoint (`options.cacheControl`);
 * - tools: the host's, then the capabilities' (stable order), all running the run's tool hooks;
 * - the model wrapped by `contextModelMiddleware`, which places hidden messages and the rolling
 *   breakpoint on each model call;
 * - the trailing user messages reported to `session.observeUserInput`.
 * The host keeps its model, tools and instructions: nothing in `settings` is modified.
 *
 * One session is one conversation. An agent shared by several conversations passes a function that
 * returns the conversation's session (it receives the call, with its `options`).
 * Throws `invalid-option` when the model is an id string (see `wrapModel`): here when `settings` has
 * no `prepareCall`, else when the call starts, before any run.
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
