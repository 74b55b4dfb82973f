import type { MessageKeyOf } from '../../session/hidden-message-store.js';
import { createContentKeys } from './content-keys.js';

/** What the kit needs to know about one framework message to give it an anchor key. */
export interface MessageIdentity {
  /** The tool-call id(s) of a tool result message: its keys, the anchors capabilities ask for. */
  toolCallIds?: string | readonly string[];
  /** An id the framework keeps for the message across calls; used when non-empty. */
  id?: string;
  /** The role (or type) and the content hashed for a message with neither. */
  role: string;
  content: unknown;
}

/**
 * A key function for `session.placeHiddenMessages` from a framework's description of its messages:
 * a tool result is keyed by its tool-call ids, a message with an id by that id, any other by its role
 * and a hash of its content, numbered when the same content occurs again (`user:3f9a...#2`), so a
 * message keeps its key on every later call while the conversation only grows. `identify` returns
 * `undefined` for a message that must never be an anchor (one injected per call, such as the
 * instructions). Properties named in `ignoredKeys` (cache markers, timestamps) are left out of the
 * hash. Create one key function per model call: it counts repeated contents.
 */
export function createMessageKeyOf<Message>(
  identify: (message: Message) => MessageIdentity | undefined,
  ignoredKeys: readonly string[] = [],
): MessageKeyOf<Message> {
  const contentKeyOf = createContentKeys(ignoredKeys);
  return (message) => {
    const identity = identify(message);
    if (identity === undefined) return undefined;
    if (identity.toolCallIds !== undefined) return identity.toolCallIds;
    if (identity.id !== undefined && identity.id !== '') return identity.id;
    return contentKeyOf(identity.role, identity.content);
  };
}
