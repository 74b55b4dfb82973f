export type { Diagnostic, DiagnosticSeverity, LoadResult } from './diagnostics.js';
export { AgentContextError, type AgentContextErrorCode, describeError, isAgentContextError } from './errors.js';
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
export type {
  DirectoryEntry,
  EntryKind,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace/workspace.js';
