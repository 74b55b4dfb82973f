import { createContentKeys } from '../../session/content-keys.js';
import type { MessageKeyOf } from '../../session/hidden-message-store.js';
import type { ModelCallParams } from './cache-breakpoints.js';

type PromptMessage = ModelCallParams['prompt'][number];

/**
 * The anchor keys of a model call's messages, for `session.placeHiddenMessages`:
 * - a tool message: the tool-call ids of its results (the anchors capabilities ask for);
 * - a user or assistant message: its role and a hash of its content, numbered when the same content
 *   occurs again (`user:3f9a...#2`), so a message keeps its key on every later call;
 * - a system message: no key. System messages are the instructions, sent again on every call,
 *   never history, so nothing is anchored on them.
 * Provider options are left out of the hash: cache markers move between calls and must not change
 * a message's identity. Create one key function per call: it counts repeated contents.
 */
export function createMessageKeyOf(): MessageKeyOf<PromptMessage> {
  const contentKeyOf = createContentKeys(['providerOptions']);
  return (message) => {
    if (message.role === 'system') return undefined;
    if (message.role === 'tool') {
      const ids: string[] = [];
      for (const part of message.content) if (part.type === 'tool-result') ids.push(part.toolCallId);
      return ids;
    }
    return contentKeyOf(message.role, message.content);
  };
}
