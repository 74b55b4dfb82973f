import type { HookEventName } from './hook-events.js';

/** Whose file a hook comes from, which decides the protocol it is run with. */
export type HookFormat = 'claude-code' | 'claude-plugin' | 'codex' | 'gemini-cli' | 'cursor' | 'copilot';

/** One hook command of the repository, as `findHooks` lists it. */
export interface HookCommand {
  /** The event name as written, e.g. `PreToolUse`, `BeforeTool`, `preToolUse`, `afterFileEdit`. */
  event: string;
  /** The session event it runs at (`BeforeTool` and `preToolUse` run at `PreToolUse`); absent when none. */
  runsAs?: HookEventName;
  /** The group's matcher; `null` for none (every tool, every case). */
  matcher: string | null;
  /** The command line; `undefined` for a handler that is not a command (`prompt`, `http`). */
  command: string | undefined;
  /** Time limit in seconds: the handler's own (`timeout`, in milliseconds for Gemini CLI; Copilot's `timeoutSec`), or `hooksDefaults.timeoutSeconds`. */
  timeoutSeconds: number;
  format: HookFormat;
  /** Label of the file it is written in, e.g. `.claude/settings.json`. */
  source: string;
  /** For a plugin's hook, the plugin folder (absolute): `CLAUDE_PLUGIN_ROOT`. */
  pluginRoot?: string;
  /** Set when agent-context never runs this hook, whatever the host allows: why. */
  notRunReason?: string;
}
