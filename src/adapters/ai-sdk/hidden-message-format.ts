import {
  type CommandMessageFormat,
  createMessageKeyOf,
  type HiddenMessageFormat,
  textOfParts,
} from '../kit/index.js';
import type { ModelCallParams } from './cache-breakpoints.js';

/** One message of a model call's prompt. */
export type PromptMessage = ModelCallParams['prompt'][number];

/**
 * The AI SDK's prompt messages for the kit's hidden-message placement:
 * - keys: a tool message by the tool-call ids of its results (the anchors capabilities ask for); a
 *   user or assistant message by its role and a hash of its content (provider options left out: cache
 *   markers move between calls); a system message has none (the instructions, sent again on every
 *   call, are never history);
 * - a hidden message becomes a `user` message with one text part.
 */
export const promptMessageFormat: HiddenMessageFormat<PromptMessage> = {
  createKeyOf: () =>
    createMessageKeyOf<PromptMessage>(
      (message) => {
        if (message.role === 'system') return undefined;
        if (message.role === 'tool') {
          const toolCallIds: string[] = [];
          for (const part of message.content)
            if (part.type === 'tool-result') toolCallIds.push(part.toolCallId);
          return { toolCallIds, role: message.role, content: message.content };
        }
        return { role: message.role, content: message.content };
      },
      ['providerOptions'],
    ),
  isToolResult: (message) => message.role === 'tool',
  toMessage: (message) => ({ role: 'user', content: [{ type: 'text', text: message.text }] }),
};

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
