import type { Run, ToolCallResult, ToolExecutor } from './capability.js';
import type { ContextSession } from './context-session.js';
import type { HiddenMessage } from './hidden-message-store.js';

/** A persisted message of the scripted conversation. `key` undefined: injected per call, never an anchor. */
export interface ScriptedMessage {
  role: 'user' | 'assistant' | 'tool';
  text: string;
  key?: string;
}

/**
 * Test support: a framework-free agent loop over a session. It keeps the persisted history the
 * way a host would, runs tool calls through `run.executeTool`, and renders what the model would
 * receive on each call (`prompt()`), hidden messages included, one string per message.
 */
export class ScriptedConversation {
  readonly history: ScriptedMessage[] = [];
  readonly prompts: string[][] = [];
  #nextCall = 1;

  constructor(
    readonly session: ContextSession,
    readonly run: Run,
  ) {}

  /**
   * The same conversation served by another session (a restored one, in the tests of snapshots): its
   * history, and tool-call ids that go on from it.
   */
  continueWith(session: ContextSession, run: Run): ScriptedConversation {
    const next = new ScriptedConversation(session, run);
    next.history.push(...this.history.map((message) => ({ ...message })));
    next.#nextCall = this.#nextCall;
    return next;
  }

  /** A user message; its `@file` attachments and mentions are observed with the message's key. */
  async user(text: string): Promise<void> {
    const key = `user-${this.history.length}`;
    this.history.push({ role: 'user', text, key });
    await this.session.observeUserInput(text, { key });
  }

  /** The model calls a tool; the call and its result join the history. */
  async call(toolName: string, input: unknown, execute?: ToolExecutor): Promise<ToolCallResult> {
    const id = `call_${this.#nextCall++}`;
    this.history.push({
      role: 'assistant',
      text: `${toolName} ${JSON.stringify(input)}`,
      key: `assistant-${id}`,
    });
    const result = await this.run.executeTool({ id, toolName, input }, execute);
    const text = typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
    this.history.push({ role: 'tool', text: result.isError ? `error: ${text}` : text, key: id });
    return result;
  }

  /** What the model receives now (hidden messages placed); also recorded in `prompts`. */
  prompt(extra: ScriptedMessage[] = []): string[] {
    const placed = this.session.placeHiddenMessages([...this.history, ...extra], (message) => message.key);
    const rendered = placed.map((message) =>
      'hidden' in message ? `hidden: ${(message as HiddenMessage).text}` : `${message.role}: ${message.text}`,
    );
    this.prompts.push(rendered);
    return rendered;
  }

  /** The hidden messages of the latest prompt. */
  hiddenTexts(): string[] {
    const last = this.prompts.at(-1) ?? [];
    return last.filter((line) => line.startsWith('hidden: ')).map((line) => line.slice('hidden: '.length));
  }
}

/** True when `previous` is an element-wise prefix of `next`. */
export function startsWith(next: readonly string[], previous: readonly string[]): boolean {
  return previous.length <= next.length && previous.every((message, index) => next[index] === message);
}
