import type { ContextEvent } from '@mariozechner/pi-coding-agent';
import { createContentKeys } from '../../session/content-keys.js';
import type { MessageKeyOf } from '../../session/hidden-message-store.js';

/** One message of pi's conversation, as the `context` event gives it. */
export type PiMessage = ContextEvent['messages'][number];

/**
 * The anchor keys of the messages of one model request, for `session.placeHiddenMessages`:
 * - a tool result (`role: 'toolResult'`): its `toolCallId` (the anchor capabilities ask for);
 * - any other message: its role and a hash of its `content` (the whole message for the kinds without
 *   one), numbered when the same content occurs again, with `timestamp` left out of the hash, so a
 *   message keeps its key on every later call while the conversation only grows.
 * Create one key function per model request: it counts repeated contents.
 */
export function createMessageKeyOf(): MessageKeyOf<PiMessage> {
  const contentKeyOf = createContentKeys(['timestamp']);
  return (message) => {
    if (message.role === 'toolResult') return message.toolCallId;
    return contentKeyOf(message.role, 'content' in message ? message.content : message);
  };
}
