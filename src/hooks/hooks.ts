import { AgentContextError } from '../errors.js';
import type { Awaitable, Capability, ContextSessionLike } from '../session/capability.js';
import { declareRunStartRequests, runStartWorkspace } from '../session/run-start-listing.js';
import { savedState } from '../session/saved-state.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { type ToolVocabulary, toolVocabulary } from '../tool-vocabulary/tool-vocabulary.js';
import { findHooks, type HookCommand, hookListRequests, pluginHookRequests } from './find-hooks.js';
import type { HookEventName } from './hook-events.js';
import { describeHook } from './hook-outcome.js';
import { assistantHookFormats } from './hook-protocols.js';
import { renderHookContext, toolEventRequest } from './hook-request.js';
import { hooksDefaults } from './hooks-defaults.js';
import {
  type HookEventRequest,
  type HookEventResult,
  matchingHooks,
  runHookEvent,
} from './run-hook-event.js';
import { restoreToolInput } from './tool-payloads.js';

/** Which hooks run: none, all, the hooks of some events, or the commands a function approves. */
export type HooksRunOption =
  | boolean
  | readonly HookEventName[]
  /** Called once per distinct command and session (like a trust prompt); `true` runs it. */
  | ((hook: HookCommand) => Awaitable<boolean>);

/** Options of {@link hooks}. */
export interface HooksOptions {
  /** Capability name. @default 'hooks' */
  name?: string;
  /**
   * Which of the repository's hooks run. Running a hook is running the repository's code with the
   * host's rights, so the default runs none: each is listed in the run's events as present, not run.
   * @default false
   */
  run?: HooksRunOption;
  /** Bytes kept of each hook's stdout, and of its stderr. @default 65536 */
  maxOutputBytes?: number;
  /**
   * The names a tool is known by, for matchers (`Edit|Write` fires for `write_file`). Give one built
   * with the host's tools (`toolVocabulary({ hostTools: { bash: 'shell' } })`) so `Bash` matchers fire
   * for the host's shell tool. @default toolVocabulary()
   */
  vocabulary?: Pick<ToolVocabulary, 'namesOf'>;
  /**
   * The transcript file the host keeps of the conversation, given to Claude Code's and Gemini CLI's
   * hooks as `transcript_path`. @default undefined (the session keeps no transcript; the field is left out)
   */
  transcriptPath?: string;
  /**
   * Run only the hook files one assistant runs (see `assistantHookFormats`: Claude Code its
   * `.claude` files and plugins, Codex `.codex/hooks.json`, Gemini CLI `.gemini/settings.json`,
   * Copilot `.github/hooks`; OpenCode and Qwen Code none); the others are listed as not run.
   * @default undefined (every format's hooks)
   */
  assistant?: AssistantName;
}

interface HooksState {
  sessionId: string;
  approvals: Map<string, Promise<boolean>>;
  owner: AbortController;
  hooks: HookCommand[];
  /** The `SessionStart` source still to run at the next run start (`undefined`: none). */
  startSource: 'startup' | 'compact' | undefined;
}

/**
 * Run the repository's hooks as their assistant does (Claude Code's protocol, and Codex's, which is
 * the same; Gemini CLI's; Copilot CLI's: see `hookProtocols`), when the host allows it. Off by default: every hook found is then an event of the run
 * (`skipped`, reason `hook`), never silently ignored. See docs/hooks.md.
 *
 * - `SessionStart` (the session's first run start, and the first after a compaction): its stdout and
 *   `additionalContext` become a hidden message.
 * - `UserPromptSubmit` (each user message the adapter observes): a block stops the run with an
 *   `AgentContextError` (code `hook-blocked`) carrying the reason to the host; context becomes a
 *   hidden message after the user's message.
 * - `PreToolUse` (before every tool call): a block (exit 2, `permissionDecision: "deny"`) is the
 *   tool result the model sees and the tool does not run; `updatedInput` replaces the input.
 * - `PostToolUse` (after every successful tool call): exit 2's stderr, a `block` reason and
 *   `additionalContext` become a hidden message right after the tool result.
 *
 * Hook processes belong to the run: they are killed when the next run starts, when the session is
 * disposed (`session.dispose()`), on timeout, and when the host process exits.
 *
 * @example
 * createContextSession({ workspace, capabilities: [hooks({ run: ['PreToolUse', 'PostToolUse'] })] });
 */
export function hooks(options: HooksOptions = {}): Capability {
  const name = options.name ?? hooksDefaults.name;
  const runOption = options.run ?? hooksDefaults.run;
  const maxOutputBytes = options.maxOutputBytes ?? hooksDefaults.maxOutputBytes;
  const vocabulary = options.vocabulary ?? toolVocabulary();
  const formats =
    options.assistant === undefined ? undefined : (assistantHookFormats[options.assistant] ?? []);
  const owner = {};
  const stateOf = (session: ContextSessionLike): HooksState =>
    session.state(
      owner,
      (): HooksState => ({
        sessionId: cryptoModule().randomUUID(),
        approvals: new Map(),
        owner: new AbortController(),
        hooks: [],
        startSource: 'startup',
      }),
      {
        // The session id hooks see, and whether SessionStart is still due, continue in the next
        // process; the host's approvals (a function's answers) are asked for again there.
        key: `${name}/session`,
        save: (state) => ({ sessionId: state.sessionId, startSource: state.startSource ?? null }),
        restore: (saved) => {
          const fields = savedState.object(saved, 'session');
          const startSource = fields.startSource;
          if (startSource !== null && startSource !== 'startup' && startSource !== 'compact') {
            throw new Error('startSource is not a SessionStart source');
          }
          return {
            sessionId: savedState.string(fields.sessionId, 'sessionId'),
            approvals: new Map(),
            owner: new AbortController(),
            hooks: [],
            startSource: startSource ?? undefined,
          };
        },
      },
    );

  const allowed = (state: HooksState, hook: HookCommand): Promise<boolean> => {
    if (typeof runOption === 'boolean') return Promise.resolve(runOption);
    if (typeof runOption !== 'function')
      return Promise.resolve(hook.runsAs !== undefined && runOption.includes(hook.runsAs));
    const key = `${hook.source}\0${hook.command}`;
    let approval = state.approvals.get(key);
    if (approval === undefined) {
      approval = Promise.resolve()
        .then(() => runOption({ ...hook }))
        .then((value) => value === true)
        .catch(() => false);
      state.approvals.set(key, approval);
    }
    return approval;
  };

  const run = async (
    session: ContextSessionLike,
    request: HookEventRequest,
    trigger: string,
  ): Promise<HookEventResult | undefined> => {
    if (runOption === false) return undefined;
    const state = stateOf(session);
    const matched = matchingHooks(state.hooks, request);
    const approved: HookCommand[] = [];
    for (const hook of matched) {
      if (await allowed(state, hook)) approved.push(hook);
      else if (typeof runOption === 'function')
        session.emit({
          type: 'skipped',
          reason: 'hook',
          capability: name,
          path: hook.source,
          trigger,
          message: `${describeHook(hook)} matched and was not run: the host did not allow it.`,
        });
    }
    if (approved.length === 0) return undefined;
    const result = await runHookEvent(approved, request, {
      projectDirectory: session.workspace.cwd,
      sessionId: state.sessionId,
      ...(options.transcriptPath === undefined ? {} : { transcriptPath: options.transcriptPath }),
      maxOutputBytes,
      // The run's owner (killed when the next run starts) and the session's (killed by dispose()).
      signal: AbortSignal.any([state.owner.signal, session.signal]),
    });
    for (const hookRun of result.runs) {
      const code = hookRun.result.exitCode;
      const how = hookRun.result.failure === undefined ? `exited with ${code}` : 'failed';
      session.emit({
        type: 'hook-ran',
        reason: 'hook',
        capability: name,
        path: hookRun.hook.source,
        trigger,
        message: `${describeHook(hookRun.hook)} ${how}: ${hookRun.status}.`,
      });
      if (hookRun.message !== undefined)
        session.emit({
          type: 'diagnostic',
          reason: 'hook',
          capability: name,
          path: hookRun.hook.source,
          trigger,
          message: hookRun.message,
          diagnostic: {
            severity: hookRun.status === 'error' ? 'warning' : 'info',
            code: hookRun.status === 'error' ? 'hook-failed' : 'hook-message',
            message: hookRun.message,
            path: hookRun.hook.source,
          },
        });
    }
    return result;
  };

  const deliver = (session: ContextSessionLike, result: HookEventResult, anchor?: string) => {
    const text = renderHookContext(result);
    if (text === undefined) return;
    session.deliverHidden(
      anchor === undefined ? { capability: name, text } : { capability: name, text, anchor },
    );
  };

  const capability: Capability = {
    name,
    async onRunStart(current) {
      const { session } = current;
      const state = stateOf(session);
      // A new run means the previous one ended: whatever its hooks still run is killed.
      state.owner.abort();
      state.owner = new AbortController();
      const found = await findHooks(await runStartWorkspace(current));
      state.hooks = found.items;
      for (const diagnostic of found.diagnostics)
        current.emit({
          type: 'diagnostic',
          reason: 'hook',
          capability: name,
          message: diagnostic.message,
          diagnostic,
          ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
        });
      for (const hook of found.items) {
        if (hook.notRunReason === undefined && formats !== undefined && !formats.includes(hook.format))
          hook.notRunReason = `the ${options.assistant} profile runs ${formats.length === 0 ? 'no hook files' : `only ${formats.join(', ')} hooks`}`;
        const reason =
          hook.notRunReason ??
          (runOption === false
            ? 'hooks are off (hooks({ run: true }) runs them)'
            : Array.isArray(runOption) && hook.runsAs !== undefined && !runOption.includes(hook.runsAs)
              ? `${hook.runsAs} is not among the events the host runs`
              : undefined);
        if (reason !== undefined)
          current.emit({
            type: 'skipped',
            reason: 'hook',
            capability: name,
            path: hook.source,
            message: `${describeHook(hook)} is present, not run: ${reason}.`,
          });
      }
      const source = state.startSource;
      state.startSource = undefined;
      if (source === undefined) return;
      const result = await run(session, { event: 'SessionStart', source }, 'session start');
      if (result) deliver(session, result);
    },
    async onUserInput(input, session) {
      const result = await run(session, { event: 'UserPromptSubmit', prompt: input.text }, 'user input');
      if (!result) return;
      const refusal = result.blockReason ?? result.stopReason;
      if (refusal !== undefined) {
        session.emit({
          type: 'blocked',
          reason: 'hook',
          capability: name,
          trigger: 'user input',
          message: `A UserPromptSubmit hook blocked the prompt: ${refusal}`,
        });
        throw new AgentContextError(`A UserPromptSubmit hook blocked the prompt: ${refusal}`, {
          code: 'hook-blocked',
          reason: refusal,
        });
      }
      deliver(session, result, input.anchor);
    },
    async beforeToolCall(call, current) {
      const result = await run(
        current.session,
        toolEventRequest('PreToolUse', call, current.workspace, vocabulary),
        call.id,
      );
      if (!result) return undefined;
      deliver(current.session, result, call.id);
      const refusal = result.blockReason ?? result.stopReason;
      if (refusal !== undefined) return { block: refusal };
      if (result.updatedInput !== undefined)
        return { input: restoreToolInput(call.input, result.updatedInput) };
      return undefined;
    },
    async afterToolCall(call, result, current) {
      if (result.isError) return undefined;
      const outcome = await run(
        current.session,
        toolEventRequest('PostToolUse', call, current.workspace, vocabulary, result),
        call.id,
      );
      if (outcome) deliver(current.session, outcome, call.id);
      return undefined;
    },
    onCompaction(session) {
      stateOf(session).startSource = 'compact';
    },
  };
  // The hook files come from the run start's one listing.
  return declareRunStartRequests(
    capability,
    (run) => hookListRequests(run.workspace),
    (_run, listed) => pluginHookRequests(listed),
  );
}
