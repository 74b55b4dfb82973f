import {
  type AgentInputItem,
  type CallModelInputFilter,
  type IndividualRunOptions,
  type NonStreamRunOptions,
  type Runner,
  type RunResult,
  run as runAgent,
  type StreamedRunResult,
  type StreamRunOptions,
} from '@openai/agents';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { SessionSource } from '../../session/session-source.js';
import { joinInstructions, prepareModelMessages, startContextRun, textOfParts } from '../kit/index.js';
import { composeTools } from './compose-tools.js';
import { inputItemFormat, isUserMessage } from './hidden-items.js';

/** What the adapter knows about a `run()` call; a session function picks by it. */
export interface AgentsCall {
  /** The `context` passed in the run options. */
  readonly context?: unknown;
}

/** Options of {@link runWithContext}, beside the SDK's own run options. */
export interface RunWithContextOptions extends ContextAdapterOptions {
  /** The runner to use (model provider, tracing...). Default: the SDK's default runner (`run`). */
  runner?: Runner;
}

/** Any agent `run()` accepts (the SDK's own constraint, `Agent` with any context and output). */
type AnyAgent = Parameters<typeof runAgent>[0];

/**
 * `run()` with a context session: one session run per call, then the SDK's own run of a clone of
 * `agent` (the agent itself is not modified):
 * - instructions: the agent's (a string, or its function's result), then the run's instruction
 *   blocks in capability order, joined by a blank line; the same bytes on every model call of the
 *   run (the blocks are read once at run start);
 * - tools: the agent's, each function tool running through the run's hooks, then the run's
 *   capability tools (see `composeTools`), in a stable order;
 * - `callModelInputFilter` (after the host's own, when given): the hidden messages as `user` items
 *   right after the `function_call_result` that triggered them (see `placeHiddenItems`);
 * - the trailing user messages of `input` reported to `session.observeUserInput`.
 *
 * Options beside `run()`'s: `runner` (default: the SDK's default runner), `hostToolHooks` and
 * `observeUserInput` (both default `true`, as in every adapter).
 *
 * Returns what `run()` returns: a `RunResult`, or a `StreamedRunResult` with `stream: true`.
 * Handoff targets run without the session's context (only `agent` is composed).
 *
 * @example
 * const result = await runWithContext(session, agent, 'Fix the failing test in packages/api.');
 */
export async function runWithContext<TAgent extends AnyAgent, TContext = undefined>(
  source: SessionSource<AgentsCall>,
  agent: TAgent,
  input: string | AgentInputItem[],
  options?: NonStreamRunOptions<TContext, TAgent> & RunWithContextOptions,
): Promise<RunResult<TContext, TAgent>>;
export async function runWithContext<TAgent extends AnyAgent, TContext = undefined>(
  source: SessionSource<AgentsCall>,
  agent: TAgent,
  input: string | AgentInputItem[],
  options: StreamRunOptions<TContext, TAgent> & RunWithContextOptions,
): Promise<StreamedRunResult<TContext, TAgent>>;
export async function runWithContext<TAgent extends AnyAgent, TContext = undefined>(
  source: SessionSource<AgentsCall>,
  agent: TAgent,
  input: string | AgentInputItem[],
  options: IndividualRunOptions<TContext, TAgent> & RunWithContextOptions = {},
): Promise<RunResult<TContext, TAgent> | StreamedRunResult<TContext, TAgent>> {
  const { runner, hostToolHooks, observeUserInput, ...runOptions } = options;
  const { session, run } = await startContextRun(
    source,
    { context: runOptions.context },
    { observeUserInput },
    {
      messages: typeof input === 'string' ? [{ type: 'message', role: 'user', content: input }] : input,
      readUserInput: (item: AgentInputItem) =>
        isUserMessage(item) ? { text: textOfParts(item.content, 'input_text') } : undefined,
    },
  );
  const hostInstructions = agent.instructions;
  const composed = agent.clone({
    instructions: async (runContext, current) => {
      const host =
        typeof hostInstructions === 'function'
          ? await hostInstructions(runContext, current)
          : hostInstructions;
      return joinInstructions(host, run);
    },
    tools: composeTools(agent.tools, run, hostToolHooks),
  }) as TAgent;
  const hostFilter = runOptions.callModelInputFilter;
  const callModelInputFilter: CallModelInputFilter = async (args) => {
    const data = hostFilter ? await hostFilter(args) : args.modelData;
    return { ...data, input: await prepareModelMessages(session, data.input, inputItemFormat) };
  };
  const settled = { ...runOptions, callModelInputFilter };
  const execute = runner ? runner.run.bind(runner) : runAgent;
  return execute(composed, input, settled as never) as never;
}
