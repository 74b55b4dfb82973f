import type { Run } from './capability.js';

/** A plain JSON Schema object (draft 2020-12 or 7), as most providers accept it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A zod 4 schema, recognised structurally (`_zod` marker) so the core does not import zod at runtime.
 * Adapters convert it with `z.toJSONSchema` where a framework wants JSON Schema.
 */
export interface ZodLikeSchema {
  readonly _zod: unknown;
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown };
}

/** The input schema of a tool: zod 4 or plain JSON Schema. */
export type ToolInputSchema = ZodLikeSchema | JsonSchema;

/** What kind of path a touch names. Unknown kinds cost one `stat` to find out. */
export type TouchKind = 'file' | 'directory';

/** A path a tool call touched (read, listed, wrote), as the tool reported it. */
export interface TouchedPath {
  /** As the tool received it: relative to the workspace's `cwd`, or absolute. */
  path: string;
  /** `file` surfaces its parent directory, `directory` itself; absent: found out with one `stat`. */
  kind?: TouchKind;
}

/** What a tool's `execute` receives besides its input. */
export interface ToolExecutionContext {
  /** The provider's tool-call id (unique within a conversation). */
  callId: string;
  /** The run the call belongs to. */
  run: Run;
  /** Aborts when the host cancels the call. */
  signal?: AbortSignal;
  /**
   * Report a path this call touched. Touches count only when the call succeeds: they reach
   * `afterToolCall` hooks as {@link ToolCallResult.touched}. Always present when the session runs
   * the tool; optional so a tool can be called directly (tests) without a session.
   */
  touch?(path: string, kind?: TouchKind): void;
}

/** A framework-neutral tool. Adapters map it onto their framework's tool type. */
// biome-ignore lint/suspicious/noExplicitAny: `any` lets tools with typed inputs sit in one ToolDefinition[] list.
export interface ToolDefinition<Input = any, Output = unknown> {
  /** Unique within a run; `^[a-zA-Z0-9_-]{1,64}$` works with every provider. */
  name: string;
  description: string;
  /** Zod input is validated (and defaults applied) before `execute`; JSON Schema is left to the framework. */
  inputSchema: ToolInputSchema;
  /** Return the result; throw to report a tool error (the message goes to the model). */
  execute(input: Input, context: ToolExecutionContext): Promise<Output> | Output;
}

/** A tool call as the session sees it, whoever executes it (a capability tool or a host tool). */
export interface ToolCall {
  /** The provider's tool-call id. */
  id: string;
  toolName: string;
  input: unknown;
}

/** The outcome of a tool call. `isError` results are never offloaded and never count as touches. */
export interface ToolCallResult {
  output: unknown;
  isError: boolean;
  /** Paths the executing tool reported through {@link ToolExecutionContext.touch}; only on success. */
  touched?: readonly TouchedPath[];
}

/** What `beforeToolCall` may decide. Return nothing to let the call proceed unchanged. */
export type BeforeToolCallDecision =
  /** Do not run the tool; the model receives `reason` as a tool error. */
  | { block: string }
  /** Run the tool with this input instead. */
  | { input: unknown };

/** What `afterToolCall` may change. Return nothing to keep the result. */
export interface AfterToolCallChange {
  /** Replacement output (e.g. an offload preview). */
  output: unknown;
}
