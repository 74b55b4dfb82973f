import type { LanguageModelMiddleware } from 'ai';
import type { CacheBreakpointOptions } from '../../session/cache-control.js';
import type { ContextSession } from '../../session/context-session.js';
import {
  applyPromptBreakpoints,
  createBreakpointWarnings,
  languageModelFormat,
  prepareModelMessages,
  resolveCacheBreakpoints,
} from '../kit/index.js';
import { isOwnInstructionBreakpoint } from './instruction-messages.js';

/** One message of a model call's prompt (the same shape in the ai 6 and ai 7 specifications). */
type PromptMessage = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params']['prompt'][number];

const promptFormat = languageModelFormat<PromptMessage>();

/** Options of {@link contextModelMiddleware}: the rolling breakpoint of {@link CacheBreakpointOptions}. */
export type ContextModelMiddlewareOptions = Pick<CacheBreakpointOptions, 'rollingCacheBreakpoint'>;

/**
 * The language-model middleware of the AI SDK adapter. On every model call (`transformParams`, generate
 * and stream alike) it:
 * 0. expands the slash commands of user messages (`/review 123`, see `session.expandCommand`), each
 *    message once per session, so its bytes never change on later calls;
 * 1. places the session's hidden messages (nested instructions and other context capabilities asked
 *    for) as `user` messages right after the tool result that triggered them, keyed by tool-call id;
 *    a placed message keeps its bytes and position on every later call, so the prompt stays
 *    append-only; it is never a mid-conversation `system` message;
 * 2. keeps at most four Anthropic cache breakpoints (the host's first, then the instruction
 *    breakpoint, then the rolling one on the newest message).
 *
 * The adapter applies it for you (`withContext`, `contextCallOptions`). Use it directly only to
 * compose with other middleware through `wrapLanguageModel` of your own `ai` version (on ai 6, spread
 * it into an object with `specificationVersion: 'v3'`).
 */
export function contextModelMiddleware(
  session: ContextSession,
  options: ContextModelMiddlewareOptions = {},
): LanguageModelMiddleware {
  const { rolling } = resolveCacheBreakpoints(options, true);
  const warn = createBreakpointWarnings('ai-sdk');
  return {
    transformParams: async ({ params }) => {
      const placed = await prepareModelMessages(session, params.prompt, promptFormat);
      const { prompt, budget } = applyPromptBreakpoints({ ...params, prompt: placed }, rolling, (message) =>
        isOwnInstructionBreakpoint(message.providerOptions),
      );
      warn(session, budget);
      return { ...params, prompt };
    },
  };
}
