import type { ContextEvent } from '@mariozechner/pi-coding-agent';
import { createMessageKeyOf, type MessageFormat, replaceTextParts, textOfParts } from '../kit/index.js';

/** One message of pi's conversation, as the `context` event gives it. */
export type PiMessage = ContextEvent['messages'][number];

/**
 * pi's messages for the kit, in pi's `context` event (so pi's session file keeps what the user typed):
 * - keys: a tool result (`role: 'toolResult'`) by its `toolCallId` (the anchor capabilities ask for);
 *   any other message by its role and a hash of its `content` (the whole message for the kinds without
 *   one), with `timestamp` left out of the hash;
 * - a hidden message becomes a `user` message with one text part and `timestamp: 0`, so it is the same
 *   object shape on every request;
 * - a command's expanded text replaces a user message's text parts as one text part where the first
 *   was, images kept.
 */
export const piMessageFormat: MessageFormat<PiMessage> = {
  createKeyOf: () =>
    createMessageKeyOf<PiMessage>(
      (message) =>
        message.role === 'toolResult'
          ? { toolCallIds: message.toolCallId, role: message.role, content: message.content }
          : { role: message.role, content: 'content' in message ? message.content : message },
      ['timestamp'],
    ),
  isToolResult: (message) => message.role === 'toolResult',
  toolCallsOf: (message) =>
    message.role === 'assistant'
      ? message.content.flatMap((part) =>
          part.type === 'toolCall' ? [{ id: part.id, toolName: part.name, input: part.arguments }] : [],
        )
      : undefined,
  toMessage: (message) => ({ role: 'user', content: [{ type: 'text', text: message.text }], timestamp: 0 }),
  userText: (message) => (message.role === 'user' ? textOfParts(message.content) : undefined),
  withText: (message, text) =>
    message.role !== 'user'
      ? message
      : {
          ...message,
          content: typeof message.content === 'string' ? text : replaceTextParts(message.content, text),
        },
};
