import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import { type CacheControl, resolveCacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import { observeTrailingUserInput, textOfParts } from '../kit/index.js';
import { composeTools } from './compose-tools.js';
import { type ContextModelMiddlewareOptions, contextModelMiddleware } from './context-model-middleware.js';
import { composeInstructions, type HostInstructions } from './instruction-messages.js';
import { wrapModel } from './wrap-model.js';

/** Options shared by `withContext` and `contextCallOptions`. */
export interface AiSdkContextOptions extends ContextModelMiddlewareOptions, ContextAdapterOptions {
  /**
   * The Anthropic breakpoint on the last instruction block (`providerOptions.anthropic.cacheControl`).
   * `false` leaves it out. Default `true` (`{ type: 'ephemeral' }`, 5 minutes).
   */
  cacheControl?: boolean | CacheControl;
}

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
  const tools = composeTools(host.tools, run, { hostToolHooks: options.hostToolHooks ?? true });
  const composed: ComposedCall = {
    model: wrapModel(host.model, contextModelMiddleware(session, options)),
    instructions: composeInstructions(
      host.instructions ?? host.system,
      run,
      resolveCacheControl(options.cacheControl, true),
    ),
    tools,
  };
  if (host.activeTools !== undefined) {
    const own = run.tools.map((tool) => tool.name).filter((name) => !host.activeTools?.includes(name));
    composed.activeTools = [...host.activeTools, ...own.filter((name) => Object.hasOwn(tools, name))];
  }
  return composed;
}

/**
 * Report the newest user input (the trailing user messages) to the session, so `<file name="...">`
 * attachments and `@path` mentions surface their directories' instructions right after it. Nothing
 * with `observeUserInput: false`.
 */
export async function observeNewUserInput(
  session: ContextSession,
  host: HostCallSettings,
  options: ContextAdapterOptions,
): Promise<void> {
  if (options.observeUserInput === false) return;
  const messages: ModelMessage[] =
    typeof host.prompt === 'string'
      ? [{ role: 'user', content: host.prompt }]
      : (host.prompt ?? host.messages ?? []);
  await observeTrailingUserInput(session, messages, (message) => {
    return message.role === 'user' ? { text: textOfParts(message.content) } : undefined;
  });
}
