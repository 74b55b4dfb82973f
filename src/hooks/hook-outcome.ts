import type { ProcessFailure, ProcessResult } from '../process/run-process.js';
import type { HookCommand } from './hook-command.js';
import type { HookEventName } from './hook-events.js';

/** One hook command's run and what it decided, by Claude Code's rules. */
export interface HookRun {
  hook: HookCommand;
  /** The process result (exit code, kept output, typed failure). */
  result: ProcessResult;
  /**
   * `success` (exit 0), `block` (exit 2, or a JSON decision that blocks), `error` (any other exit, or
   * a process failure: non-blocking, reported to the host only).
   */
  status: 'success' | 'block' | 'error';
  /** Text for the model (`additionalContext`, SessionStart and UserPromptSubmit stdout, PostToolUse feedback). */
  context?: string;
  /** Why it blocks (exit 2's stderr, a `deny` reason, a `block` decision's reason). */
  blockReason?: string;
  /** `hookSpecificOutput.updatedInput` of a PreToolUse hook. */
  updatedInput?: Record<string, unknown>;
  /** `continue: false`: the hook asks to stop; its `stopReason`. */
  stopReason?: string;
  /** For the host, never the model: `systemMessage`, a non-blocking error, SessionStart's exit-2 stderr. */
  message?: string;
}

/**
 * Read one hook's process result as Claude Code does
 * (https://code.claude.com/docs/en/hooks, "Exit code output" and "JSON output"):
 *
 * 1. A process failure (timeout, flood, signal, not started): a non-blocking error.
 * 2. Exit 2: blocks; stderr is the reason. For `PostToolUse` (the tool already ran) stderr goes to
 *    the model as feedback; for `SessionStart` it is shown to the host only.
 * 3. Any other exit but 0: a non-blocking error with its stderr, for the host.
 * 4. Exit 0: stdout is read as JSON when it is a JSON object: `continue: false` (+ `stopReason`),
 *    `systemMessage`, `decision: "block"` + `reason`, `hookSpecificOutput.permissionDecision`
 *    (`deny` and `ask` block; `ask` because there is nobody to ask) + `permissionDecisionReason`,
 *    `hookSpecificOutput.updatedInput`, `hookSpecificOutput.additionalContext`. Plain stdout is
 *    context for `SessionStart` and `UserPromptSubmit`, and ignored for the tool events.
 *
 * `denyDecision`: a top-level `decision: "deny"` counts as `"block"` (Gemini CLI's answers).
 */
export function readHookOutcome(
  hook: HookCommand,
  event: HookEventName,
  result: ProcessResult,
  options: { denyDecision?: boolean } = {},
): HookRun {
  const run: HookRun = { hook, result, status: 'success' };
  const stderr = result.stderr.trim();
  if (result.failure !== undefined) {
    return { ...run, status: 'error', message: `${describeHook(hook)} ${describeFailure(result.failure)}.` };
  }
  if (result.exitCode === 2) {
    if (event === 'SessionStart')
      return { ...run, status: 'error', message: `${describeHook(hook)} exited with 2: ${stderr}` };
    if (event === 'PostToolUse')
      return { ...run, status: 'block', context: stderr || 'A hook exited with 2.' };
    return { ...run, status: 'block', blockReason: stderr || `Blocked by a ${event} hook (exit 2).` };
  }
  if (result.exitCode !== 0) {
    const detail = stderr === '' ? '' : `: ${stderr}`;
    return {
      ...run,
      status: 'error',
      message: `${describeHook(hook)} exited with ${result.exitCode}${detail}`,
    };
  }

  const stdout = result.stdout.trim();
  const output = parseObject(stdout);
  if (output === undefined) {
    if ((event === 'SessionStart' || event === 'UserPromptSubmit') && stdout !== '') run.context = stdout;
    return run;
  }
  if (output.continue === false) {
    run.stopReason = stringOf(output.stopReason) ?? `A ${event} hook stopped the run.`;
    run.status = 'block';
  }
  const systemMessage = stringOf(output.systemMessage);
  if (systemMessage !== undefined) run.message = systemMessage;
  const specific = isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const reason = stringOf(output.reason);
  const decision = options.denyDecision && output.decision === 'deny' ? 'block' : output.decision;

  if (event === 'PreToolUse') {
    const permission = specific.permissionDecision;
    const permissionReason = stringOf(specific.permissionDecisionReason);
    if (permission === 'deny') block(run, permissionReason ?? 'Denied by a PreToolUse hook.');
    else if (permission === 'ask')
      block(
        run,
        permissionReason ?? 'A PreToolUse hook asks for the user approval, which this agent cannot ask for.',
      );
    else if (permission !== 'allow' && decision === 'block')
      block(run, reason ?? 'Blocked by a PreToolUse hook.');
    if (isObject(specific.updatedInput) && run.blockReason === undefined)
      run.updatedInput = specific.updatedInput;
  } else if (decision === 'block') {
    if (event === 'PostToolUse') run.context = reason ?? 'A PostToolUse hook flagged this result.';
    else block(run, reason ?? `Blocked by a ${event} hook.`);
  }
  const additional = stringOf(specific.additionalContext);
  if (additional !== undefined && additional.trim() !== '')
    run.context = run.context === undefined ? additional : `${run.context}\n${additional}`;
  return run;
}

/** `PreToolUse hook ".claude/hooks/guard.sh" (.claude/settings.json)`. */
export function describeHook(hook: HookCommand): string {
  return `${hook.event} hook "${hook.command ?? '(no command)'}" (${hook.source})`;
}

/** A process failure in words. */
export function describeFailure(failure: ProcessFailure): string {
  switch (failure.type) {
    case 'timeout':
      return `ran past its ${failure.timeoutMs / 1000} s time limit and was killed with its process group`;
    case 'signal':
      return `ended by ${failure.signal}`;
    case 'output-flood':
      return `printed more than ${failure.limitBytes} bytes to ${failure.stream} and was killed`;
    case 'aborted':
      return 'was killed because its run ended or its session was reset or disposed';
    case 'spawn-failed':
      return `could not start (${failure.message})`;
  }
}

function block(run: HookRun, reason: string): void {
  run.status = 'block';
  run.blockReason = reason;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
