import type { ContextSession } from '../../session/context-session.js';
import type { HiddenMessage } from '../../session/hidden-message-store.js';
import { createMessageKeyOf, type PiMessage } from './message-keys.js';

/**
 * The messages of one model request with the session's hidden messages placed (the session's one
 * placement algorithm), for pi's `context` event: each is a `user` message right after the tool
 * result that triggered it (after the last of a group of parallel tool results), or after the newest
 * user message for context its input triggered; it keeps its bytes and position on every later
 * request. Its `timestamp` is `0`, so the message is the same object shape on every request.
 *
 * `messages` is not modified (pi passes a copy anyway). Hidden messages are never persisted in pi's
 * session, and are never a mid-conversation system message.
 */
export function placeHiddenMessages(session: ContextSession, messages: readonly PiMessage[]): PiMessage[] {
  const placed = session.placeHiddenMessages(messages, createMessageKeyOf(), {
    staysWithPrevious: (message) => message.role === 'toolResult',
  });
  return placed.map((message) => (isHidden(message) ? toUserMessage(message) : message));
}

function isHidden(message: PiMessage | HiddenMessage): message is HiddenMessage {
  return (message as HiddenMessage).hidden === true;
}

function toUserMessage(message: HiddenMessage): PiMessage {
  return { role: 'user', content: [{ type: 'text', text: message.text }], timestamp: 0 };
}
