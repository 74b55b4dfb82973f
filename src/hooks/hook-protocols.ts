import type { ProcessResult } from '../process/run-process.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import type { Workspace } from '../workspace/workspace.js';
import type { HookCommand, HookFormat } from './hook-command.js';
import type { HookEventName } from './hook-events.js';
import { type HookRun, readHookOutcome } from './hook-outcome.js';
import { claudeToolInput, claudeToolResponse, copilotToolInput, geminiToolInput } from './tool-payloads.js';

/** A tool call of a tool event, as every protocol needs it. */
export interface HookToolEvent {
  call: { id: string; toolName: string; input: unknown };
  /** `PostToolUse`: the tool's result. */
  response?: { output: unknown };
  /** The tool's names in one assistant's words, the session's own name first (`read_file`, `Read`). */
  namesFor(assistant: AssistantName): readonly string[];
  /** The tool's first name in one assistant's words (`Read`), or the session's own name when it has none there. */
  nameIn(assistant: AssistantName): string;
  /** Resolves the input's paths to absolute ones. */
  workspace: Pick<Workspace, 'resolve'>;
}

/** One event to run hooks for, whatever their format. */
export interface HookEventRequest {
  event: HookEventName;
  /** `SessionStart`: `startup` or `compact`, which its matchers are tested against. */
  source?: string;
  /** `UserPromptSubmit`: the user's text. */
  prompt?: string;
  /** `PreToolUse` and `PostToolUse`: the call. */
  tool?: HookToolEvent;
}

/** What a hook's payload and environment are made from, besides the request. */
export interface HookPayloadSettings {
  projectDirectory: string;
  sessionId: string;
  /** The transcript file a host keeps, given to hooks as `transcript_path`; absent when none. */
  transcriptPath?: string;
}

/** How the hooks of one assistant's files are run: their events, payload, environment and answers. */
export interface HookProtocol {
  /** The assistant whose tool names the matchers and the payload use. */
  assistant: AssistantName;
  /** Each event as written in the file -> the session event it runs at. */
  events: Readonly<Record<string, HookEventName>>;
  /** The unit of the file's `timeout` (Gemini CLI writes milliseconds). */
  timeoutUnit: 'seconds' | 'milliseconds';
  /** The JSON written to the hook's stdin. */
  payload(
    hook: HookCommand,
    request: HookEventRequest,
    settings: HookPayloadSettings,
  ): Record<string, unknown>;
  /** Environment variables the hook gets besides the host's. */
  environment(hook: HookCommand, settings: HookPayloadSettings): Record<string, string>;
  /** What the hook's process result decides. */
  outcome(hook: HookCommand, event: HookEventName, result: ProcessResult): HookRun;
}

const claudeEvents: Record<string, HookEventName> = {
  SessionStart: 'SessionStart',
  UserPromptSubmit: 'UserPromptSubmit',
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
};

/** Claude Code's protocol (https://code.claude.com/docs/en/hooks), which Codex follows too. */
const claudeProtocol: HookProtocol = {
  assistant: 'claude-code',
  events: claudeEvents,
  timeoutUnit: 'seconds',
  payload(_hook, request, settings) {
    const payload: Record<string, unknown> = {
      session_id: settings.sessionId,
      ...(settings.transcriptPath === undefined ? {} : { transcript_path: settings.transcriptPath }),
      cwd: settings.projectDirectory,
      hook_event_name: request.event,
      permission_mode: 'default',
    };
    if (request.event === 'SessionStart') payload.source = request.source ?? 'startup';
    if (request.event === 'UserPromptSubmit') payload.prompt = request.prompt ?? '';
    const tool = request.tool;
    if (tool !== undefined) {
      const name = tool.nameIn('claude-code');
      payload.tool_name = name;
      payload.tool_input = claudeToolInput(tool.call.input, name, tool.workspace);
      payload.tool_use_id = tool.call.id;
      if (tool.response !== undefined)
        payload.tool_response = claudeToolResponse(
          tool.response.output,
          tool.call.input,
          name,
          tool.workspace,
        );
    }
    return payload;
  },
  environment: (hook, settings) => ({
    CLAUDE_PROJECT_DIR: settings.projectDirectory,
    ...(hook.pluginRoot === undefined ? {} : { CLAUDE_PLUGIN_ROOT: hook.pluginRoot }),
  }),
  outcome: (hook, event, result) => readHookOutcome(hook, event, result),
};

/**
 * Gemini CLI's protocol (`.gemini/settings.json` `hooks`): `BeforeTool`, `AfterTool`, `BeforeAgent`
 * and `SessionStart`, matchers over Gemini CLI's tool names (`read_file`), timeouts in milliseconds,
 * exit 2 or `decision: "deny"` blocks with its reason, `hookSpecificOutput.additionalContext` reaches
 * the model; the payload in Gemini CLI's fields (`timestamp`, `tool_response.llmContent`).
 */
const geminiProtocol: HookProtocol = {
  assistant: 'gemini-cli',
  events: {
    SessionStart: 'SessionStart',
    BeforeAgent: 'UserPromptSubmit',
    BeforeTool: 'PreToolUse',
    AfterTool: 'PostToolUse',
  },
  timeoutUnit: 'milliseconds',
  payload(hook, request, settings) {
    const payload: Record<string, unknown> = {
      session_id: settings.sessionId,
      ...(settings.transcriptPath === undefined ? {} : { transcript_path: settings.transcriptPath }),
      cwd: settings.projectDirectory,
      hook_event_name: hook.event,
      timestamp: new Date().toISOString(),
    };
    if (request.event === 'SessionStart')
      payload.source = request.source === 'compact' ? 'resume' : 'startup';
    if (request.event === 'UserPromptSubmit') payload.prompt = request.prompt ?? '';
    const tool = request.tool;
    if (tool !== undefined) {
      const name = tool.nameIn('gemini-cli');
      payload.tool_name = name;
      payload.tool_input = geminiToolInput(tool.call.input, name, tool.workspace);
      if (tool.response !== undefined) {
        const text =
          typeof tool.response.output === 'string'
            ? tool.response.output
            : JSON.stringify(tool.response.output);
        payload.tool_response = { llmContent: text, returnDisplay: text };
      }
    }
    return payload;
  },
  environment: (_hook, settings) => ({
    GEMINI_PROJECT_DIR: settings.projectDirectory,
    GEMINI_SESSION_ID: settings.sessionId,
    GEMINI_CWD: settings.projectDirectory,
    // Gemini CLI sets Claude Code's name too, so hooks written for both work.
    CLAUDE_PROJECT_DIR: settings.projectDirectory,
  }),
  outcome: (hook, event, result) => readHookOutcome(hook, event, result, { denyDecision: true }),
};

/** Copilot CLI's own tool names, by what the session's tool does. */
const copilotNames: ReadonlyArray<readonly [string, string]> = [
  ['Read', 'view'],
  ['Write', 'create'],
  ['Edit', 'edit'],
  ['Bash', 'bash'],
  ['Grep', 'grep'],
  ['Glob', 'glob'],
  ['LS', 'view'],
];

/**
 * Copilot CLI's protocol (`.github/hooks/*.json`, `version: 1`): `preToolUse`, `postToolUse`,
 * `userPromptSubmitted` and `sessionStart`, no matchers (a hook sees every tool and decides), the
 * command in `bash`, `timeoutSec` in seconds; stdin `{ timestamp, cwd, toolName, toolArgs }` with the
 * arguments as a JSON string; stdout `{ permissionDecision: "deny", permissionDecisionReason }` blocks,
 * `modifiedArgs` replaces the input, `additionalContext` reaches the model; a failing hook does not block.
 */
const copilotProtocol: HookProtocol = {
  assistant: 'github-copilot',
  events: {
    sessionStart: 'SessionStart',
    userPromptSubmitted: 'UserPromptSubmit',
    preToolUse: 'PreToolUse',
    postToolUse: 'PostToolUse',
  },
  timeoutUnit: 'seconds',
  payload(_hook, request, settings) {
    const payload: Record<string, unknown> = { timestamp: Date.now(), cwd: settings.projectDirectory };
    if (request.event === 'SessionStart') payload.source = request.source === 'compact' ? 'resume' : 'new';
    if (request.event === 'UserPromptSubmit') payload.prompt = request.prompt ?? '';
    const tool = request.tool;
    if (tool !== undefined) {
      const claudeName = tool.nameIn('claude-code');
      payload.toolName = copilotNames.find(([claude]) => claude === claudeName)?.[1] ?? tool.call.toolName;
      payload.toolArgs = JSON.stringify(copilotToolInput(tool.call.input, tool.workspace) ?? {});
      if (tool.response !== undefined) {
        const text =
          typeof tool.response.output === 'string'
            ? tool.response.output
            : JSON.stringify(tool.response.output);
        payload.toolResult = { resultType: 'success', textResultForLlm: text };
      }
    }
    return payload;
  },
  environment: () => ({}),
  outcome: readCopilotOutcome,
};

/** How each hook file format is run; Cursor's hooks have none here (listed, not run). */
export const hookProtocols: Readonly<Partial<Record<HookFormat, HookProtocol>>> = {
  'claude-code': claudeProtocol,
  'claude-plugin': claudeProtocol,
  codex: claudeProtocol,
  'gemini-cli': geminiProtocol,
  copilot: copilotProtocol,
};

/** A Copilot CLI hook's answer: only its JSON decides; a failure is reported and blocks nothing. */
function readCopilotOutcome(hook: HookCommand, event: HookEventName, result: ProcessResult): HookRun {
  const run: HookRun = { hook, result, status: 'success' };
  if (result.failure !== undefined || result.exitCode !== 0) {
    const detail = result.stderr.trim();
    return {
      ...run,
      status: 'error',
      message: `${hook.event} hook "${hook.command ?? ''}" (${hook.source}) ${result.failure === undefined ? `exited with ${result.exitCode}` : 'failed'}${detail === '' ? '' : `: ${detail}`}`,
    };
  }
  let output: unknown;
  try {
    output = JSON.parse(result.stdout.trim() || 'null');
  } catch {
    return run;
  }
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return run;
  const answer = output as Record<string, unknown>;
  const reason =
    typeof answer.permissionDecisionReason === 'string' ? answer.permissionDecisionReason : undefined;
  if (
    event === 'PreToolUse' &&
    (answer.permissionDecision === 'deny' || answer.permissionDecision === 'ask')
  ) {
    run.status = 'block';
    run.blockReason = reason ?? `Denied by a ${hook.event} hook.`;
  }
  if (event === 'PreToolUse' && run.blockReason === undefined && isRecord(answer.modifiedArgs))
    run.updatedInput = answer.modifiedArgs;
  if (typeof answer.additionalContext === 'string' && answer.additionalContext.trim() !== '')
    run.context = answer.additionalContext;
  return run;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The hook files each assistant runs (recorded on Claude Code 2.1.332, Codex 0.171.0 after trust,
 * Gemini CLI 0.61.0, Copilot CLI 1.0.102: each runs its own files only, none of another's; OpenCode
 * and Qwen Code ran none of these). An assistant not listed runs none.
 */
export const assistantHookFormats: Readonly<Partial<Record<AssistantName, readonly HookFormat[]>>> = {
  'claude-code': ['claude-code', 'claude-plugin'],
  codex: ['codex'],
  'gemini-cli': ['gemini-cli'],
  'copilot-cli': ['copilot'],
  'github-copilot': ['copilot'],
  cursor: ['cursor'],
};
