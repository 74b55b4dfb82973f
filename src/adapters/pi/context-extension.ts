import type { ExtensionContext, ExtensionFactory } from '@mariozechner/pi-coding-agent';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { Run } from '../../session/capability.js';
import type { ContextSession } from '../../session/context-session.js';
import type { SessionSource } from '../../session/session-source.js';
import {
  continueFromStored,
  joinInstructions,
  prepareModelMessages,
  resolveSession,
  snapshotToStore,
} from '../kit/index.js';
import { type CapabilityToolState, registerCapabilityTools } from './capability-tools.js';
import { piMessageFormat } from './hidden-message-format.js';
import { afterHostToolCall, beforeHostToolCall } from './host-tool-hooks.js';

/** What the extension knows about the pi session when it asks a session function for its session. */
export interface PiSessionInfo {
  /** pi's working directory (`ctx.cwd`). */
  readonly cwd: string;
  /** pi's session id, a new one for every new, resumed or forked pi session. */
  readonly sessionId: string;
}

/**
 * Options of {@link contextExtension}. `hostToolHooks` runs the hooks around pi's own tools (`read`,
 * `bash`, `edit`, `write`, `ls`, ... and other extensions' tools) through pi's `tool_call` and
 * `tool_result` events; `observeUserInput` reports each prompt. Both default to `true`. Cache
 * breakpoints are pi's own (its providers place them), so there is no `cacheControl` here.
 */
export interface ContextExtensionOptions extends ContextAdapterOptions {
  /**
   * Keep the conversation's context in pi's session file: after every prompt the session's snapshot
   * is appended as a custom entry (`appendEntry('agent-context', snapshot)`, never sent to the model)
   * when it changed, and a pi session that is resumed (`--continue`, `--resume`), forked or opened
   * by a new process continues from the latest such entry of its branch. `false` keeps nothing.
   * Default `true`.
   */
  keepInSession?: boolean;
}

/** The `customType` of the session entries holding the conversation's snapshot (see `keepInSession`). */
export const contextEntryType = 'agent-context';

/**
 * A pi extension that connects pi's coding agent to a context session:
 *
 * ```ts
 * const loader = new DefaultResourceLoader({ cwd, agentDir, extensionFactories: [contextExtension(session)] });
 * ```
 *
 * `before_agent_start` (once per prompt) starts a run, registers its capability tools, reports the
 * prompt and returns pi's system prompt followed by the run's blocks; `context` (every model call)
 * expands commands and places hidden messages (the kit's `prepareModelMessages`), not persisted in
 * pi's session; `tool_call` / `tool_result` run the run's hooks around pi's own tools;
 * `session_compact` calls `session.onCompaction()`. pi makes an instance per pi session; a session
 * function is called once per instance, a single session object is `reset()` when pi starts a new,
 * resumed or forked session, and disposed when pi quits.
 */
export function contextExtension(
  source: SessionSource<PiSessionInfo>,
  options: ContextExtensionOptions = {},
): ExtensionFactory {
  return (pi) => {
    let session: Promise<ContextSession> | undefined;
    let run: Run | undefined;
    const tools: CapabilityToolState = { registered: new Set(), offered: new Set() };
    const resolve = (ctx: ExtensionContext) => {
      session ??= resolveSession(source, { cwd: ctx.cwd, sessionId: ctx.sessionManager.getSessionId() });
      return session;
    };
    // The run of a host tool call, or undefined for a capability tool (its hooks run in executeTool).
    const hostRun = (toolName: string) =>
      options.hostToolHooks === false || tools.offered.has(toolName) ? undefined : run;

    const keepInSession = options.keepInSession ?? true;
    pi.on('session_start', async (event, ctx) => {
      const resolved = await resolve(ctx);
      const switched = typeof source !== 'function' && ['new', 'resume', 'fork'].includes(event.reason);
      if (switched) resolved.reset();
      if (keepInSession) continueFromStored(resolved, latestSnapshotEntry(ctx), { evenIfOwn: switched });
    });
    pi.on('agent_end', async () => {
      if (!keepInSession || session === undefined) return;
      const resolved = await session;
      const before = lastAppended.get(resolved);
      const snapshot = snapshotToStore(resolved);
      const text = JSON.stringify(snapshot);
      if (text === before) return;
      pi.appendEntry(contextEntryType, snapshot);
      lastAppended.set(resolved, text);
    });
    pi.on('before_agent_start', async (event, ctx) => {
      const resolved = await resolve(ctx);
      const started = await resolved.startRun();
      run = started;
      registerCapabilityTools(pi, started, tools, () => run ?? started);
      if (options.observeUserInput !== false && event.prompt !== '')
        await resolved.observeUserInput(event.prompt);
      // pi keeps this prompt for every model call of the run; without blocks, its own.
      if (started.instructionBlocks.length === 0) return undefined;
      return { systemPrompt: joinInstructions(event.systemPrompt, started) };
    });
    pi.on('context', async (event) => {
      if (run === undefined || session === undefined) return undefined;
      return { messages: await prepareModelMessages(await session, event.messages, piMessageFormat) };
    });
    pi.on('tool_call', async (event) => {
      const current = hostRun(event.toolName);
      return current === undefined ? undefined : beforeHostToolCall(current, event);
    });
    pi.on('tool_result', async (event) => {
      const current = hostRun(event.toolName);
      return current === undefined ? undefined : afterHostToolCall(current, event);
    });
    pi.on('session_compact', async () => {
      if (session !== undefined) await (await session).onCompaction();
    });
    // pi quits: the conversation ends, and so does every process its session started.
    pi.on('session_shutdown', async (event) => {
      if (event.reason === 'quit' && session !== undefined) (await session).dispose();
    });
  };
}

// The snapshot each session last appended, so an unchanged one is not appended again.
const lastAppended = new WeakMap<ContextSession, string>();

/** The data of the newest `agent-context` entry on the session's current branch, if any. */
function latestSnapshotEntry(ctx: ExtensionContext): unknown {
  const entries = ctx.sessionManager.getBranch();
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!;
    if (entry.type === 'custom' && entry.customType === contextEntryType) return entry.data;
  }
  return undefined;
}
