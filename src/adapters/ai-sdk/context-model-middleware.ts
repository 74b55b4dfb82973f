import type { LanguageModelMiddleware } from 'ai';
import { type CacheControl, resolveCacheControl } from '../../session/cache-control.js';
import type { ContextSession } from '../../session/context-session.js';
import { expandCommandMessages, placeHiddenMessages } from '../kit/index.js';
import { applyCacheBreakpoints } from './cache-breakpoints.js';
import { promptCommandFormat, promptMessageFormat } from './hidden-message-format.js';

/** Options of {@link contextModelMiddleware}. */
export interface ContextModelMiddlewareOptions {
  /**
   * Put an Anthropic breakpoint on the newest message of every call, so the history is cached too.
   * `false` turns it off; an object sets its `ttl`. Default `true` (`{ type: 'ephemeral' }`). Skipped
   * when the request already holds four breakpoints.
   */
  rollingCacheBreakpoint?: boolean | CacheControl;
}

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
  const rolling = resolveCacheControl(options.rollingCacheBreakpoint, true);
  let reportedDrop = false;
  let reportedSkip = false;
  return {
    transformParams: async ({ params }) => {
      const expanded = await expandCommandMessages(session, params.prompt, promptCommandFormat);
      const prompt = placeHiddenMessages(session, expanded, promptMessageFormat);
      const outcome = applyCacheBreakpoints({ ...params, prompt }, rolling);
      if (outcome.droppedInstructionBreakpoint && !reportedDrop) {
        reportedDrop = true;
        warn(
          session,
          `The host already sets ${outcome.host} cache breakpoints; the instruction breakpoint was left out.`,
        );
      }
      if (outcome.skippedRolling && !reportedSkip) {
        reportedSkip = true;
        warn(
          session,
          'Four cache breakpoints are already in use; the rolling breakpoint on the newest message was left out.',
        );
      }
      return outcome.params;
    },
  };
}

function warn(session: ContextSession, message: string): void {
  session.emit({
    type: 'diagnostic',
    reason: 'run-start',
    capability: 'ai-sdk',
    message,
    diagnostic: { severity: 'warning', code: 'cache-breakpoint-limit', message },
  });
}
