import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';
import { observeTrailingUserInput, type UserInputText } from './observe-trailing-user-input.js';
import { resolveSession } from './resolve-session.js';

/** The user input a run starts with, in the framework's message shape. */
export interface RunInput<Message> {
  /** The conversation as the host passes it; its trailing user messages are the new input. */
  messages: readonly Message[];
  /** The text (and key) of a user message, `undefined` for any other message. */
  readUserInput(message: Message): UserInputText | undefined;
}

/**
 * Start one run of an adapter call: the call's session (the source itself, or what the source
 * function returns for `call`), `session.startRun()` (authored capabilities load; instructions and
 * tools are read once for the run), then the trailing user messages of `input` reported to
 * `session.observeUserInput` unless `observeUserInput` is false.
 */
export async function startContextRun<Call, Message>(
  source: SessionSource<Call>,
  call: Call,
  options: ContextAdapterOptions,
  input?: RunInput<Message>,
): Promise<{ session: ContextSession; run: Run }> {
  const session = await resolveSession(source, call);
  const run = await session.startRun();
  if (input !== undefined && options.observeUserInput !== false) {
    await observeTrailingUserInput(session, input.messages, (message) => input.readUserInput(message));
  }
  return { session, run };
}
