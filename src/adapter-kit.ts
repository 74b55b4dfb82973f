// agent-context/adapter-kit: what you need to write an adapter, for a sixth agent framework or for a
// framework's file layer. Types of the session protocol an adapter speaks (touches, hidden messages,
// tool calls, user input, command expansion), the options every adapter shares, the types of a
// workspace's own methods, and the kit the five shipped adapters are written with: starting a run,
// composing the tool list, placing hidden messages, reporting user input, expanding commands, and
// sharing the cache-breakpoint budget. docs/adapter-kit.md walks through a whole adapter.
// The list is pinned by `public-surface.test.ts`.

// The session protocol: what an adapter passes to a session and gets back.

export { describeError } from './errors.js';
export type { ExtractedPaths } from './instructions/nested/traversal-paths.js';
export type { ContextAdapterOptions } from './session/adapter-options.js';
export type { CacheBreakpointOptions, CacheControl } from './session/cache-control.js';
export type {
  AfterToolCallChange,
  Awaitable,
  BeforeToolCallDecision,
  CommandExpansion,
  ContextSessionLike,
  EventReason,
  ExpandCommandOptions,
  HiddenMessageRequest,
  InstructionBlock,
  InstructionsValue,
  JsonSchema,
  ToolExecutor,
  Touch,
  TouchedPath,
  TouchKind,
  TouchOptions,
  TouchSource,
  ZodLikeSchema,
} from './session/capability.js';
export type { ContextEventListener, ObserveUserInputOptions } from './session/context-session.js';
export type { HiddenMessage, MessageKeyOf } from './session/hidden-message-store.js';
export type { SessionSource } from './session/session-source.js';

// Workspaces: the methods a workspace implements, and a workspace over a framework's file layer.

export {
  type FileLayer,
  type FileLayerStat,
  type FileLayerWorkspaceOptions,
  fileLayerWorkspace,
} from './workspace/file-layer-workspace.js';
export type { TextFile } from './workspace/read-text-file.js';
export type { ShellExecResult } from './workspace/shell/shell-workspace.js';
export type {
  BatchOutcome,
  DirectoryEntry,
  EntryKind,
  FileStat,
  ListedDirectory,
  ListedEntry,
  ListRequest,
  ReadFileOptions,
  ReadFileResult,
  ScannedFile,
  TreeScan,
  TreeScanRequest,
  WriteFileOptions,
} from './workspace/workspace.js';
export { type WorkspaceBatches, workspaceBatches } from './workspace/workspace-batches.js';

// The tool vocabulary's selection, as sub-agent tools use it.

export type {
  SelectToolsOptions,
  ToolLookupOptions,
  ToolSelection,
} from './tool-vocabulary/tool-vocabulary.js';

// The kit: the per-call protocol of every adapter, written once and free of any framework import.

export {
  type BreakpointBudget,
  budgetBreakpoints,
  type CacheBreakpoints,
  createBreakpointWarnings,
  maxCacheBreakpoints,
  resolveCacheBreakpoints,
} from './adapters/kit/cache-breakpoints.js';
export { type CommandMessageFormat, expandCommandMessages } from './adapters/kit/expand-command-messages.js';
export {
  type HiddenMessageFormat,
  isHidden,
  type MessageFormat,
  placeHiddenMessages,
  prepareModelMessages,
} from './adapters/kit/hidden-messages.js';
export { createMessageKeyOf, type MessageIdentity } from './adapters/kit/message-keys.js';
export { observeTrailingUserInput, type UserInputText } from './adapters/kit/observe-trailing-user-input.js';
export { resolveSession } from './adapters/kit/resolve-session.js';
export { type RunInput, startContextRun } from './adapters/kit/start-context-run.js';
export {
  composeToolList,
  offeredCapabilityTools,
  type ToolListShape,
  withCapabilityTools,
} from './adapters/kit/tool-list.js';
