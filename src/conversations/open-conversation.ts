import type { ContextSession } from '../session/context-session.js';
import { checkConversationId } from './conversation-errors.js';
import type { ConversationStore } from './conversation-store.js';

/** Options of {@link openConversation}. */
export interface OpenConversationOptions {
  /** Where conversations are kept. */
  store: ConversationStore;
  /** The host's id of the conversation (a chat id, a thread id, the OpenAI Agents session id). */
  conversationId: string;
  /** A session of this request, with the capabilities and options the conversation was started with. */
  session: ContextSession;
}

/** A session bound to one stored conversation: see {@link openConversation}. */
export interface Conversation {
  readonly conversationId: string;
  readonly session: ContextSession;
  /** The stored version the session builds on: 0 until the conversation is first saved. */
  readonly version: number;
  /**
   * Store the session's snapshot as the next version and return it: one round trip. Call it when a
   * turn ends, next to where the host stores the turn's messages. Throws `state-conflict` when
   * another worker saved a turn of the conversation since it was opened (nothing is written: open
   * it again and redo the turn), `store-failed` when the store cannot be written.
   */
  save(): Promise<number>;
}

/**
 * Continue a stored conversation in `session` (a new one, for this request or worker): one round trip
 * to load; when the store holds the conversation, the session continues from its snapshot
 * (`session.restore`), so the model gets every hidden message at its place with its bytes, and nothing
 * surfaced before is surfaced again. A conversation not stored yet leaves the session as it is.
 * Throws what the store's `load` throws (`snapshot-invalid`, `snapshot-version`, `store-failed`),
 * leaving the stored conversation untouched.
 *
 * @example
 * const conversation = await openConversation({ store, conversationId: chatId, session: createSession() });
 * const run = await conversation.session.startRun();
 * const result = await generateText(await contextCallOptions(run, { model, messages }));
 * await saveMessages(chatId, result.response.messages);
 * await conversation.save();
 */
export async function openConversation(options: OpenConversationOptions): Promise<Conversation> {
  const { store, conversationId, session } = options;
  checkConversationId(conversationId);
  const stored = await store.load(conversationId);
  if (stored !== undefined) session.restore(stored.snapshot);
  let version = stored?.version ?? 0;
  return {
    conversationId,
    session,
    get version() {
      return version;
    },
    async save() {
      version = await store.save(conversationId, session.snapshot(), version);
      return version;
    },
  };
}
