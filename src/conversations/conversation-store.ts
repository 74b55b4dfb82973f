import type { SessionSnapshot } from '../session/session-snapshot.js';

/** A conversation as a store holds it: its latest snapshot and that snapshot's version. */
export interface StoredConversation {
  snapshot: SessionSnapshot;
  /** 1 for the first save, then 2, 3, ...: what the next `save` of this state passes as `expectedVersion`. */
  version: number;
}

/**
 * Where a conversation's context lives between requests, for hosts whose framework has no place for
 * it (the AI SDK, the OpenAI Agents SDK, Mastra without its own storage). Keyed by the host's
 * conversation id; every save names the version it builds on, so two workers finishing turns of one
 * conversation at once never lose or interleave state: the second gets `state-conflict`.
 *
 * Implementations: `fileConversationStore` (embedded, files in one directory, nothing to run) and
 * `postgresConversationStore` (many workers on many machines). Both cost one round trip to load and
 * one to save.
 */
export interface ConversationStore {
  /**
   * The stored conversation, or `undefined` when none is stored under the id. Throws `snapshot-invalid`
   * (or `snapshot-version`) for stored data that is not a snapshot, and `store-failed` when the store
   * cannot be read; the stored data is left as it is.
   */
  load(conversationId: string): Promise<StoredConversation | undefined>;
  /**
   * Store `snapshot` as the version after `expectedVersion` (0 for a conversation not stored yet) and
   * return the new version. Throws `state-conflict` when the stored version is not `expectedVersion`
   * (nothing is written), `store-failed` when the store cannot be written (the stored conversation
   * reads as before).
   */
  save(conversationId: string, snapshot: SessionSnapshot, expectedVersion: number): Promise<number>;
  /** Forget a conversation (a no-op when none is stored). */
  delete(conversationId: string): Promise<void>;
}
