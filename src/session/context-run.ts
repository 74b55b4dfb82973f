import { describeError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type {
  Awaitable,
  BeforeToolCallDecision,
  Capability,
  ContextEvent,
  ContextSession,
  EventReason,
  InstructionBlock,
  Run,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolExecutionContext,
  ToolExecutor,
  TouchedPath,
} from './capability.js';
import { collectCapabilities, collectInstructionBlocks, collectTools } from './run-start.js';
import { beginRunStartListing, endRunStartListing } from './run-start-listing.js';
import { endToolCallListing, prefetchForToolCall } from './tool-call-listing.js';
import { validateToolInput } from './validate-tool-input.js';

/**
 * The session's implementation of {@link Run}, built by {@link ContextRun.open} (`session.startRun()`),
 * which alone sets its frozen parts; afterwards only the tool-call flow runs through it.
 *
 * Hook failures: a capability the host configured is the host's code, so its hook errors propagate
 * (a caller mistake); a capability contributed at run start (authored code) must never stop the
 * agent, so its hook errors become `diagnostic` events and the hook is treated as returning nothing.
 */
export class ContextRun implements Run {
  readonly index: number;
  readonly session: ContextSession;
  readonly workspace: Workspace;
  #capabilities: readonly Capability[] = [];
  #instructionBlocks: readonly InstructionBlock[] = [];
  #instructions = '';
  #tools: readonly ToolDefinition[] = [];
  readonly #contributed = new WeakSet<Capability>();
  #toolsByName = new Map<string, ToolDefinition>();

  private constructor(session: ContextSession, index: number) {
    this.session = session;
    this.workspace = session.workspace;
    this.index = index;
  }

  /**
   * Start a run, in this order (each step in capability order, one capability at a time so events
   * come out in a stable order):
   * 1. `capabilities(run)` of each configured capability: contributed ones join right after their
   *    contributor (one that is malformed or reuses a name is skipped with a diagnostic);
   * 2. `onRunStart(run)`;
   * 3. `instructions(run)`: one block per non-empty string;
   * 4. `tools(run)`: configured tools must have unique names (a duplicate throws `invalid-option`);
   *    a contributed tool that is malformed or whose name is taken is skipped with a diagnostic.
   * Instructions and tools are then frozen for the run. Hooks see the run while it starts: its
   * instructions and tools are empty until step 4 is done.
   */
  static async open(
    session: ContextSession,
    index: number,
    configured: readonly Capability[],
  ): Promise<ContextRun> {
    const run = new ContextRun(session, index);
    const capabilities = await collectCapabilities(run, configured);
    run.#capabilities = Object.freeze(capabilities);
    beginRunStartListing(run, capabilities);
    let blocks: InstructionBlock[];
    let tools: ToolDefinition[];
    try {
      for (const capability of capabilities) {
        const hook = capability.onRunStart;
        if (hook) await run.callHook(capability, 'onRunStart', 'run-start', () => hook.call(capability, run));
      }
      blocks = await collectInstructionBlocks(run, capabilities);
      tools = await collectTools(run, capabilities);
    } finally {
      endRunStartListing(run);
    }
    run.#instructionBlocks = Object.freeze(blocks.map((block) => Object.freeze({ ...block })));
    run.#instructions = blocks.map((block) => block.text).join('\n\n');
    run.#tools = Object.freeze([...tools]);
    run.#toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
    run.emit({
      type: 'run-started',
      reason: 'run-start',
      capability: 'session',
      message: `Run ${index} started: ${capabilities.length} capabilities, ${blocks.length} instruction blocks (${run.#instructions.length} characters), ${tools.length} tools.`,
    });
    return run;
  }

  get capabilities(): readonly Capability[] {
    return this.#capabilities;
  }

  get instructionBlocks(): readonly InstructionBlock[] {
    return this.#instructionBlocks;
  }

  get instructions(): string {
    return this.#instructions;
  }

  get tools(): readonly ToolDefinition[] {
    return this.#tools;
  }

  emit(event: ContextEvent): void {
    this.session.emit(event);
  }

  /** Mark a capability as contributed at run start (its hook errors become diagnostics). */
  markContributed(capability: Capability): void {
    this.#contributed.add(capability);
  }

  isContributed(capability: Capability): boolean {
    return this.#contributed.has(capability);
  }

  /**
   * Run one hook of one capability under the failure policy described on the class. A hook that
   * returns synchronously is not wrapped in a promise (touches in checked directories stay cheap).
   */
  callHook<Result>(
    capability: Capability,
    hook: string,
    reason: EventReason,
    action: () => Awaitable<Result>,
  ): Awaitable<Result | undefined> {
    let value: Awaitable<Result>;
    try {
      value = action();
    } catch (error) {
      return this.#hookFailed(capability, hook, reason, error);
    }
    if (typeof (value as PromiseLike<Result> | undefined)?.then !== 'function') return value;
    return Promise.resolve(value).catch((error: unknown) =>
      this.#hookFailed(capability, hook, reason, error),
    );
  }

  #hookFailed(capability: Capability, hook: string, reason: EventReason, error: unknown): undefined {
    if (!this.#contributed.has(capability)) throw error;
    const message = `${capability.name}: ${hook} failed and was ignored: ${describeError(error)}`;
    this.emit({
      type: 'diagnostic',
      reason,
      capability: capability.name,
      message,
      diagnostic: { severity: 'error', code: 'capability-hook-failed', message },
    });
    return undefined;
  }

  async executeTool(
    call: ToolCall,
    execute?: ToolExecutor,
    options: { signal?: AbortSignal | undefined } = {},
  ): Promise<ToolCallResult> {
    const decision = await this.beforeToolCall(call);
    if (decision && 'block' in decision) {
      this.emit({
        type: 'blocked',
        reason: 'tool-call',
        capability: 'session',
        trigger: call.id,
        message: `Tool call ${call.id} (${call.toolName}) was blocked: ${decision.block}`,
      });
      return this.afterToolCall(call, { output: decision.block, isError: true });
    }
    const effective = decision ? { ...call, input: decision.input } : call;
    const result = await this.#execute(effective, execute, options.signal);
    try {
      return await this.afterToolCall(effective, result);
    } finally {
      endToolCallListing(effective);
    }
  }

  async beforeToolCall(call: ToolCall): Promise<BeforeToolCallDecision | undefined> {
    let input = call.input;
    let changed = false;
    for (const capability of this.capabilities) {
      const hook = capability.beforeToolCall;
      if (!hook) continue;
      const current = changed ? { ...call, input } : call;
      const decision = await this.callHook(capability, 'beforeToolCall', 'tool-call', () =>
        hook.call(capability, current, this),
      );
      if (!decision) continue;
      if ('block' in decision) return { block: decision.block };
      if ('input' in decision) {
        input = decision.input;
        changed = true;
      }
    }
    return changed ? { input } : undefined;
  }

  async afterToolCall(call: ToolCall, result: ToolCallResult): Promise<ToolCallResult> {
    let current = result;
    for (const capability of this.capabilities) {
      const hook = capability.afterToolCall;
      if (!hook) continue;
      const seen = current;
      const pending = this.callHook(capability, 'afterToolCall', 'tool-call', () =>
        hook.call(capability, call, seen, this),
      );
      // Await only real promises: most hooks answer synchronously (nothing new to surface), and an
      // await per capability per tool call is measurable on the touch path.
      const change = isPromiseLike(pending) ? await pending : pending;
      if (change && 'output' in change) current = { ...current, output: change.output };
    }
    return current;
  }

  async #execute(
    call: ToolCall,
    execute: ToolExecutor | undefined,
    signal?: AbortSignal,
  ): Promise<ToolCallResult> {
    const touched: TouchedPath[] = [];
    const context: ToolExecutionContext = {
      callId: call.id,
      run: this,
      touch: (path, kind) => {
        touched.push(kind === undefined ? { path } : { path, kind });
      },
      prefetch: (requests) => prefetchForToolCall(this, call, touched, requests),
    };
    if (signal) context.signal = signal;
    let implementation = execute;
    let input = call.input;
    if (!implementation) {
      const tool = this.#toolsByName.get(call.toolName);
      if (!tool) {
        const names = this.tools.map((candidate) => candidate.name).join(', ') || 'none';
        return { output: `Unknown tool "${call.toolName}". Tools of this run: ${names}.`, isError: true };
      }
      const validated = validateToolInput(tool, input);
      if (!validated.ok) return { output: validated.message, isError: true };
      input = validated.input;
      implementation = (value, toolContext) => tool.execute(value, toolContext);
    }
    try {
      const output = await implementation(input, context);
      return touched.length > 0 ? { output, isError: false, touched } : { output, isError: false };
    } catch (error) {
      return { output: describeError(error), isError: true };
    }
  }
}

function isPromiseLike<Value>(value: Value | PromiseLike<Value>): value is PromiseLike<Value> {
  return typeof (value as PromiseLike<Value> | undefined)?.then === 'function';
}
