import type { ContextSession } from '../../session/context-session.js';
import {
  applyPromptBreakpoints,
  type BreakpointBudget,
  type CacheBreakpoints,
  expandCommandMessages,
  type LanguageModelMessage,
  languageModelCommandFormat,
  languageModelMessageFormat,
  placeHiddenMessages,
} from '../kit/index.js';

const promptMessageFormat = languageModelMessageFormat<LanguageModelMessage>();
const promptCommandFormat = languageModelCommandFormat<LanguageModelMessage>();

/**
 * The prompt Mastra is about to send (a language-model prompt: Mastra converts its message list to
 * the model's specification first), prepared for this request only, never written back to the message
 * list or to memory:
 * 0. the slash commands of user messages are expanded (`session.expandCommand`), each message
 *    once per session, so its bytes never change;
 * 1. the system message holding the run's last instruction block (`lastInstruction`) gets the
 *    Anthropic breakpoint;
 * 2. the session's hidden messages are placed as `user` messages right after the tool result that
 *    triggered them (after the whole group of parallel results), with the same bytes and position
 *    on every later request;
 * 3. at most four breakpoints: the host's first, then the instruction one, then the rolling one
 *    (see `applyPromptBreakpoints`); what did not fit is reported once through `warn`.
 */
export async function prepareRequest<Prompt extends readonly unknown[]>(
  session: ContextSession,
  lastInstruction: string | undefined,
  prompt: Prompt,
  breakpoints: CacheBreakpoints,
  warn: (session: ContextSession, budget: BreakpointBudget) => void,
): Promise<Prompt> {
  const messages = await expandCommandMessages(
    session,
    prompt as unknown as LanguageModelMessage[],
    promptCommandFormat,
  );
  let own: LanguageModelMessage['providerOptions'];
  if (breakpoints.instructions !== false && lastInstruction !== undefined) {
    const index = messages.findLastIndex(
      (message) => message.role === 'system' && message.content === lastInstruction,
    );
    const message = messages[index];
    if (message !== undefined) {
      const anthropic = {
        ...message.providerOptions?.anthropic,
        cacheControl: { ...breakpoints.instructions },
      };
      own = { ...message.providerOptions, anthropic };
      messages[index] = { ...message, providerOptions: own };
    }
  }
  const placed = placeHiddenMessages(session, messages, promptMessageFormat);
  const { prompt: prepared, budget } = applyPromptBreakpoints(
    { prompt: placed },
    breakpoints.rolling,
    (message) => own !== undefined && message.providerOptions === own,
  );
  warn(session, budget);
  return prepared as unknown as Prompt;
}
