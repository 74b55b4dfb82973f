import type { BaseMessage } from '@langchain/core/messages';
import { type AgentMiddleware, createMiddleware, HumanMessage } from 'langchain';
import { z } from 'zod';
import { AgentContextError } from '../../errors.js';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { CacheBreakpointOptions } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';
import {
  continueFromStored,
  createBreakpointWarnings,
  prepareModelMessages,
  resolveCacheBreakpoints,
  resolveSession,
  snapshotToStore,
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
export interface ContextMiddlewareOptions extends ContextAdapterOptions, CacheBreakpointOptions {
  /**
   * Keep the conversation's context in the agent's graph state, so that the checkpointer that carries
   * the messages (`MemorySaver`, `PostgresSaver`, ...) carries it too, and a new process building the
   * same agent continues a `thread_id` byte for byte: `session.snapshot()` is written under the
   * state key `agentContext` when an invocation ends, and continued from at the start of every
   * invocation whose stored snapshot is not the session's own (a worker stopped mid-invocation is
   * reconciled from the tool results its steps checkpointed). `false` keeps nothing in the state.
   * Default `true`.
   */
  keepInState?: boolean;
}

/** The graph-state key the conversation's snapshot is kept under (see `keepInState`). */
export const contextStateKey = 'agentContext';

/** The name the middleware has in LangChain (its hooks' node names and errors). */
export const contextMiddlewareName = 'AgentContextMiddleware';

/**
 * Connect a LangChain v1 agent to a context session, in one line:
 *
 * ```ts
 * const agent = createAgent({ model, tools, systemPrompt, middleware: [contextMiddleware(session)] });
 * ```
 *
 * `beforeAgent` starts a run per `agent.invoke()` / `agent.stream()` and reports the trailing user
 * messages, keyed by message id. `wrapModelCall` gives every model call the run's instruction blocks
 * after the host's system message, the capability tools after the host's, the kit's commands and
 * hidden messages, and the breakpoints (see `applyCacheBreakpoints`). `wrapToolCall` runs capability
 * tools through `run.executeTool`, and host tools between the run's hooks (see `runHostToolCall`)
 * unless `hostToolHooks: false`. Capability tools are added per model call, not to the middleware's
 * static `tools`, which LangChain fixes before any run. One session is one conversation: an agent
 * serving several threads passes a function that returns the session from the invocation's runtime.
 * Throws `invalid-option` for a model or tool call without a run of this middleware.
 */
export function contextMiddleware(
  session: SessionSource<InvocationRuntime>,
  options: ContextMiddlewareOptions = {},
): AgentMiddleware {
  const runs = new WeakMap<ContextSession, Run>();
  const warn = createBreakpointWarnings('langchain');
  const keepInState = options.keepInState ?? true;
  /**
   * The session and run of a model or tool call. A graph resumed from its checkpoint (a worker that
   * stopped mid-invocation, `invoke(null)` on another) skips `beforeAgent`: with the snapshot in the
   * state, the run starts here, from it.
   */
  const current = async (runtime: InvocationRuntime, state?: Record<string, unknown>) => {
    const resolved = await resolveSession(session, runtime);
    const run = runs.get(resolved);
    if (run) return { session: resolved, run };
    const stored = state?.[contextStateKey];
    if (keepInState && stored !== undefined) {
      continueFromStored(resolved, stored);
      const started = await startContextRun(resolved, runtime, { ...options, observeUserInput: false });
      runs.set(started.session, started.run);
      return started;
    }
    throw new AgentContextError(
      'contextMiddleware saw a model or tool call before its beforeAgent hook started a run. Pass the middleware to createAgent({ middleware }) and call the agent.',
      { code: 'invalid-option', reason: 'no run started' },
    );
  };

  return createMiddleware({
    name: contextMiddlewareName,
    ...(keepInState
      ? {
          stateSchema: z.object({ [contextStateKey]: z.unknown().optional() }),
          // Once per invocation: a checkpointer keeps a copy of every value a step writes, and a
          // worker stopped mid-invocation is reconciled from the messages its steps checkpointed.
          afterAgent: async (_state: unknown, runtime: unknown) => {
            const { session: resolved } = await current(runtime as InvocationRuntime);
            return { [contextStateKey]: snapshotToStore(resolved) };
          },
        }
      : {}),
    beforeAgent: async (state, runtime) => {
      const resolved = await resolveSession(session, runtime as InvocationRuntime);
      if (keepInState) continueFromStored(resolved, (state as Record<string, unknown>)[contextStateKey]);
      const started = await startContextRun(resolved, runtime as InvocationRuntime, options, {
        messages: state.messages,
        readUserInput: (message: BaseMessage) =>
          HumanMessage.isInstance(message)
            ? { text: textOfParts(message.content), ...(message.id ? { key: message.id } : {}) }
            : undefined,
      });
      runs.set(started.session, started.run);
    },
    wrapModelCall: async (request, handler) => {
      const { session: resolved, run } = await current(
        request.runtime as InvocationRuntime,
        request.state as Record<string, unknown>,
      );
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
      const { run } = await current(
        request.runtime as InvocationRuntime,
        request.state as Record<string, unknown>,
      );
      const own = findCapabilityTool(run, request.toolCall.name);
      if (own && request.tool === undefined) return handler({ ...request, tool: own });
      if (options.hostToolHooks === false) return handler(request);
      return runHostToolCall(run, request, handler);
    },
  });
}
