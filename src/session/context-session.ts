import { AgentContextError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type {
  Capability,
  CommandExpansion,
  ContextEvent,
  ContextEventListener,
  ContextSession,
  EventReason,
  HiddenMessageRequest,
  Touch,
  TouchOptions,
} from './capability.js';
import { type CapabilityEntry, flattenCapabilities } from './capability-group.js';
import { ContextRun } from './context-run.js';
import { describeLoadedFiles, type LoadedFile } from './describe-loaded-files.js';
import { HiddenMessageStore } from './hidden-message-store.js';

export type { ContextEventListener, ContextSession, ObserveUserInputOptions } from './capability.js';

import { userInputTouches } from './user-input-paths.js';

/** Options of {@link createContextSession}. */
export interface ContextSessionOptions {
  /** Where every capability reads files. */
  workspace: Workspace;
  /**
   * The capabilities, in order: it is the order of instruction blocks, tools and hooks. A
   * {@link CapabilityGroup} (e.g. `repoContext()`) stands for its members, in its place. Default `[]`.
   */
  capabilities?: readonly CapabilityEntry[];
}

/**
 * Create a session: the framework-neutral engine adapters drive.
 *
 * Throws `invalid-option` for a capability without a string name or two capabilities with the same
 * name, groups' members included (caller mistakes). Everything else is reported as events.
 *
 * @example
 * const session = createContextSession({ workspace, capabilities: [fileTools(), nestedInstructions()] });
 * const run = await session.startRun();
 * const result = await run.executeTool({ id: 'call_1', toolName: 'read_file', input: { path: 'src/a.ts' } });
 * const messages = session.placeHiddenMessages(history, (message) => message.toolCallId);
 */
export function createContextSession(options: ContextSessionOptions): ContextSession {
  const { workspace } = options;
  const capabilities = Object.freeze(flattenCapabilities(options.capabilities ?? []));
  const names = new Set<string>();
  for (const capability of capabilities) {
    if (typeof capability?.name !== 'string' || capability.name === '') {
      throw new AgentContextError('Every capability needs a non-empty string `name`.', {
        code: 'invalid-option',
        reason: 'capability without a name',
      });
    }
    if (names.has(capability.name)) {
      throw new AgentContextError(
        `Two capabilities are named "${capability.name}". Capability names must be unique within a session.`,
        { code: 'invalid-option', reason: 'duplicate capability name' },
      );
    }
    names.add(capability.name);
  }

  const listeners = new Set<ContextEventListener>();
  const states = new Map<object, unknown>();
  const loaded = new Map<string, LoadedFile>();
  // The first expansion of each keyed user message: its bytes never change afterwards.
  const expansions = new Map<string, Promise<CommandExpansion>>();
  // One controller per conversation: `reset()` aborts it and starts the next, `dispose()` aborts it for good.
  let conversation = new AbortController();
  let disposed = false;
  let runCount = 0;
  let currentRun: ContextRun | undefined;

  const emit = (event: ContextEvent): void => {
    if (event.type === 'loaded' && event.path !== undefined) {
      // One entry per file and capability: a project file read again at the next run start keeps
      // the entry (and reason) of its first load, so describe() does not grow with every run.
      const key = `${event.capability}\0${event.path}`;
      if (!loaded.has(key)) {
        const file: LoadedFile = { path: event.path, reason: event.reason, capability: event.capability };
        if (event.trigger !== undefined) file.trigger = event.trigger;
        loaded.set(key, file);
      }
    }
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // A listener is an observer: its failure must not change what the agent gets.
      }
    }
  };
  const hidden = new HiddenMessageStore(emit);
  const activeCapabilities = () => currentRun?.capabilities ?? capabilities;

  const session: ContextSession = {
    workspace,
    capabilities,
    get currentRun() {
      return currentRun;
    },
    emit,
    get signal() {
      return conversation.signal;
    },
    state<State>(owner: object, create: () => State): State {
      if (!states.has(owner)) states.set(owner, create());
      return states.get(owner) as State;
    },
    deliverHidden(request: HiddenMessageRequest) {
      hidden.request(request);
    },
    async touch(path, touchOptions) {
      const details: TouchOptions =
        typeof touchOptions === 'string' ? { trigger: touchOptions } : (touchOptions ?? {});
      const touch: Touch = { path, source: 'manual', trigger: details.trigger ?? 'session.touch' };
      if (details.kind !== undefined) touch.kind = details.kind;
      if (details.anchor !== undefined) touch.anchor = details.anchor;
      await dispatchTouch(touch);
    },
    async observeUserInput(text, inputOptions = {}) {
      for (const touch of await userInputTouches(workspace, text, inputOptions.key))
        await dispatchTouch(touch);
      const input = inputOptions.key === undefined ? { text } : { text, anchor: inputOptions.key };
      for (const capability of activeCapabilities()) {
        const hook = capability.onUserInput;
        if (!hook) continue;
        await guarded(capability, 'onUserInput', 'touch', () => hook.call(capability, { ...input }, session));
      }
    },
    expandCommand(text, expandOptions = {}) {
      const { key } = expandOptions;
      if (key === undefined) return expandOnce(text);
      const known = expansions.get(key);
      if (known) return known;
      const expansion = expandOnce(text);
      expansions.set(key, expansion);
      return expansion;
    },
    async startRun() {
      runCount += 1;
      const run = await ContextRun.open(session, runCount, capabilities);
      currentRun = run;
      return run;
    },
    afterToolCall(call, result) {
      if (!currentRun) {
        throw new AgentContextError('session.afterToolCall needs a run: call session.startRun() first.', {
          code: 'invalid-option',
          reason: 'no run started',
        });
      }
      return currentRun.afterToolCall(call, result);
    },
    placeHiddenMessages(messages, keyOf, placeOptions) {
      return hidden.place(messages, keyOf, placeOptions);
    },
    async onCompaction() {
      emit({
        type: 'compacted',
        reason: 'compaction',
        capability: 'session',
        message:
          'The conversation was compacted: surfaced state is kept; context whose anchor is gone is re-delivered once.',
      });
      for (const capability of activeCapabilities()) {
        const hook = capability.onCompaction;
        if (!hook) continue;
        await guarded(capability, 'onCompaction', 'compaction', () => hook.call(capability, session));
      }
    },
    reset() {
      // The processes of the conversation that ended (running hooks, shell lines) end with it.
      conversation.abort();
      if (!disposed) conversation = new AbortController();
      states.clear();
      expansions.clear();
      hidden.clear();
      loaded.clear();
      emit({
        type: 'reset',
        reason: 'reset',
        capability: 'session',
        message:
          'Session reset: everything surfaced is forgotten, and the processes started for the conversation are killed.',
      });
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      conversation.abort();
      emit({
        type: 'disposed',
        reason: 'dispose',
        capability: 'session',
        message:
          'Session disposed: the processes its capabilities started are killed, and none starts again.',
      });
    },
    loadedFiles: () => [...loaded.values()].map((file) => ({ ...file })),
    describe: () => describeLoadedFiles([...loaded.values()]),
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };

  async function guarded(capability: Capability, hook: string, reason: EventReason, action: () => unknown) {
    if (currentRun) await currentRun.callHook(capability, hook, reason, action);
    else await action();
  }

  async function expandOnce(text: string): Promise<CommandExpansion> {
    if (!text.startsWith('/')) return { text };
    for (const capability of activeCapabilities()) {
      const hook = capability.expandCommand;
      if (!hook) continue;
      let expansion: CommandExpansion | undefined;
      await guarded(capability, 'expandCommand', 'command', async () => {
        expansion = (await hook.call(capability, text, session, currentRun)) ?? undefined;
      });
      if (expansion !== undefined && typeof expansion.text === 'string') return expansion;
    }
    return { text };
  }

  async function dispatchTouch(touch: Touch): Promise<void> {
    for (const capability of activeCapabilities()) {
      const hook = capability.onTouch;
      if (!hook) continue;
      await guarded(capability, 'onTouch', 'touch', () => hook.call(capability, { ...touch }, session));
    }
  }

  return session;
}
