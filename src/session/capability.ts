import type { ListRequest, Workspace } from '../workspace/workspace.js';
import type { ContextEvent } from './context-event.js';
import type { LoadedFile } from './describe-loaded-files.js';
import type {
  HiddenMessage,
  HiddenMessageRequest,
  MessageKeyOf,
  PlaceHiddenMessagesOptions,
} from './hidden-message-store.js';
import type { JsonValue, SessionSnapshot } from './session-snapshot.js';
import type {
  AfterToolCallChange,
  BeforeToolCallDecision,
  ToolCall,
  ToolCallResult,
  ToolInputSchema,
  TouchedPath,
  TouchKind,
} from './tool-call.js';

// Capability, Run and the session refer to each other, so they live in this one file; the tool-call,
// event and hidden-message types live in their own files and are importable from here too.
export type { ContextEvent, EventReason } from './context-event.js';
export type { HiddenMessageRequest } from './hidden-message-store.js';
export type {
  AfterToolCallChange,
  BeforeToolCallDecision,
  JsonSchema,
  ToolCall,
  ToolCallResult,
  ToolInputSchema,
  TouchedPath,
  TouchKind,
  ZodLikeSchema,
} from './tool-call.js';

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
  /** A user message was observed (`session.observeUserInput`), after its touches. */
  onUserInput?(input: UserInput, session: ContextSessionLike): Awaitable<void>;
  /**
   * A tool call that the conversation's history holds but the session never saw: it ran in a process
   * that stopped before the conversation was saved (see `session.reconcileHistory`). Replay what it
   * touched, as `afterToolCall` would have (its result is not available again); context it surfaces is
   * delivered once, anchored on the call's result.
   */
  onReconcile?(call: ToolCall, session: ContextSessionLike): Awaitable<void>;
  /** Called when the host compacted the conversation (messages were dropped or summarised). */
  onCompaction?(session: ContextSessionLike): Awaitable<void>;
  /**
   * Expand a user input that calls a slash command (`/review 123`), for `session.expandCommand`.
   * Return `undefined` when the input is not this capability's; the first expansion wins.
   * `run` is the session's current run, if one has started.
   */
  expandCommand?(
    text: string,
    session: ContextSessionLike,
    run: Run | undefined,
  ): Awaitable<CommandExpansion | undefined>;
}

/** What `session.expandCommand` returns. */
export interface CommandExpansion {
  /** The text the model receives: the expanded command, or the input unchanged. */
  text: string;
  /** The command that expanded the input (name as typed, format, file label); absent when it passed through. */
  command?: { name: string; format: string; path: string };
}

/** Options of {@link ContextSession.expandCommand}. */
export interface ExpandCommandOptions {
  /**
   * The adapter's key of the user message. The first expansion of a key is kept for the session
   * (until `reset()`): the same message gets the same bytes on every later call, whatever changed on
   * disk since, so the prompt never moves under it. Default: none (each call expands anew).
   */
  key?: string;
}

/** A user message, as `onUserInput` gets it. */
export interface UserInput {
  /** The message text. */
  text: string;
  /** Key of the persisted user message, so context it triggers is placed right after it. */
  anchor?: string;
}

/** The part of a session a capability may use. The full session is `ContextSession`. */
export interface ContextSessionLike {
  readonly workspace: Workspace;
  /** Report an event to every listener; `loaded` events with a path also feed `describe()`. */
  emit(event: ContextEvent): void;
  /**
   * Per-session state of `owner` (usually the capability object), created on first use and
   * forgotten by `reset()`. Keeps one capability object safe to share between sessions.
   *
   * `persistence` says how the state goes into `session.snapshot()` and comes back in a session
   * created with `restore`: restored state is `persistence.restore` of what was saved, instead of
   * `create()`. State without it is listed in the snapshot's `notSaved`. Default: none.
   */
  state<State>(owner: object, create: () => State, persistence?: StatePersistence<State>): State;
  /** Queue a hidden message for the next `placeHiddenMessages` call. */
  deliverHidden(request: HiddenMessageRequest): void;
  /** Report a touched path to every capability's `onTouch`. `options` as a string is the trigger. */
  touch(path: string, options?: string | TouchOptions): Promise<void>;
  /**
   * Aborts when the conversation ends: at `session.reset()` (the next conversation gets a new signal,
   * so read this property when you start a task, do not keep it) and at `session.dispose()` (for
   * good). Pass it to every process or long task started for the conversation (hooks, command shell
   * lines), so that ending the conversation ends them.
   */
  readonly signal: AbortSignal;
}

/**
 * How a capability's per-session state is saved in a snapshot and restored from one, or why it is
 * not. The key names the state in the snapshot: unique within the session and the same in every
 * process (the capability's name and a word, `nested-instructions/tracker`).
 */
export type StatePersistence<State> =
  | {
      key: string;
      /** What the state needs to continue, as JSON (no function, no class instance). */
      save(state: State): JsonValue;
      /**
       * The state from what `save` returned, possibly in another process. Throw when it does not fit:
       * the session then starts this state anew (`create`) and says so in a `diagnostic` event.
       */
      restore(saved: JsonValue): State;
    }
  | {
      key: string;
      /** Why this state is not saved (it is created anew after a restore), shown in the snapshot. */
      notSaved: string;
    };

/** Options of `session.touch`. */
export interface TouchOptions {
  /** Shown in events and `describe()`. Default `session.touch`. */
  trigger?: string;
  /** `file` surfaces its parent directory, `directory` itself. Default: none (found out with one `stat`). */
  kind?: TouchKind;
  /**
   * Key of the persisted message the resulting context belongs after. Default: none (after the last
   * message of the next call).
   */
  anchor?: string;
}

/** One instruction block of a run: adapters send each as its own system message, in order. */
export interface InstructionBlock {
  /** Name of the capability that contributed it. */
  readonly capability: string;
  readonly text: string;
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
  /**
   * Read ahead in one request (one round trip on a sandbox): `requests` (see
   * `Workspace.listDirectories`) and what the session's capabilities will read for the touches this
   * call reported so far, so a tool that calls `touch` first and then reads through the returned
   * workspace pays nothing extra for its touches. The workspace answers from that listing and asks
   * the run's workspace what it does not tell; its answers are as old as the listing. Present when
   * the session runs the tool.
   *
   * @example
   * context.touch?.('docs/guide', 'directory');
   * const reading = (await context.prefetch?.([{ path: 'docs/guide' }])) ?? context.run.workspace;
   */
  prefetch?(requests: readonly ListRequest[]): Promise<Workspace>;
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
  /** The session that started the run. */
  readonly session: ContextSession;
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
    options?: { signal?: AbortSignal | undefined },
  ): Promise<ToolCallResult>;
  /** Only the `beforeToolCall` hooks, for frameworks that split the flow (then call `afterToolCall`). */
  beforeToolCall(call: ToolCall): Promise<BeforeToolCallDecision | undefined>;
  /** Only the `afterToolCall` hooks, for a result the framework produced itself. */
  afterToolCall(call: ToolCall, result: ToolCallResult): Promise<ToolCallResult>;
}

/** A listener of {@link ContextSession.on}. */
export type ContextEventListener = (event: ContextEvent) => void;

/** Options of {@link ContextSession.observeUserInput}. */
export interface ObserveUserInputOptions {
  /**
   * The adapter's key of the user message, so context it triggers is placed right after it. Default:
   * none (after the last message of the next call).
   */
  key?: string;
}

/**
 * Composes capabilities for one conversation. See {@link createContextSession}.
 */
export interface ContextSession extends ContextSessionLike {
  /** The configured capabilities, groups replaced by their members (contributed ones are in `run.capabilities`). */
  readonly capabilities: readonly Capability[];
  /** The most recently started run, if any. */
  readonly currentRun: Run | undefined;
  /** Start a run: contributions, `onRunStart`, then instructions and tools read once and frozen. */
  startRun(): Promise<Run>;
  /**
   * Touch the files a user message attaches (`<file name="...">`, XML-decoded, leading `@` stripped)
   * and the `@path` mentions that name an existing file inside the workspace cwd (one `stat` each).
   */
  observeUserInput(text: string, options?: ObserveUserInputOptions): Promise<void>;
  /**
   * Expand a `/name arguments` user input with the capabilities' `expandCommand` (the `commands()`
   * capability): the command's template with the arguments, as the command's assistant does. Any
   * other input, and an unknown name, comes back unchanged (`{ text }`). With a `key`, the first
   * expansion of that message is remembered for the session.
   */
  expandCommand(text: string, options?: ExpandCommandOptions): Promise<CommandExpansion>;
  /** `afterToolCall` of the current run, for frameworks that execute tools themselves. Throws before `startRun`. */
  afterToolCall(call: ToolCall, result: ToolCallResult): Promise<ToolCallResult>;
  /**
   * Insert the pending and placed hidden messages into `messages` (not modified; a new list is
   * returned). Call it for every model call with the whole conversation. Guarantees: see
   * `HiddenMessageStore`; in short, a hidden message sits right after the persisted message that
   * triggered it, keeps its bytes and position on every later call, and when its anchor is gone
   * (compaction) its text is re-delivered once, consolidated, after the last persisted message.
   */
  placeHiddenMessages<Message>(
    messages: readonly Message[],
    keyOf: MessageKeyOf<Message>,
    options?: PlaceHiddenMessagesOptions<Message>,
  ): Array<Message | HiddenMessage>;
  /**
   * The hidden messages the conversation holds (placed, or waiting for the next placement), with
   * their exact text. For a framework that persists what the model saw (the OpenAI Agents SDK with a
   * `Session`): its adapter takes these out of the persisted history before placing them again.
   */
  hiddenMessages(): HiddenMessage[];
  /**
   * After a restore, before the first placement: the tool calls of `messages` whose results the saved
   * session never saw (a worker persisted the messages and stopped before saving the snapshot) are
   * replayed through each capability's `onReconcile`, so what they touched is delivered once, right
   * after their results, where the stopped worker placed it. Emits a `reconciled` event naming them.
   * Does nothing (and reads nothing) otherwise. Adapters call it through the kit's
   * `prepareModelMessages`.
   */
  reconcileHistory<Message>(
    messages: readonly Message[],
    keyOf: MessageKeyOf<Message>,
    toolCallsOf: (message: Message) => readonly ToolCall[] | undefined,
  ): Promise<void>;
  /** The host compacted the conversation: capabilities keep their state; lost context is re-delivered once. */
  onCompaction(): Promise<void>;
  /**
   * A new conversation: forget everything surfaced, every hidden message and every capability's
   * session state, and kill the processes started for the conversation that ended (running hooks and
   * command shell lines, with their process groups: their output would reach a conversation that is
   * gone). The session stays usable: processes of the next conversation start as before. Emits a
   * `reset` event.
   */
  reset(): void;
  /**
   * The conversation ended: `signal` aborts, so every process the capabilities started for the
   * session (running hooks, command shell lines) is killed with its whole process group, and none
   * starts again (a hook or shell line of a disposed session fails as `aborted`). Emits a `disposed`
   * event. Calling it again does nothing.
   */
  dispose(): void;
  /**
   * The conversation's context as plain JSON data, to continue it in another process or on another
   * worker (`createContextSession({ ..., restore })`): the hidden messages with their bytes and
   * anchors, each capability's declared state (the files and rules delivered, the directories
   * checked), the first expansion of each keyed command, the run count and `loadedFiles()`. Take it
   * after a turn (when no tool call is under way). Capability state that cannot be saved is named in
   * `notSaved`. See docs/persistence.md.
   */
  snapshot(): SessionSnapshot;
  /**
   * Continue the conversation of `snapshot` in place of the one this session holds: as `reset()`
   * (the processes started for the conversation held until now are killed), then as
   * `createContextSession({ restore })`. What adapters call when the framework's stored state is
   * newer than the session (another worker served the last turn). Throws `snapshot-invalid` or
   * `snapshot-version` and changes nothing when `snapshot` does not fit. Emits a `restored` event.
   */
  restore(snapshot: SessionSnapshot | unknown): void;
  /** Every file loaded since the session started (or was reset), with reason and trigger. */
  loadedFiles(): LoadedFile[];
  /** {@link loadedFiles} as text (`No nested instruction files loaded.` when no nested file was). */
  describe(): string;
  /** Listen to every event. Returns the function that stops listening. A throwing listener is ignored. */
  on(listener: ContextEventListener): () => void;
}
