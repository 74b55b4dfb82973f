import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { createContentKeys } from '../../session/content-keys.js';
import type { MessageKeyOf } from '../../session/hidden-message-store.js';

/**
 * The anchor keys of the messages of a model request, for `session.placeHiddenMessages`:
 * - a `ToolMessage`: its `tool_call_id` (the anchor capabilities ask for after a tool call);
 * - any other message: its `id` (the agent's state gives every message one, and keeps it);
 * - a message without an id: its type and a hash of its content, numbered when the same content
 *   occurs again, with `cache_control` markers left out of the hash.
 * Create one key function per model call: it counts repeated contents.
 */
export function createMessageKeyOf(): MessageKeyOf<BaseMessage> {
  const contentKeyOf = createContentKeys(['cache_control']);
  return (message) => {
    if (ToolMessage.isInstance(message)) return message.tool_call_id;
    if (typeof message.id === 'string' && message.id !== '') return message.id;
    return contentKeyOf(message.type, [message.content, (message as { tool_calls?: unknown }).tool_calls]);
  };
}
