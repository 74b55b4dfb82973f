/** The Claude Code hook events agent-context can run, and when each fires. */
export type HookEventName = 'SessionStart' | 'UserPromptSubmit' | 'PreToolUse' | 'PostToolUse';

/** Every {@link HookEventName}, in the order a run meets them. */
export const runnableHookEvents: readonly HookEventName[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
];

/**
 * Events read but never run, with the reason (listed as present, not run, whatever `run` says).
 * Any other event name is listed with {@link unknownEventReason}.
 */
export const eventsNotRun: Readonly<Record<string, string>> = {
  Stop: 'the session cannot tell when the framework ends its loop, so it cannot hold the agent back',
  SubagentStop: 'the session cannot tell when a sub-agent ends its loop',
  SessionEnd: 'the session has no end the framework reports',
  PreCompact: 'compaction is done by the host; the session hears of it only afterwards',
  Notification: 'the session sends no notifications',
  PermissionRequest: 'the session has no permission prompts',
  PostToolUseFailure: 'not supported yet: failed tool calls run no hooks',
};

/** Why an event of no known name is not run. */
export const unknownEventReason = 'no such event in the session';

/** Whether `event` is one agent-context runs. */
export function isRunnableEvent(event: string): event is HookEventName {
  return (runnableHookEvents as readonly string[]).includes(event);
}
