import type { SharedCapabilities } from '../capability-creation/shared-capabilities.js';
import type { SessionSnapshot } from '../session/session-snapshot.js';

/**
 * A file a conversation depends on that lives on one worker's disk: an offloaded tool result, by the
 * path the model reads it with (relative to the workspace's working directory). Kept beside the
 * conversation so a worker that does not share that disk can write it back before the model reads it.
 */
export interface ConversationFile {
  path: string;
  text: string;
}

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
   * return the new version, with `files` (the offloaded results written since the conversation was
   * opened) kept beside it: a path kept before keeps its first text. Throws `state-conflict` when the
   * stored version is not `expectedVersion` (the snapshot is not written, nor is a file any later
   * `loadFiles` could serve as part of that version's state), `store-failed` when the store cannot be
   * written (the stored conversation reads as before).
   */
  save(
    conversationId: string,
    snapshot: SessionSnapshot,
    expectedVersion: number,
    files?: readonly ConversationFile[],
  ): Promise<number>;
  /**
   * The kept files of the conversation among `paths`, in the order asked; a path not kept is left
   * out. One round trip. Optional: a store without it keeps no files (its `save` ignores `files`), and
   * `openConversation` then leaves offloaded results on the disk of the worker that wrote them.
   */
  loadFiles?(conversationId: string, paths: readonly string[]): Promise<ConversationFile[]>;
  /**
   * The authored capabilities the workers of one deployment share through this store, under `name`
   * (default `default`): pass it as `createCapabilityStore(directory, { shared })`. Optional.
   */
  sharedCapabilities?(name?: string): SharedCapabilities;
  /** Forget a conversation and its kept files (a no-op when none is stored). */
  delete(conversationId: string): Promise<void>;
}
