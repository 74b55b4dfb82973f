import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { type ToolVocabulary, toolVocabulary } from '../tool-vocabulary/tool-vocabulary.js';
import type { Workspace } from '../workspace/workspace.js';
import { findHooks, type HookCommand } from './find-hooks.js';
import { type HookEventName, isRunnableEvent, runnableHookEvents } from './hook-events.js';
import type { HookRun } from './hook-outcome.js';
import { renderHookContext, toolEventRequest } from './hook-request.js';
import { hooksDefaults } from './hooks-defaults.js';
import { type HookEventRequest, matchingHooks, runHookEvent } from './run-hook-event.js';
import { restoreToolInput } from './tool-payloads.js';

/** Options of {@link testHooks}. */
export interface TestHooksOptions {
  /** The project: its `cwd` is where hooks are read from and run. */
  workspace: Workspace;
  event: HookEventName;
  /** Tool events: the session's or host's tool name, e.g. `write_file`. Default: none (no tool). */
  toolName?: string;
  /** Tool events: the tool's input. @default {} */
  input?: unknown;
  /** `PostToolUse`: the tool's output. @default '' */
  toolResponse?: unknown;
  /** `UserPromptSubmit`: the prompt. @default '' */
  prompt?: string;
  /** `SessionStart`: `startup` or `compact`. @default 'startup' */
  source?: 'startup' | 'compact';
  /** @default toolVocabulary() */
  vocabulary?: Pick<ToolVocabulary, 'namesOf'>;
}

/** What the agent would get from one event's hooks. */
export type HookEffect =
  /** The tool does not run; the model gets `toolResult` as a tool error. */
  | { type: 'tool-blocked'; toolResult: string }
  /** The run stops; the host gets `reason` (an `AgentContextError` with code `hook-blocked`). */
  | { type: 'prompt-blocked'; reason: string }
  /** The tool runs with this input instead. */
  | { type: 'input-replaced'; input: unknown }
  /** Nothing changes. */
  | { type: 'none' };

/** Result of {@link testHooks}. */
export interface HookTestResult {
  event: HookEventName;
  /** For tool events, the names matchers were tested against. */
  toolNames?: readonly string[];
  /** The hooks that matched, and each one's run. */
  runs: HookRun[];
  effect: HookEffect;
  /** The hidden message the model would get, if any. */
  hiddenMessage?: string;
  /** What the host would be told (non-blocking errors, `systemMessage`). */
  hostMessages: string[];
}

/**
 * Run the hooks of one event once, as the `hooks()` capability would (whatever it is configured to
 * allow: this is the host asking), and say what the agent would get. For trying a repository's
 * hooks before turning them on (`agent-context hooks --test`).
 *
 * @example
 * await testHooks({ workspace, event: 'PreToolUse', toolName: 'write_file', input: { path: 'migrations/1.sql', content: '' } });
 * // { effect: { type: 'tool-blocked', toolResult: 'Writes to migrations/ are refused...' }, ... }
 */
export async function testHooks(options: TestHooksOptions): Promise<HookTestResult> {
  if (!isRunnableEvent(options.event)) {
    throw new AgentContextError(
      `testHooks runs ${runnableHookEvents.join(', ')}; "${options.event}" is none of them.`,
      { code: 'invalid-option', reason: 'unknown event' },
    );
  }
  const vocabulary = options.vocabulary ?? toolVocabulary();
  const { workspace, event } = options;
  const call = {
    id: `test-${cryptoModule().randomUUID()}`,
    toolName: options.toolName ?? '',
    input: options.input ?? {},
  };
  let request: HookEventRequest;
  if (event === 'PreToolUse') request = toolEventRequest(event, call, workspace, vocabulary);
  else if (event === 'PostToolUse')
    request = toolEventRequest(event, call, workspace, vocabulary, { output: options.toolResponse ?? '' });
  else if (event === 'UserPromptSubmit') request = { event, prompt: options.prompt ?? '' };
  else request = { event, source: options.source ?? 'startup' };

  const found = await findHooks(workspace);
  const matched: HookCommand[] = matchingHooks(found.items, request);
  const result = await runHookEvent(matched, request, {
    projectDirectory: workspace.cwd,
    sessionId: cryptoModule().randomUUID(),
    maxOutputBytes: hooksDefaults.maxOutputBytes,
  });
  const refusal = result.blockReason ?? result.stopReason;
  let effect: HookEffect = { type: 'none' };
  if (refusal !== undefined && event === 'PreToolUse') effect = { type: 'tool-blocked', toolResult: refusal };
  else if (refusal !== undefined && event === 'UserPromptSubmit')
    effect = { type: 'prompt-blocked', reason: refusal };
  else if (result.updatedInput !== undefined)
    effect = { type: 'input-replaced', input: restoreToolInput(call.input, result.updatedInput) };
  const test: HookTestResult = {
    event,
    runs: result.runs,
    effect,
    hostMessages: result.runs.flatMap((run) => (run.message === undefined ? [] : [run.message])),
  };
  if (request.tool !== undefined) test.toolNames = [...request.tool.namesFor('claude-code')];
  const hiddenMessage = renderHookContext(result);
  if (hiddenMessage !== undefined) test.hiddenMessage = hiddenMessage;
  return test;
}
