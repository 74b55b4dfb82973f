import type { LanguageModelMiddleware } from 'ai';
import { type CommandMessageFormat, textOfParts } from '../kit/index.js';

/** What a language model receives for one call (the same shape in the ai 6 and ai 7 specifications). */
export type ModelCallParams = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];

/** One message of a model call's prompt. */
export type PromptMessage = ModelCallParams['prompt'][number];

/**
 * The AI SDK's user messages for the kit's command expansion: the text parts joined; the expanded
 * text replaces them as one text part, where the first text part was (its provider options kept),
 * and every other part (files, images) stays.
 */
export const promptCommandFormat: CommandMessageFormat<PromptMessage> = {
  userText: (message) => (message.role === 'user' ? textOfParts(message.content) : undefined),
  withText: (message, text) => {
    if (message.role !== 'user') return message;
    const content: typeof message.content = [];
    let placed = false;
    for (const part of message.content) {
      if (part.type !== 'text') content.push(part);
      else if (!placed) {
        content.push({ ...part, text });
        placed = true;
      }
    }
    return { ...message, content };
  },
};
