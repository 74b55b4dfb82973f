import type { Workspace } from '../workspace/workspace.js';
import type { ContextEvent } from './context-event.js';
import type {
  AfterToolCallChange,
  BeforeToolCallDecision,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  TouchedPath,
  TouchKind,
} from './tool-definition.js';

// The tool and event types live in their own files; every session type stays importable from here.
export type { ContextEvent, EventReason } from './context-event.js';
export type {
  AfterToolCallChange,
  BeforeToolCallDecision,
  JsonSchema,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  ToolInputSchema,
  TouchedPath,
  TouchKind,
  ZodLikeSchema,
} from './tool-definition.js';

/** Text a capability contributes to the instructions: one block, several, or nothing. */
export type InstructionsValue = string | string[] | undefined | null;

/** A value or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/** Where a touch outside a tool call came from. */
export type TouchSource = 'user-input' | 'manual';

/**
 * A touch that did not come from a tool call: `session.touch()` or an `@file` in user input.
 * (Tool-call touches reach `afterToolCall` instead, so capabilities can change the result.)
 */
export interface Touch extends TouchedPath {
  source: TouchSource;
  /** Human-readable cause for events and `describe()`, e.g. `user input` or `session.touch`. */
  trigger: string;
  /** Key of the persisted message the resulting context belongs after (e.g. the user message). */
  anchor?: string;
}

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
  /**
   * Extra capabilities contributed at run start (capability creation loads the authored set this
   * way). They join the run right after this capability. Their own `capabilities` hook is not called.
   */
  capabilities?(run: Run): Awaitable<Capability[]>;
  /** Called once when a run starts, before instructions are read. */
  onRunStart?(run: Run): Awaitable<void>;
  /** Instruction text, read once per run. The result is frozen for the run. */
  instructions?(run: Run): Awaitable<InstructionsValue>;
  /** Tools, read once per run, kept in the order given. */
  tools?(run: Run): Awaitable<ToolDefinition[]>;
  /** Runs before every tool call (capability and host tools alike), in capability order; the first block wins. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook with no return statement must type-check.
  beforeToolCall?(call: ToolCall, run: Run): Awaitable<BeforeToolCallDecision | undefined | void>;
  /** Runs after every tool call, in capability order; each sees the previous one's change. */
  afterToolCall?(
    call: ToolCall,
    result: ToolCallResult,
    run: Run,
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook with no return statement must type-check.
  ): Awaitable<AfterToolCallChange | undefined | void>;
  /** A path was touched outside a tool call (`session.touch`, user input). */
  onTouch?(touch: Touch, session: ContextSessionLike): Awaitable<void>;
  /** Called when the host compacted the conversation (messages were dropped or summarised). */
  onCompaction?(session: ContextSessionLike): Awaitable<void>;
}

/** A hidden message a capability asks the session to place (see `placeHiddenMessages`). */
export interface HiddenMessageRequest {
  /** The capability asking; shown in events and kept on the placed message. */
  capability: string;
  /** The exact text the model sees. Never changed once placed. */
  text: string;
  /**
   * Key of the persisted message this belongs right after: a tool-call id for a tool result, or a
   * key the adapter gives (a user message). Absent, unknown, or already sent to the model: placed
   * after the last persisted message at the next placement, so the history before it never changes.
   */
  anchor?: string;
  /**
   * One message per slot: a request with the same slot and different text replaces the earlier
   * message, which moves to the new anchor (the `consolidated` delivery). Same text: nothing happens.
   */
  slot?: string;
}

/** The part of a session a capability may use. The full session is `ContextSession`. */
export interface ContextSessionLike {
  readonly workspace: Workspace;
  /** Report an event to every listener; `loaded` events with a path also feed `describe()`. */
  emit(event: ContextEvent): void;
  /**
   * Per-session state of `owner` (usually the capability object), created on first use and
   * forgotten by `reset()`. Keeps one capability object safe to share between sessions.
   */
  state<State>(owner: object, create: () => State): State;
  /** Queue a hidden message for the next `placeHiddenMessages` call. */
  deliverHidden(request: HiddenMessageRequest): void;
  /** Report a touched path to every capability's `onTouch`. `options` as a string is the trigger. */
  touch(path: string, options?: string | TouchOptions): Promise<void>;
}

/** Options of `session.touch`. */
export interface TouchOptions {
  /** Shown in events and `describe()`. Default `session.touch`. */
  trigger?: string;
  kind?: TouchKind;
  /** Key of the persisted message the resulting context belongs after. */
  anchor?: string;
}

/** One instruction block of a run: adapters send each as its own system message, in order. */
export interface InstructionBlock {
  /** Name of the capability that contributed it. */
  readonly capability: string;
  readonly text: string;
}

/** Runs a host tool's own implementation for {@link Run.executeTool}. */
export type ToolExecutor = (input: unknown, context: ToolExecutionContext) => unknown;

/**
 * One agent invocation. Instructions and tools are read once at `startRun()` and frozen, so the
 * prompt prefix is byte-identical across the run's model calls. The same object is passed to the
 * capability hooks; `instructionBlocks`, `instructions` and `tools` are empty until `startRun()`
 * has read them all.
 */
export interface Run {
  /** 1 for the session's first run, then 2, 3, ... */
  readonly index: number;
  readonly session: ContextSessionLike;
  readonly workspace: Workspace;
  /** Every capability of the run, contributed ones right after their contributor. */
  readonly capabilities: readonly Capability[];
  /** The instruction blocks, in capability order; empty strings left out. */
  readonly instructionBlocks: readonly InstructionBlock[];
  /** The blocks' text joined with a blank line (`''` when there are none). */
  readonly instructions: string;
  /** Capability tools in capability order, then the order each capability gave. Names are unique. */
  readonly tools: readonly ToolDefinition[];
  /** Report an event. */
  emit(event: ContextEvent): void;
  /**
   * The whole tool-call flow, for capability tools and host tools alike: `beforeToolCall` hooks
   * (block, or replace the input), zod input validation for capability tools, execution (a throw
   * becomes `{ isError: true, output: message }`), then `afterToolCall` hooks in capability order
   * (touches, notes, offload). Never throws for a failing tool.
   *
   * @param execute the host tool's implementation; omitted, the run's capability tool of that name.
   */
  executeTool(
    call: ToolCall,
    execute?: ToolExecutor,
    options?: { signal?: AbortSignal },
  ): Promise<ToolCallResult>;
  /** Only the `beforeToolCall` hooks, for frameworks that split the flow (then call `afterToolCall`). */
  beforeToolCall(call: ToolCall): Promise<BeforeToolCallDecision | undefined>;
  /** Only the `afterToolCall` hooks, for a result the framework produced itself. */
  afterToolCall(call: ToolCall, result: ToolCallResult): Promise<ToolCallResult>;
}
