import type { ContextSession } from '../../session/context-session.js';
import {
  applyPromptBreakpoints,
  type BreakpointBudget,
  type CacheBreakpoints,
  type LanguageModelMessage,
  languageModelFormat,
  prepareModelMessages,
} from '../kit/index.js';

const promptFormat = languageModelFormat<LanguageModelMessage>();

/**
 * The prompt Mastra is about to send (a language-model prompt: Mastra converts its message list to
 * the model's specification first), for this request only, never written back to the message list or
 * to memory: commands expanded and hidden messages placed (the kit's `prepareModelMessages`), the
 * Anthropic breakpoint on the system message holding the run's last instruction block
 * (`lastInstruction`), then the kit's breakpoint budget (`applyPromptBreakpoints`), what did not fit
 * reported once through `warn`.
 */
export async function prepareRequest<Prompt extends readonly unknown[]>(
  session: ContextSession,
  lastInstruction: string | undefined,
  prompt: Prompt,
  breakpoints: CacheBreakpoints,
  warn: (session: ContextSession, budget: BreakpointBudget) => void,
): Promise<Prompt> {
  const messages = await prepareModelMessages(
    session,
    prompt as unknown as LanguageModelMessage[],
    promptFormat,
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
  const { prompt: prepared, budget } = applyPromptBreakpoints(
    { prompt: messages },
    breakpoints.rolling,
    (message) => own !== undefined && message.providerOptions === own,
  );
  warn(session, budget);
  return prepared as unknown as Prompt;
}
