import { AgentContextError, describeError } from '../errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type {
  Capability,
  CommandExpansion,
  ContextEvent,
  ContextEventListener,
  ContextSession,
  EventReason,
  HiddenMessageRequest,
  StatePersistence,
  Touch,
  TouchOptions,
} from './capability.js';
import { type CapabilityEntry, flattenCapabilities } from './capability-group.js';
import { ContextRun } from './context-run.js';
import { describeLoadedFiles, type LoadedFile } from './describe-loaded-files.js';
import { HiddenMessageStore } from './hidden-message-store.js';
import {
  type JsonValue,
  parseSessionSnapshot,
  type SessionSnapshot,
  savedLoadedFiles,
  snapshotFormat,
  snapshotVersion,
} from './session-snapshot.js';
import { loadedFileColumns } from './snapshot-columns.js';

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
  /**
   * Continue a conversation from `session.snapshot()` of an earlier session (another process, another
   * worker): its hidden messages keep their bytes and anchors, its capabilities their declared state.
   * Give the same capabilities with the same options. A value that is not such a snapshot (another
   * version, a missing or mistyped field, a JSON string that does not parse) throws `snapshot-invalid`
   * or `snapshot-version` and restores nothing. Default: none (a new conversation).
   */
  restore?: SessionSnapshot | unknown;
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

  const restored = options.restore === undefined ? undefined : parseSessionSnapshot(options.restore);

  const listeners = new Set<ContextEventListener>();
  const states = new Map<object, unknown>();
  const persistences = new Map<object, StatePersistence<unknown> | undefined>();
  // Restored states not asked for yet, by key: taken by the first `state()` call that declares the key.
  const savedStates = new Map<string, JsonValue>();
  const loaded = new Map<string, LoadedFile>();
  // The first expansion of each keyed user message: its bytes never change afterwards.
  const expansions = new Map<string, Promise<CommandExpansion>>();
  // The same expansions once settled, for `snapshot()`.
  const settledExpansions = new Map<string, CommandExpansion>();
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
  /** Forget the conversation's context (not the listeners, not the signal). */
  const forget = () => {
    states.clear();
    persistences.clear();
    savedStates.clear();
    expansions.clear();
    settledExpansions.clear();
    hidden.clear();
    loaded.clear();
  };
  /** Take a parsed snapshot's context (after `forget`). */
  const apply = (snapshot: SessionSnapshot) => {
    runCount = snapshot.runs;
    hidden.restore(snapshot.hiddenMessages);
    for (const file of savedLoadedFiles(snapshot)) loaded.set(`${file.capability}\0${file.path}`, file);
    for (const { key, ...expansion } of snapshot.commandExpansions) {
      settledExpansions.set(key, expansion);
      expansions.set(key, Promise.resolve({ ...expansion }));
    }
    for (const [key, state] of Object.entries(snapshot.states)) savedStates.set(key, state);
  };
  if (restored !== undefined) apply(restored);
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
    state<State>(owner: object, create: () => State, persistence?: StatePersistence<State>): State {
      if (!states.has(owner)) {
        persistences.set(owner, persistence as StatePersistence<unknown> | undefined);
        states.set(owner, restoreState(create, persistence));
      }
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
      void expansion.then(
        (settled) => settledExpansions.set(key, { ...settled }),
        () => undefined,
      );
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
    hiddenMessages: () => hidden.list(),
    async reconcileHistory(messages, keyOf, toolCallsOf) {
      const unseen = hidden.unseenKeys(messages, keyOf);
      if (unseen === undefined || unseen.size === 0) return;
      const calls = messages
        .flatMap((message) => [...(toolCallsOf(message) ?? [])])
        .filter((call) => unseen.has(call.id));
      if (calls.length === 0) return;
      for (const call of calls) {
        for (const capability of activeCapabilities()) {
          const hook = capability.onReconcile;
          if (!hook) continue;
          await guarded(capability, 'onReconcile', 'restore', () =>
            hook.call(capability, { ...call }, session),
          );
        }
      }
      emit({
        type: 'reconciled',
        reason: 'restore',
        capability: 'session',
        message: `Replayed ${calls.length} tool call${calls.length === 1 ? '' : 's'} the saved conversation did not know (${calls.map((call) => call.id).join(', ')}): what ${calls.length === 1 ? 'it' : 'they'} touched is delivered once, after ${calls.length === 1 ? 'its result' : 'their results'}.`,
      });
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
      forget();
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
    snapshot: () => takeSnapshot(),
    restore(snapshot) {
      const parsed = parseSessionSnapshot(snapshot);
      // The processes of the conversation held until now end with it, as at `reset()`.
      conversation.abort();
      if (!disposed) conversation = new AbortController();
      forget();
      apply(parsed);
      currentRun = undefined;
      emit({
        type: 'restored',
        reason: 'restore',
        capability: 'session',
        message: `Continued the conversation from a snapshot: ${parsed.runs} run${parsed.runs === 1 ? '' : 's'}, ${parsed.hiddenMessages.texts.length} hidden message${parsed.hiddenMessages.texts.length === 1 ? '' : 's'}.`,
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

  function restoreState<State>(create: () => State, persistence: StatePersistence<State> | undefined): State {
    if (persistence === undefined || !('restore' in persistence)) return create();
    const saved = savedStates.get(persistence.key);
    if (saved === undefined) return create();
    savedStates.delete(persistence.key);
    try {
      return persistence.restore(saved);
    } catch (error) {
      const message = `The saved state ${persistence.key} could not be restored (${describeError(error)}); it starts anew.`;
      emit({
        type: 'diagnostic',
        reason: 'restore',
        capability: 'session',
        message,
        diagnostic: { severity: 'warning', code: 'state-not-restored', message },
      });
      return create();
    }
  }

  function takeSnapshot(): SessionSnapshot {
    const saved: Record<string, JsonValue> = Object.fromEntries(savedStates);
    const notSaved: SessionSnapshot['notSaved'] = [];
    let undeclared = 0;
    for (const [owner, state] of states) {
      const persistence = persistences.get(owner);
      if (persistence === undefined) {
        undeclared += 1;
        notSaved.push({
          key: `undeclared-${undeclared}`,
          reason: 'a capability keeps this state without saying how to save it',
        });
      } else if ('save' in persistence) {
        saved[persistence.key] = persistence.save(state);
      } else {
        notSaved.push({ key: persistence.key, reason: persistence.notSaved });
      }
    }
    const snapshot: SessionSnapshot = {
      format: snapshotFormat,
      version: snapshotVersion,
      runs: runCount,
      hiddenMessages: hidden.save(),
      commandExpansions: [...settledExpansions].map(([key, expansion]) => ({ key, ...expansion })),
      loadedFiles: loadedFileColumns(loaded.values()),
      states: saved,
      notSaved,
    };
    // A plain copy: nothing the snapshot holds is shared with the session's live state.
    return JSON.parse(JSON.stringify(snapshot)) as SessionSnapshot;
  }

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
