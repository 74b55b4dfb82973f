// agent-context/conversations: a conversation's context as data, so that the next turn can be served
// by another process or another worker. `session.snapshot()` and `createContextSession({ restore })`
// are on every session; here are the snapshot's shape and reader, the conversation stores for hosts
// whose framework has no place for it (with the offloaded results they keep and the authored
// capabilities workers share through them), and what a capability's author needs to save its state.
// See docs/persistence.md.

export type {
  SharedCapabilities,
  SharedCapability,
  SharedCapabilityRecord,
} from './capability-creation/shared-capabilities.js';
export { conversationDefaults } from './conversations/conversation-defaults.js';
export type {
  ConversationFile,
  ConversationStore,
  StoredConversation,
} from './conversations/conversation-store.js';
export {
  type FileConversationStoreOptions,
  fileConversationStore,
} from './conversations/file-conversation-store.js';
export {
  type Conversation,
  type OpenConversationOptions,
  openConversation,
} from './conversations/open-conversation.js';
export {
  type PostgresConversationStoreOptions,
  type PostgresQueryable,
  postgresConversationStore,
} from './conversations/postgres-conversation-store.js';
export type { StatePersistence } from './session/capability.js';
export {
  type CommandExpansionSnapshot,
  type HiddenMessageColumns,
  type HiddenMessageFields,
  type HiddenMessagesSnapshot,
  type JsonValue,
  type LoadedFileColumns,
  type NotSavedState,
  parseSessionSnapshot,
  type SessionSnapshot,
  savedHiddenMessages,
  savedLoadedFiles,
  snapshotVersion,
} from './session/session-snapshot.js';
export type { FrontCodedEntry, FrontCodedList } from './shared/front-coding.js';
