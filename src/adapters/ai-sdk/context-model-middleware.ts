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

/** One message of a model call's prompt (the same shape in the ai 6 and ai 7 specifications). */
type PromptMessage = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params']['prompt'][number];

const promptFormat = languageModelFormat<PromptMessage>();

/** Options of {@link contextModelMiddleware}: the rolling breakpoint of {@link CacheBreakpointOptions}. */
export type ContextModelMiddlewareOptions = Pick<CacheBreakpointOptions, 'rollingCacheBreakpoint'>;

/**
 * The language-model middleware of the AI SDK adapter: on every model call (`transformParams`), the
 * kit's `prepareModelMessages` (commands expanded, hidden messages placed) and breakpoint budget
 * (`applyPromptBreakpoints`: the host's first, then the instruction one, then the rolling one).
 * `withContext` and `contextCallOptions` apply it; use it directly only to compose with other
 * middleware through `wrapLanguageModel` of your own `ai` version (on ai 6, spread it into an object
 * with `specificationVersion: 'v3'`).
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
      const { prompt, budget } = applyPromptBreakpoints({ ...params, prompt: placed }, rolling);
      warn(session, budget);
      return { ...params, prompt };
    },
  };
}
