/** The defaults of the conversation stores (`fileConversationStore`, `postgresConversationStore`). */
export const conversationDefaults = {
  /** The largest stored conversation read or written, in bytes: a snapshot is about the size of the text it delivered. */
  maxSnapshotBytes: 16 * 1024 * 1024,
  /** The table `postgresConversationStore` keeps conversations in. */
  table: 'agent_context_conversations',
} as const;
