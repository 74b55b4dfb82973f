import type { Diagnostic } from '../diagnostics.js';
import type { Workspace } from '../workspace/workspace.js';

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

/** What a tool's `execute` receives besides its input. */
export interface ToolExecutionContext {
  /** The provider's tool-call id (unique within a conversation). */
  callId: string;
  /** The run the call belongs to. */
  run: Run;
  /** Aborts when the host cancels the call. */
  signal?: AbortSignal;
}

/** A framework-neutral tool. Adapters map it onto their framework's tool type. */
export interface ToolDefinition<Input = any, Output = unknown> {
  /** Unique within a run; `^[a-zA-Z0-9_-]{1,64}$` works with every provider. */
  name: string;
  description: string;
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

/** Text a capability contributes to the instructions: one block, several, or nothing. */
export type InstructionsValue = string | string[] | undefined | null;

/** A value or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/**
 * A unit of behaviour, framework-neutral. Every part is optional except `name`. Hosts compose
 * capabilities in a {@link ContextSessionLike}; agents author capabilities in this same shape.
 *
 * Order of a run: `capabilities` (contribute more), `onRunStart`, `instructions`, `tools`; then,
 * around each tool call, `beforeToolCall` and `afterToolCall`.
 */
export interface Capability {
  /** Unique within a session; used in events and diagnostics. */
  name: string;
  /** Extra capabilities contributed at run start (capability creation loads the authored set this way). */
  capabilities?(run: Run): Awaitable<Capability[]>;
  /** Called once when a run starts, before instructions are read. */
  onRunStart?(run: Run): Awaitable<void>;
  /** Instruction text, read once per run. The result is frozen for the run. */
  instructions?(run: Run): Awaitable<InstructionsValue>;
  /** Tools, read once per run, kept in the order given. */
  tools?(run: Run): Awaitable<ToolDefinition[]>;
  /** Runs before every tool call (capability and host tools alike). */
  beforeToolCall?(call: ToolCall, run: Run): Awaitable<BeforeToolCallDecision | undefined | void>;
  /** Runs after every tool call, in capability order; each sees the previous one's change. */
  afterToolCall?(
    call: ToolCall,
    result: ToolCallResult,
    run: Run,
  ): Awaitable<AfterToolCallChange | undefined | void>;
  /** Called when the host compacted the conversation (messages were dropped or summarised). */
  onCompaction?(session: ContextSessionLike): Awaitable<void>;
}

/** Why something was loaded, cut, skipped or placed. */
export type EventReason =
  | 'session-start'
  | 'run-start'
  | 'nested'
  | 'import'
  | 'include'
  | 'listing'
  | 'inventory'
  | 'offload'
  | 'authoring'
  | 'compaction'
  | 'reset';

/** Every load, skip, cut, offload and authoring step is an event. Nothing is silent. */
export interface ContextEvent {
  /** What happened. */
  type:
    | 'loaded'
    | 'skipped'
    | 'cut'
    | 'surfaced'
    | 'offloaded'
    | 'authored'
    | 'diagnostic'
    | 'reset'
    | 'compacted';
  reason: EventReason;
  /** The capability that emitted it. */
  capability: string;
  /** The file concerned, as a label. */
  path?: string;
  /** What triggered it (a tool-call id, `session.touch`, user input...). */
  trigger?: string;
  message: string;
  diagnostic?: Diagnostic;
}

/** The part of a session a capability may use. The full session is in `./context-session.ts`. */
export interface ContextSessionLike {
  readonly workspace: Workspace;
  emit(event: ContextEvent): void;
}

/**
 * One agent invocation. Instructions and tools are read once at `startRun()` and frozen, so the
 * prompt prefix is byte-identical across the run's model calls.
 */
export interface Run {
  /** 1 for the session's first run, then 2, 3, ... */
  readonly index: number;
  readonly session: ContextSessionLike;
  readonly workspace: Workspace;
  /** Report an event (adds `capability` when missing is not possible: give it). */
  emit(event: ContextEvent): void;
}
