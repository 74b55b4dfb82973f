import { runProcess } from '../process/run-process.js';
import type { HookCommand } from './hook-command.js';
import { compileMatcher, matcherFires } from './hook-matcher.js';
import type { HookRun } from './hook-outcome.js';
import { type HookEventRequest, type HookPayloadSettings, hookProtocols } from './hook-protocols.js';

export type { HookEventRequest } from './hook-protocols.js';

/** Where and how hook commands run. */
export interface HookRunSettings extends HookPayloadSettings {
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
 * The runnable hooks of `hooks` that fire for `request`: run at the same event (see
 * `HookCommand.runsAs`), with a matcher that fires for one of the tool's names in the hook's own
 * assistant's words (tool events) or for the source (`SessionStart`); `UserPromptSubmit` hooks, and
 * Copilot CLI's, have no matcher. Identical command lines of one format run once, as in Claude Code.
 */
export function matchingHooks(hooks: readonly HookCommand[], request: HookEventRequest): HookCommand[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (hook.runsAs !== request.event || hook.notRunReason !== undefined || hook.command === undefined)
      return false;
    const protocol = hookProtocols[hook.format];
    if (protocol === undefined) return false;
    const names =
      request.tool !== undefined
        ? request.tool.namesFor(protocol.assistant)
        : request.event === 'SessionStart'
          ? [request.source ?? 'startup']
          : undefined;
    if (names !== undefined && !matcherFires(compileMatcher(hook.matcher), names)) return false;
    const key = `${hook.format}\0${hook.command}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Run `hooks` (already matched) for one event, all at once: each a child process of
 * {@link runProcess} with its own assistant's JSON payload on stdin and environment (Claude Code's
 * `session_id`, `cwd`, `hook_event_name`, `permission_mode`, then the event's fields, and
 * `CLAUDE_PROJECT_DIR`; Gemini CLI's and Copilot CLI's own, see `hookProtocols`), its own time
 * limit, and its answer read by its own rules. Never throws.
 */
export async function runHookEvent(
  hooks: readonly HookCommand[],
  request: HookEventRequest,
  settings: HookRunSettings,
): Promise<HookEventResult> {
  const runnable = hooks.flatMap((hook) => {
    const protocol = hookProtocols[hook.format];
    return protocol === undefined ? [] : [{ hook, protocol }];
  });
  const runs = await Promise.all(
    runnable.map(async ({ hook, protocol }) => {
      const result = await runProcess({
        command: hook.command ?? '',
        cwd: settings.projectDirectory,
        input: JSON.stringify(protocol.payload(hook, request, settings)),
        env: protocol.environment(hook, settings),
        timeoutMs: hook.timeoutSeconds * 1000,
        maxOutputBytes: settings.maxOutputBytes,
        ...(settings.signal === undefined ? {} : { signal: settings.signal }),
      });
      return protocol.outcome(hook, request.event, result);
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
