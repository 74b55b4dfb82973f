import type { ToolCall } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { HiddenMessage, MessageKeyOf } from '../../session/hidden-message-store.js';
import { type CommandMessageFormat, expandCommandMessages } from './expand-command-messages.js';

/** How an adapter's framework shapes its messages, for {@link placeHiddenMessages}. */
export interface HiddenMessageFormat<Message> {
  /** A new key function for one model call (see `createMessageKeyOf`). */
  createKeyOf(): MessageKeyOf<Message>;
  /** True for a tool result, which keeps the hidden message after the whole group of parallel results. */
  isToolResult(message: Message): boolean;
  /**
   * The tool calls a message holds (an assistant message's calls, with their ids and inputs), for
   * `session.reconcileHistory`; `undefined` or `[]` for any other message. Default: none (a
   * conversation continued after a worker stopped mid-turn is not reconciled).
   */
  toolCallsOf?(message: Message): readonly ToolCall[] | undefined;
  /** The framework's user-role message for a hidden message, with the hidden message's text. */
  toMessage(message: HiddenMessage): Message;
}

/**
 * The messages of one model request with the session's hidden messages placed (the session's one
 * placement algorithm): each is a user-role message right after the tool result that triggered it
 * (after the last of a group of parallel tool results), or after the user message that mentioned a
 * file; it keeps its bytes and position on every later call. `messages` is not modified: hidden
 * messages live in the request only, are never persisted, and are never a mid-conversation system
 * message.
 */
export function placeHiddenMessages<Message>(
  session: ContextSession,
  messages: readonly Message[],
  format: HiddenMessageFormat<Message>,
): Message[] {
  const placed = session.placeHiddenMessages(messages, format.createKeyOf(), {
    staysWithPrevious: (message) => format.isToolResult(message),
  });
  return placed.map((message) => (isHidden(message) ? format.toMessage(message) : message));
}

/** One framework's messages, for both {@link placeHiddenMessages} and `expandCommandMessages`. */
export type MessageFormat<Message> = HiddenMessageFormat<Message> & CommandMessageFormat<Message>;

/**
 * What every adapter does to the messages of each model request: the slash commands of user messages
 * expanded (`expandCommandMessages`), then the session's hidden messages placed
 * ({@link placeHiddenMessages}). `messages` is not modified.
 */
export async function prepareModelMessages<Message>(
  session: ContextSession,
  messages: readonly Message[],
  format: MessageFormat<Message>,
): Promise<Message[]> {
  const expanded = await expandCommandMessages(session, messages, format);
  const { toolCallsOf } = format;
  if (toolCallsOf !== undefined) await session.reconcileHistory(expanded, format.createKeyOf(), toolCallsOf);
  return placeHiddenMessages(session, expanded, format);
}

/** True for a hidden message the session placed (as opposed to one of the host's messages). */
export function isHidden<Message>(message: Message | HiddenMessage): message is HiddenMessage {
  return (message as HiddenMessage | undefined)?.hidden === true;
}
