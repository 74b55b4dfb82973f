import type { BaseMessage } from '@langchain/core/messages';
import { type AgentMiddleware, createMiddleware, HumanMessage } from 'langchain';
import { AgentContextError } from '../../errors.js';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { CacheBreakpointOptions } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';
import {
  createBreakpointWarnings,
  prepareModelMessages,
  resolveCacheBreakpoints,
  resolveSession,
  startContextRun,
  textOfParts,
} from '../kit/index.js';
import { isAnthropicModel } from './anthropic-model.js';
import { applyCacheBreakpoints } from './cache-breakpoints.js';
import { capabilityTools, findCapabilityTool } from './capability-tools.js';
import { langChainMessageFormat } from './hidden-message-format.js';
import { runHostToolCall } from './host-tool-call.js';

/** What LangChain tells the middleware about an invocation; a session function picks by it. */
export interface InvocationRuntime {
  /** The `context` passed to `agent.invoke(input, { context })`. */
  readonly context?: unknown;
  /** The `configurable` of the invocation, e.g. `{ thread_id }` with a checkpointer. */
  readonly configurable?: { thread_id?: string; [key: string]: unknown };
}

/**
 * Options of {@link contextMiddleware}: the options every adapter takes, and the Anthropic breakpoints
 * as `cache_control` on content blocks. Both are on by default for Anthropic chat models
 * (`ChatAnthropic`, or `initChatModel` with provider `anthropic`) and off for other models, which may
 * reject the unknown block key; `true` or an object sends them to every model, `false` sends none. The
 * rolling breakpoint is also left out when the newest message already has one or the request has a
 * request-level `cache_control` (`anthropicPromptCachingMiddleware` listed before this middleware).
 */
export interface ContextMiddlewareOptions extends ContextAdapterOptions, CacheBreakpointOptions {}

/** The name the middleware has in LangChain (its hooks' node names and errors). */
export const contextMiddlewareName = 'AgentContextMiddleware';

/**
 * Connect a LangChain v1 agent to a context session, in one line:
 *
 * ```ts
 * const agent = createAgent({ model, tools, systemPrompt, middleware: [contextMiddleware(session)] });
 * ```
 *
 * - `beforeAgent` (once per `agent.invoke()` / `agent.stream()`): starts a run (authored capabilities
 *   load, instructions and tools are read once for the run) and reports the trailing user messages to
 *   `session.observeUserInput`, keyed by message id.
 * - `wrapModelCall` (every model call): the host's system message, then one text block per instruction
 *   block in capability order, identical bytes on every call of the run, the last with `cacheControl`;
 *   the host's tools, then the run's capability tools (stable order for the run); the hidden messages
 *   as `HumanMessage`s in the request's messages only (see `placeHiddenMessages`); the rolling
 *   breakpoint on the newest message, at most four breakpoints in all (see `applyCacheBreakpoints`).
 * - `wrapToolCall`: capability tools execute through `run.executeTool`; host tools run between the
 *   run's `beforeToolCall` and `afterToolCall` hooks (see `runHostToolCall`), unless
 *   `hostToolHooks: false`.
 *
 * Capability tools are not in the middleware's static `tools`: LangChain fixes that list when the agent
 * is built, before any run, while a run's tools can change between runs (a capability authored in one
 * run is live in the next). They are added per model call and executed in `wrapToolCall`, LangChain's
 * path for dynamically registered tools. A capability tool named like a host tool is left out.
 *
 * One session is one conversation. An agent that serves several conversations (threads) passes a
 * function that returns the conversation's session from the invocation's runtime. Throws
 * `invalid-option` when a model or tool call arrives for a session without a run of this middleware.
 */
export function contextMiddleware(
  session: SessionSource<InvocationRuntime>,
  options: ContextMiddlewareOptions = {},
): AgentMiddleware {
  const runs = new WeakMap<ContextSession, Run>();
  const warn = createBreakpointWarnings('langchain');
  const current = async (runtime: InvocationRuntime) => {
    const resolved = await resolveSession(session, runtime);
    const run = runs.get(resolved);
    if (run) return { session: resolved, run };
    throw new AgentContextError(
      'contextMiddleware saw a model or tool call before its beforeAgent hook started a run. Pass the middleware to createAgent({ middleware }) and call the agent.',
      { code: 'invalid-option', reason: 'no run started' },
    );
  };

  return createMiddleware({
    name: contextMiddlewareName,
    beforeAgent: async (state, runtime) => {
      const started = await startContextRun(session, runtime as InvocationRuntime, options, {
        messages: state.messages,
        readUserInput: (message: BaseMessage) =>
          HumanMessage.isInstance(message)
            ? { text: textOfParts(message.content), ...(message.id ? { key: message.id } : {}) }
            : undefined,
      });
      runs.set(started.session, started.run);
    },
    wrapModelCall: async (request, handler) => {
      const { session: resolved, run } = await current(request.runtime as InvocationRuntime);
      const hostNames = new Set(request.tools.map((tool) => tool.name as string));
      const outcome = applyCacheBreakpoints(
        {
          systemMessage: request.systemMessage,
          messages: await prepareModelMessages(resolved, request.messages, langChainMessageFormat),
          tools: request.tools,
          modelSettings: request.modelSettings,
        },
        run,
        resolveCacheBreakpoints(options, isAnthropicModel(request.model)),
      );
      warn(resolved, outcome.budget);
      return handler({
        ...request,
        systemMessage: outcome.systemMessage,
        tools: [...request.tools, ...capabilityTools(run, hostNames)],
        messages: outcome.messages,
      });
    },
    wrapToolCall: async (request, handler) => {
      const { run } = await current(request.runtime as InvocationRuntime);
      const own = findCapabilityTool(run, request.toolCall.name);
      if (own && request.tool === undefined) return handler({ ...request, tool: own });
      if (options.hostToolHooks === false) return handler(request);
      return runHostToolCall(run, request, handler);
    },
  });
}
