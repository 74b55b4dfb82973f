import { describeError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type {
  Awaitable,
  BeforeToolCallDecision,
  Capability,
  ContextEvent,
  ContextSessionLike,
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
import { validateToolInput } from './validate-tool-input.js';

/**
 * The session's implementation of {@link Run}. Built by `startRun()` (see `open-run.ts`), which
 * fills the frozen parts; afterwards only the tool-call flow runs through it.
 *
 * Hook failures: a capability the host configured is the host's code, so its hook errors propagate
 * (a caller mistake); a capability contributed at run start (authored code) must never stop the
 * agent, so its hook errors become `diagnostic` events and the hook is treated as returning nothing.
 */
export class ContextRun implements Run {
  readonly index: number;
  readonly session: ContextSessionLike;
  readonly workspace: Workspace;
  capabilities: readonly Capability[] = [];
  instructionBlocks: readonly InstructionBlock[] = [];
  instructions = '';
  tools: readonly ToolDefinition[] = [];
  readonly #contributed = new WeakSet<Capability>();
  #toolsByName = new Map<string, ToolDefinition>();

  constructor(session: ContextSessionLike, index: number) {
    this.session = session;
    this.workspace = session.workspace;
    this.index = index;
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

  /** Freeze the run's instructions and tools (called once by `startRun`). */
  freeze(blocks: InstructionBlock[], tools: ToolDefinition[]): void {
    this.instructionBlocks = Object.freeze(blocks.map((block) => Object.freeze({ ...block })));
    this.instructions = blocks.map((block) => block.text).join('\n\n');
    this.tools = Object.freeze([...tools]);
    this.#toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
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
    options: { signal?: AbortSignal } = {},
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
    return this.afterToolCall(effective, result);
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
