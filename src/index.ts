export type { Diagnostic, DiagnosticSeverity, LoadResult } from './diagnostics.js';
export {
  AgentContextError,
  type AgentContextErrorCode,
  describeError,
  isAgentContextError,
} from './errors.js';
export type {
  AfterToolCallChange,
  Awaitable,
  BeforeToolCallDecision,
  Capability,
  ContextEvent,
  EventReason,
  InstructionsValue,
  JsonSchema,
  Run,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  ToolInputSchema,
  ZodLikeSchema,
} from './session/capability.js';
export { toLabel } from './workspace/labels.js';
export { type LocalWorkspaceOptions, localWorkspace } from './workspace/local-workspace.js';
export { type MemoryWorkspaceOptions, memoryWorkspace } from './workspace/memory-workspace.js';
export { compareCodePoints, isInside } from './workspace/paths.js';
export { type DecodedText, decodeText, readTextFile, type TextFile } from './workspace/read-text-file.js';
export {
  type RecordedCall,
  type RecordingWorkspace,
  recordingWorkspace,
} from './workspace/recording-workspace.js';
export type {
  DirectoryEntry,
  EntryKind,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace/workspace.js';
