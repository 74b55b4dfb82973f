import { AgentContextError } from '../errors.js';
import { maximumValueDepth } from '../shared/limit-value-depth.js';
import type { EventReason } from './context-event.js';
import type { LoadedFile } from './describe-loaded-files.js';

/** A value that survives `JSON.stringify` and `JSON.parse` unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What every snapshot says it is, so a value of another kind is never misread as one. */
export const snapshotFormat = 'agent-context/session';

/**
 * The snapshot version this library writes and reads. A snapshot of another version is refused with
 * `snapshot-version` (an older one is never guessed at): the conversation is left as stored.
 */
export const snapshotVersion = 1;

/** One hidden message of a snapshot: the bytes the model saw, and where they sit. */
export interface HiddenMessageSnapshot {
  /** `agent-context-hidden-N`, kept so adapters see the same keys in every process. */
  key: string;
  capability: string;
  /** The exact text the model sees. */
  text: string;
  /** Present for a `consolidated` message: one per slot and capability. */
  slot?: string;
  /** The key of the persisted message it follows; absent while it waits for its first placement. */
  anchor?: string;
  /** The anchor asked for, kept while the message waits for its first placement. */
  requested?: string;
  /** Order among messages bound to the same anchor. */
  order: number;
}

/** The hidden messages of a session, with what placement needs to continue in another process. */
export interface HiddenMessagesSnapshot {
  messages: HiddenMessageSnapshot[];
  /** The number of the next hidden message key. */
  nextKey: number;
  /** The next binding order. */
  nextOrder: number;
  /**
   * How many distinct message keys the placements saw, and the last of them. The host's list only
   * grows, so the first `count` keys of the next placement are the ones seen before: what follows is
   * new (a fresh anchor), and a list that does not agree (compacted, edited) is handled as such.
   */
  seen: { count: number; last?: string };
}

/** The first expansion of one keyed user message (`expandCommand` with a key). */
export interface CommandExpansionSnapshot {
  key: string;
  text: string;
  command?: { name: string; format: string; path: string };
}

/** One entry of `loadedFiles`: a {@link LoadedFile} as a tuple. */
export type LoadedFileSnapshot = [path: string, reason: string, capability: string, trigger?: string];

/** A loaded file as a snapshot keeps it. */
export function saveLoadedFile(file: LoadedFile): LoadedFileSnapshot {
  return file.trigger === undefined
    ? [file.path, file.reason, file.capability]
    : [file.path, file.reason, file.capability, file.trigger];
}

/** The loaded file of a {@link LoadedFileSnapshot}. */
export function restoreLoadedFile(saved: LoadedFileSnapshot): LoadedFile {
  const [path, reason, capability, trigger] = saved;
  const file: LoadedFile = { path, reason: reason as EventReason, capability };
  if (trigger !== undefined) file.trigger = trigger;
  return file;
}

/** A piece of capability state a snapshot does not hold, and why. */
export interface NotSavedState {
  key: string;
  reason: string;
}

/**
 * A conversation's context as data: everything a new `ContextSession` needs to continue it byte for
 * byte in another process (`createContextSession({ ..., restore })`). Plain JSON: no function, no
 * class instance, nothing that depends on the process that wrote it.
 *
 * It holds text the model was given (instruction files, rule bodies, hook output): treat it as you
 * treat the conversation's messages (same storage, same access rules, same encryption).
 */
export interface SessionSnapshot {
  format: typeof snapshotFormat;
  version: typeof snapshotVersion;
  /** Runs started so far; the next run is number `runs + 1`. */
  runs: number;
  hiddenMessages: HiddenMessagesSnapshot;
  commandExpansions: CommandExpansionSnapshot[];
  /**
   * What `describe()` lists, in load order, each as `[path, reason, capability]` or `[path, reason,
   * capability, trigger]` (one line each: a long conversation loads hundreds).
   */
  loadedFiles: LoadedFileSnapshot[];
  /** Each capability's declared state, by the key it declared (see `StatePersistence`). */
  states: Record<string, JsonValue>;
  /** State that capabilities keep but declared they cannot save (or declared nothing for). */
  notSaved: NotSavedState[];
}

/**
 * Read a value as a {@link SessionSnapshot}: checks every field the session reads, and returns a copy
 * (later changes to `value` change nothing). Throws `snapshot-invalid` naming the first field that
 * does not fit, or `snapshot-version` for another format version; never returns half a snapshot.
 * A string is parsed as JSON first.
 */
export function parseSessionSnapshot(value: unknown): SessionSnapshot {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch (error) {
      throw invalid('', `it is not JSON (${(error as Error).message})`);
    }
  }
  const root = record(data, '');
  if (root.format !== snapshotFormat) {
    throw invalid('format', `expected "${snapshotFormat}", got ${shown(root.format)}`);
  }
  if (root.version !== snapshotVersion) {
    throw new AgentContextError(
      `The session snapshot has version ${shown(root.version)}; this version of agent-context reads version ${snapshotVersion}. Start a new conversation, or continue this one with the version that saved it.`,
      { code: 'snapshot-version', reason: `version ${shown(root.version)}` },
    );
  }
  const hidden = record(root.hiddenMessages, 'hiddenMessages');
  const seen = record(hidden.seen, 'hiddenMessages.seen');
  const snapshot: SessionSnapshot = {
    format: snapshotFormat,
    version: snapshotVersion,
    runs: count(root.runs, 'runs'),
    hiddenMessages: {
      messages: list(hidden.messages, 'hiddenMessages.messages').map((item, index) =>
        hiddenMessage(item, `hiddenMessages.messages[${index}]`),
      ),
      nextKey: count(hidden.nextKey, 'hiddenMessages.nextKey'),
      nextOrder: count(hidden.nextOrder, 'hiddenMessages.nextOrder'),
      seen: {
        count: count(seen.count, 'hiddenMessages.seen.count'),
        ...optionalText(seen, 'last', 'hiddenMessages.seen'),
      },
    },
    commandExpansions: list(root.commandExpansions, 'commandExpansions').map((item, index) =>
      commandExpansion(item, `commandExpansions[${index}]`),
    ),
    loadedFiles: list(root.loadedFiles, 'loadedFiles').map((item, index) =>
      loadedFile(item, `loadedFiles[${index}]`),
    ),
    states: states(root.states),
    notSaved: list(root.notSaved, 'notSaved').map((item, index) => {
      const entry = record(item, `notSaved[${index}]`);
      return {
        key: text(entry.key, `notSaved[${index}].key`),
        reason: text(entry.reason, `notSaved[${index}].reason`),
      };
    }),
  };
  return snapshot;
}

function hiddenMessage(value: unknown, at: string): HiddenMessageSnapshot {
  const entry = record(value, at);
  return {
    key: text(entry.key, `${at}.key`),
    capability: text(entry.capability, `${at}.capability`),
    text: text(entry.text, `${at}.text`),
    ...optionalText(entry, 'slot', at),
    ...optionalText(entry, 'anchor', at),
    ...optionalText(entry, 'requested', at),
    order: count(entry.order, `${at}.order`),
  };
}

function commandExpansion(value: unknown, at: string): CommandExpansionSnapshot {
  const entry = record(value, at);
  const expansion: CommandExpansionSnapshot = {
    key: text(entry.key, `${at}.key`),
    text: text(entry.text, `${at}.text`),
  };
  if (entry.command !== undefined) {
    const command = record(entry.command, `${at}.command`);
    expansion.command = {
      name: text(command.name, `${at}.command.name`),
      format: text(command.format, `${at}.command.format`),
      path: text(command.path, `${at}.command.path`),
    };
  }
  return expansion;
}

function loadedFile(value: unknown, at: string): LoadedFileSnapshot {
  const entry = list(value, at);
  if (entry.length !== 3 && entry.length !== 4)
    throw invalid(at, 'expected [path, reason, capability, trigger?]');
  const [path, reason, capability, trigger] = entry.map((item, index) => text(item, `${at}[${index}]`));
  return trigger === undefined ? [path!, reason!, capability!] : [path!, reason!, capability!, trigger];
}

function states(value: unknown): Record<string, JsonValue> {
  const entries = record(value, 'states');
  const copy: Record<string, JsonValue> = {};
  for (const [key, state] of Object.entries(entries)) copy[key] = json(state, `states.${key}`);
  return copy;
}

/**
 * A deep copy of a JSON value; anything else (a function, `undefined`, a class instance) is refused,
 * and so is nesting deeper than {@link maximumValueDepth} levels (the copy recurses: a hand-made
 * value thousands of levels deep must be a typed refusal, not a stack overflow).
 */
function json(value: unknown, at: string, depth = 0): JsonValue {
  if (depth > maximumValueDepth) throw invalid(at, `nested deeper than ${maximumValueDepth} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw invalid(at, 'expected a finite number');
  }
  if (Array.isArray(value)) return value.map((item, index) => json(item, `${at}[${index}]`, depth + 1));
  const entries = record(value, at);
  const copy: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(entries)) copy[key] = json(item, `${at}.${key}`, depth + 1);
  return copy;
}

function record(value: unknown, at: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(at, `expected an object, got ${kindOf(value)}`);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw invalid(at, 'expected a plain object');
  return value as Record<string, unknown>;
}

function list(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(at, `expected an array, got ${kindOf(value)}`);
  return value;
}

function text(value: unknown, at: string): string {
  if (typeof value !== 'string') throw invalid(at, `expected a string, got ${kindOf(value)}`);
  return value;
}

function count(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(at, `expected a whole number, 0 or more, got ${shown(value)}`);
  }
  return value;
}

function optionalText<Key extends string>(
  entry: Record<string, unknown>,
  key: Key,
  at: string,
): { [K in Key]?: string } {
  const value = entry[key];
  if (value === undefined) return {};
  return { [key]: text(value, at === '' ? key : `${at}.${key}`) } as { [K in Key]?: string };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${shown(value)}`;
}

function shown(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > 40 ? `${json.slice(0, 40)}...` : json;
}

function invalid(at: string, problem: string): AgentContextError {
  const where = at === '' ? 'The session snapshot' : `The session snapshot's \`${at}\``;
  return new AgentContextError(`${where} does not fit: ${problem}. Nothing of it was restored.`, {
    code: 'snapshot-invalid',
    reason: at === '' ? problem : at,
  });
}
