/** The defaults of the conversation stores (`fileConversationStore`, `postgresConversationStore`). */
export const conversationDefaults = {
  /** The largest stored conversation read or written, in bytes: a snapshot is about the size of the text it delivered. */
  maxSnapshotBytes: 16 * 1024 * 1024,
  /**
   * The largest offloaded result `openConversation` keeps in the store, in bytes of its JSON string: a
   * larger one stays on the disk of the worker that wrote it (an `offload-not-kept` diagnostic says so).
   */
  maxKeptFileBytes: 8 * 1024 * 1024,
  /** The table `postgresConversationStore` keeps conversations in. */
  table: 'agent_context_conversations',
} as const;
