import type { InputProcessor } from '@mastra/core/processors';
import type { RequestContext } from '@mastra/core/request-context';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { CacheBreakpointOptions } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';
import {
  applyPromptBreakpoints,
  createBreakpointWarnings,
  type LanguageModelMessage,
  languageModelFormat,
  prepareModelMessages,
  resolveCacheBreakpoints,
  startContextRun,
  textOfParts,
  withAnthropicOptions,
  withCapabilityTools,
} from '../kit/index.js';
import { composeTools, type MastraTools } from './compose-tools.js';

/** What Mastra tells the processor about a call; a session function picks by it. */
export interface MastraCall {
  /** The `requestContext` of the `agent.generate()` / `agent.stream()` call. */
  readonly requestContext?: RequestContext;
}

/**
 * Options of {@link contextProcessor}: the options every adapter takes, and where the Anthropic
 * breakpoints go (both default `true`; other providers ignore them).
 */
export interface ContextProcessorOptions extends ContextAdapterOptions, CacheBreakpointOptions {}

/** The tag of the run's instruction blocks among the message list's system messages. */
export const instructionsTag = 'agent-context';

/** The processor's id in Mastra (spans, errors). */
export const contextProcessorId = 'agent-context';

interface CallState {
  session: ContextSession;
  run: Run;
  tools?: { host: MastraTools | undefined; composed: MastraTools };
}

const stateKey = 'agentContext';

const promptFormat = languageModelFormat<LanguageModelMessage>();

/**
 * Connect a Mastra agent to a context session, as one input processor:
 *
 * ```ts
 * const agent = new Agent({ id, name, instructions, model, tools, inputProcessors: [contextProcessor(session)] });
 * ```
 *
 * `processInput` (once per `agent.generate()` / `agent.stream()`) starts a run, adds its instruction
 * blocks as system messages tagged `agent-context` after the agent's own instructions, and reports the
 * trailing user messages; `processInputStep` (every step) gives the host's tools then the run's, all
 * through the run's hooks; `processLLMRequest` (every model request) expands commands, places hidden
 * messages and the breakpoints (the kit's). One session is one conversation: an agent serving several
 * passes a function that returns the session of the call (it receives the call's `requestContext`).
 */
export function contextProcessor(
  source: SessionSource<MastraCall>,
  options: ContextProcessorOptions = {},
): InputProcessor {
  const breakpoints = resolveCacheBreakpoints(options, true);
  const warn = createBreakpointWarnings('mastra');
  return {
    id: contextProcessorId,
    name: 'agent-context',
    async processInput({ messageList, messages, state, requestContext }) {
      const call: MastraCall = requestContext ? { requestContext } : {};
      const { session, run } = await startContextRun(source, call, options, {
        messages,
        readUserInput: (message) =>
          message.role === 'user' ? { text: textOfParts(message.content.parts as never) } : undefined,
      });
      state[stateKey] = { session, run } satisfies CallState;
      messageList.clearSystemMessages(instructionsTag);
      if (run.instructionBlocks.length > 0) {
        messageList.addSystem(
          run.instructionBlocks.map((block) => ({ role: 'system' as const, content: block.text })),
          instructionsTag,
        );
      }
      return messageList;
    },
    processInputStep({ tools, activeTools, state }) {
      const current = state[stateKey] as CallState | undefined;
      if (!current) return undefined;
      if (!current.tools || current.tools.host !== tools) {
        current.tools = { host: tools, composed: composeTools(tools, current.run, options) };
      }
      const composed = current.tools.composed;
      if (!activeTools) return { tools: composed };
      const added = Object.keys(composed).filter((name) => !Object.hasOwn(tools ?? {}, name));
      return { tools: composed, activeTools: withCapabilityTools(activeTools, added) };
    },
    async processLLMRequest({ prompt, state }) {
      const current = state[stateKey] as CallState | undefined;
      if (!current) return undefined;
      // Mastra hands over the language-model prompt it is about to send: what changes here is for
      // this request only, never written back to the message list or to memory.
      const messages = await prepareModelMessages(
        current.session,
        prompt as LanguageModelMessage[],
        promptFormat,
      );
      const lastInstruction = current.run.instructionBlocks.at(-1)?.text;
      const index = messages.findLastIndex(
        (message) => message.role === 'system' && message.content === lastInstruction,
      );
      if (index !== -1 && breakpoints.instructions !== false) {
        const options = { ...breakpoints.instructions };
        messages[index] = withAnthropicOptions(messages[index]!, options, { own: true });
      }
      const request = applyPromptBreakpoints({ prompt: messages }, breakpoints.rolling);
      warn(current.session, request.budget);
      return { prompt: request.prompt as typeof prompt };
    },
  };
}
