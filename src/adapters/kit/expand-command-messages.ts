import type { ContextSession } from '../../session/context-session.js';
import { createContentKeys } from './content-keys.js';

/** How {@link expandCommandMessages} reads and rewrites one framework's user messages. */
export interface CommandMessageFormat<Message> {
  /** The text of a user message (its text parts joined), or `undefined` for any other message. */
  userText(message: Message): string | undefined;
  /** A copy of the user message whose text is `text` (other parts, such as images, kept). */
  withText(message: Message, text: string): Message;
}

/**
 * Expand the slash commands of a conversation's user messages (`/review 123`), through
 * `session.expandCommand`. Every user message whose text starts with `/` is keyed by its text and
 * its occurrence (`/review 1` typed twice is two messages), so the first expansion of a message is
 * the one it keeps on every later call and run of the session: the prompt before the newest
 * message never changes bytes, even when a file the command reads changes. Messages that are not
 * commands, and unknown commands, are returned as they are (the same objects). Returns a new list
 * only when a message changed.
 */
export async function expandCommandMessages<Message>(
  session: ContextSession,
  messages: readonly Message[],
  format: CommandMessageFormat<Message>,
): Promise<Message[]> {
  const keyOf = createContentKeys();
  let result: Message[] | undefined;
  for (const [index, message] of messages.entries()) {
    const text = format.userText(message);
    if (text === undefined || !text.startsWith('/')) continue;
    const expansion = await session.expandCommand(text, { key: `command:${keyOf('user', text)}` });
    if (expansion.command === undefined || expansion.text === text) continue;
    result ??= [...messages];
    result[index] = format.withText(message, expansion.text);
  }
  return result ?? [...messages];
}
