import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { ContextSession } from '../../session/context-session.js';
import type { HiddenMessage } from '../../session/hidden-message-store.js';
import { createMessageKeyOf } from './message-keys.js';

/**
 * The messages of one model request with the session's hidden messages placed (the session's one
 * placement algorithm): each is a `HumanMessage` right after the `ToolMessage` of the tool call that
 * triggered it (after the last of a group of parallel tool results), or after the user message that
 * mentioned a file; it keeps its bytes and position on every later call. Its `id` is the hidden
 * message's stable key. `messages` (the agent's state) is not modified: hidden messages live in the
 * request only, are never persisted, and are never a mid-conversation system message.
 */
export function placeHiddenMessages(
  session: ContextSession,
  messages: readonly BaseMessage[],
): BaseMessage[] {
  const placed = session.placeHiddenMessages(messages, createMessageKeyOf(), {
    staysWithPrevious: (message) => ToolMessage.isInstance(message),
  });
  return placed.map((message) => (isHidden(message) ? toHumanMessage(message) : message));
}

function isHidden(message: BaseMessage | HiddenMessage): message is HiddenMessage {
  return (message as HiddenMessage).hidden === true;
}

function toHumanMessage(message: HiddenMessage): HumanMessage {
  return new HumanMessage({ content: message.text, id: message.key });
}
