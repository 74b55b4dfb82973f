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
