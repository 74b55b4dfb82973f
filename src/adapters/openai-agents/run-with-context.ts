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
import { inputItemFormat, isUserMessage, withoutPersistedHiddenItems } from './hidden-items.js';

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
 * `agent` (the agent itself is not modified) whose instructions are the agent's followed by the run's
 * blocks (the kit's `joinInstructions`), whose tools are the agent's then the run's (see
 * `composeTools`), and whose `callModelInputFilter` (after the host's own) expands commands and places
 * hidden messages (the kit's `prepareModelMessages`); the trailing user messages of `input` are
 * reported. Returns what `run()` returns. Handoff targets run without the session's context.
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
    const input = withoutPersistedHiddenItems(session, data.input);
    return { ...data, input: await prepareModelMessages(session, input, inputItemFormat) };
  };
  const settled = { ...runOptions, callModelInputFilter };
  const execute = runner ? runner.run.bind(runner) : runAgent;
  return execute(composed, input, settled as never) as never;
}
