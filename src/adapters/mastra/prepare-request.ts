import type { CacheControl } from '../../session/cache-control.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import { applyCacheBreakpoints, type ModelCallParams } from '../ai-sdk/cache-breakpoints.js';
import {
  type PromptMessage,
  promptCommandFormat,
  promptMessageFormat,
} from '../ai-sdk/hidden-message-format.js';
import { ownInstructionBreakpoints } from '../ai-sdk/instruction-messages.js';
import { expandCommandMessages, placeHiddenMessages } from '../kit/index.js';

/** The breakpoints the adapter sets on each model request (`false`: none). */
export interface RequestBreakpoints {
  /** On the system message holding the run's last instruction block. */
  instructions: CacheControl | false;
  /** On the newest message. */
  rolling: CacheControl | false;
}

/**
 * The prompt Mastra is about to send (an AI SDK prompt: Mastra converts its message list to the
 * model's specification first), prepared for this request only, never written back to the message
 * list or to memory:
 * 0. the slash commands of user messages are expanded (`session.expandCommand`), each message
 *    once per session, so its bytes never change;
 * 1. the system message holding the run's last instruction block gets the Anthropic breakpoint;
 * 2. the session's hidden messages are placed as `user` messages right after the tool result that
 *    triggered them (after the whole group of parallel results), with the same bytes and position
 *    on every later request (the AI SDK adapter's message format);
 * 3. at most four breakpoints: the host's first, then the instruction one, then the rolling one.
 */
export async function prepareRequest<Prompt extends readonly unknown[]>(
  session: ContextSession,
  run: Run,
  prompt: Prompt,
  breakpoints: RequestBreakpoints,
): Promise<Prompt> {
  const messages = await expandCommandMessages(
    session,
    prompt as unknown as PromptMessage[],
    promptCommandFormat,
  );
  const last = run.instructionBlocks.at(-1)?.text;
  if (breakpoints.instructions !== false && last !== undefined) {
    const index = messages.findLastIndex((message) => message.role === 'system' && message.content === last);
    const message = messages[index];
    if (message !== undefined) {
      const anthropic = {
        ...message.providerOptions?.anthropic,
        cacheControl: { ...breakpoints.instructions },
      };
      const providerOptions = { ...message.providerOptions, anthropic };
      ownInstructionBreakpoints.add(providerOptions);
      messages[index] = { ...message, providerOptions } as PromptMessage;
    }
  }
  const placed = placeHiddenMessages(session, messages, promptMessageFormat);
  const outcome = applyCacheBreakpoints({ prompt: placed } as ModelCallParams, breakpoints.rolling);
  return outcome.params.prompt as unknown as Prompt;
}
