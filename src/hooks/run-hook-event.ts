import { runProcess } from '../process/run-process.js';
import type { HookCommand } from './find-hooks.js';
import type { HookEventName } from './hook-events.js';
import { compileMatcher, matcherFires } from './hook-matcher.js';
import { type HookRun, readHookOutcome } from './hook-outcome.js';

/** One event to run hooks for. */
export interface HookEventRequest {
  event: HookEventName;
  /** Tool events: every name the tool is known by (its own, then its Claude Code names), for matchers. */
  toolNames?: readonly string[];
  /** `SessionStart`: `startup` or `compact`, which its matchers are tested against. */
  source?: string;
  /** The event's own fields of the stdin payload (`tool_name`, `tool_input`, `prompt`...). */
  fields: Record<string, unknown>;
}

/** Where and how hook commands run. */
export interface HookRunSettings {
  /** The project directory: the commands' cwd, `CLAUDE_PROJECT_DIR` and the payload's `cwd`. */
  projectDirectory: string;
  /** The payload's `session_id`. */
  sessionId: string;
  /** Bytes kept of each stream. */
  maxOutputBytes: number;
  /** The owner (run) of the processes: aborting kills them. */
  signal?: AbortSignal;
}

/** What the hooks of one event decided together. */
export interface HookEventResult {
  /** Every command run, in configuration order. */
  runs: HookRun[];
  /** The first blocking reason in configuration order. */
  blockReason?: string;
  /** The first `continue: false` reason. */
  stopReason?: string;
  /** The first `updatedInput` (PreToolUse), when nothing blocked. */
  updatedInput?: Record<string, unknown>;
  /** Text for the model, each with the hook it came from, in configuration order. */
  context: Array<{ text: string; hook: HookCommand }>;
}

/**
 * The runnable hooks of `hooks` that fire for `request`: same event, a matcher that fires for one of
 * the tool's names (tool events) or for the source (`SessionStart`); `UserPromptSubmit` hooks have no
 * matcher. Identical command lines run once, as in Claude Code.
 */
export function matchingHooks(hooks: readonly HookCommand[], request: HookEventRequest): HookCommand[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (hook.event !== request.event || hook.notRunReason !== undefined || hook.command === undefined)
      return false;
    const names =
      request.event === 'PreToolUse' || request.event === 'PostToolUse'
        ? (request.toolNames ?? [])
        : request.event === 'SessionStart'
          ? [request.source ?? 'startup']
          : undefined;
    if (names !== undefined && !matcherFires(compileMatcher(hook.matcher), names)) return false;
    if (seen.has(hook.command)) return false;
    seen.add(hook.command);
    return true;
  });
}

/**
 * Run `hooks` (already matched) for one event, all at once: each a child process of
 * {@link runProcess} with the JSON payload on stdin (`session_id`, `cwd`, `hook_event_name`,
 * `permission_mode`, then the event's fields), `CLAUDE_PROJECT_DIR` (and `CLAUDE_PLUGIN_ROOT` for a
 * plugin's hook) in its environment, its own time limit. Never throws.
 */
export async function runHookEvent(
  hooks: readonly HookCommand[],
  request: HookEventRequest,
  settings: HookRunSettings,
): Promise<HookEventResult> {
  const payload = JSON.stringify({
    session_id: settings.sessionId,
    cwd: settings.projectDirectory,
    hook_event_name: request.event,
    permission_mode: 'default',
    ...request.fields,
  });
  const runs = await Promise.all(
    hooks.map(async (hook) => {
      const result = await runProcess({
        command: hook.command ?? '',
        cwd: settings.projectDirectory,
        input: payload,
        env: {
          CLAUDE_PROJECT_DIR: settings.projectDirectory,
          ...(hook.pluginRoot === undefined ? {} : { CLAUDE_PLUGIN_ROOT: hook.pluginRoot }),
        },
        timeoutMs: hook.timeoutSeconds * 1000,
        maxOutputBytes: settings.maxOutputBytes,
        ...(settings.signal === undefined ? {} : { signal: settings.signal }),
      });
      return readHookOutcome(hook, request.event, result);
    }),
  );
  const outcome: HookEventResult = { runs, context: [] };
  for (const run of runs) {
    if (run.blockReason !== undefined) outcome.blockReason ??= run.blockReason;
    if (run.stopReason !== undefined) outcome.stopReason ??= run.stopReason;
    if (run.updatedInput !== undefined) outcome.updatedInput ??= run.updatedInput;
    if (run.context !== undefined) outcome.context.push({ text: run.context, hook: run.hook });
  }
  if (outcome.blockReason !== undefined || outcome.stopReason !== undefined) delete outcome.updatedInput;
  return outcome;
}
