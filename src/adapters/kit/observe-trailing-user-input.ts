import type { ContextSession } from '../../session/context-session.js';

/** A user message as {@link observeTrailingUserInput} reads it. */
export interface UserInputText {
  /** The message's text parts joined with a newline (`''` when it has none). */
  text: string;
  /** The adapter's key of the message, so context it triggers is placed right after it. */
  key?: string;
}

/**
 * Report the newest user input (the user messages at the end of `messages`, in order) to
 * `session.observeUserInput`, so `<file name="...">` attachments and `@path` mentions surface their
 * directories' instructions. `readUserInput` returns `undefined` for a message that is not the user's;
 * the walk back stops at the first such message. Messages without text are skipped.
 */
export async function observeTrailingUserInput<Message>(
  session: ContextSession,
  messages: readonly Message[],
  readUserInput: (message: Message) => UserInputText | undefined,
): Promise<void> {
  const first = messages.findLastIndex((message) => readUserInput(message) === undefined) + 1;
  for (const message of messages.slice(first)) {
    const input = readUserInput(message)!;
    if (input.text === '') continue;
    await session.observeUserInput(input.text, input.key === undefined ? {} : { key: input.key });
  }
}
