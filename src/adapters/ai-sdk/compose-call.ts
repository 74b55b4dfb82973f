import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { CacheBreakpointOptions } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import { type RunInput, resolveCacheBreakpoints, textOfParts, withCapabilityTools } from '../kit/index.js';
import { composeTools } from './compose-tools.js';
import { contextModelMiddleware } from './context-model-middleware.js';
import { composeInstructions, type HostInstructions } from './instruction-messages.js';
import { wrapModel } from './wrap-model.js';

/**
 * Options shared by `withContext` and `contextCallOptions`: the options every adapter takes, and the
 * Anthropic breakpoints (as `providerOptions.anthropic.cacheControl`, which only the Anthropic provider
 * reads, so both are on by default for every model).
 */
export interface AiSdkContextOptions extends ContextAdapterOptions, CacheBreakpointOptions {}

/** The part of the host's call settings the adapter reads. Everything else passes through. */
export interface HostCallSettings {
  model: LanguageModel;
  /** ai 7 and the `ToolLoopAgent` of both majors. */
  instructions?: HostInstructions;
  /** `generateText` / `streamText` of ai 6 (deprecated alias in ai 7). */
  system?: HostInstructions;
  tools?: ToolSet;
  activeTools?: readonly string[];
  prompt?: string | ModelMessage[];
  messages?: ModelMessage[];
}

/** What the adapter changes in the host's settings. */
export interface ComposedCall {
  model: LanguageModel;
  instructions: HostInstructions;
  tools: ToolSet;
  activeTools?: string[];
}

/**
 * The settings of one run: the host's model wrapped by the context middleware, the host's
 * instructions followed by the run's instruction blocks, the host's tools then the run's tools (all
 * executing through the run's hooks). When the host limits `activeTools`, the run's tools are added
 * to the list, since the host cannot know their names in advance.
 */
export function composeCall(
  session: ContextSession,
  run: Run,
  host: HostCallSettings,
  options: AiSdkContextOptions,
): ComposedCall {
  const tools = composeTools(host.tools, run, options);
  const composed: ComposedCall = {
    model: wrapModel(host.model, contextModelMiddleware(session, options)),
    instructions: composeInstructions(
      host.instructions ?? host.system,
      run,
      resolveCacheBreakpoints(options, true).instructions,
    ),
    tools,
  };
  if (host.activeTools !== undefined) {
    const added = Object.keys(tools).filter((name) => !Object.hasOwn(host.tools ?? {}, name));
    composed.activeTools = withCapabilityTools(host.activeTools, added);
  }
  return composed;
}

/**
 * The user input of a call (the trailing user messages of `prompt` or `messages`), so `<file
 * name="...">` attachments and `@path` mentions surface their directories' instructions right after it.
 */
export function userInputOf(host: HostCallSettings): RunInput<ModelMessage> {
  return {
    messages:
      typeof host.prompt === 'string'
        ? [{ role: 'user', content: host.prompt }]
        : (host.prompt ?? host.messages ?? []),
    readUserInput: (message) =>
      message.role === 'user' ? { text: textOfParts(message.content) } : undefined,
  };
}
