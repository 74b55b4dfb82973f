import { AgentContextError } from '../errors.js';
import type { EventReason } from './context-event.js';
import type { LoadedFile } from './describe-loaded-files.js';
import {
  checkedHiddenMessageColumns,
  checkedLoadedFileColumns,
  type HiddenMessageColumns,
  type HiddenMessageFields,
  hiddenMessageColumns,
  hiddenMessagesOf,
  type LoadedFileColumns,
  loadedFileColumns,
  loadedFilesOf,
} from './snapshot-columns.js';
import {
  count,
  invalid,
  type JsonValue,
  json,
  list,
  optionalText,
  record,
  shown,
  text,
} from './snapshot-fields.js';

export type { HiddenMessageColumns, HiddenMessageFields, LoadedFileColumns } from './snapshot-columns.js';
export type { JsonValue } from './snapshot-fields.js';

/** What every snapshot says it is, so a value of another kind is never misread as one. */
export const snapshotFormat = 'agent-context/session';

/**
 * The snapshot version this library writes. It reads this one and version 1 (the same content, its
 * long lists stored as lists of objects); a snapshot of another version is refused with
 * `snapshot-version` (never guessed at): the conversation is left as stored.
 */
export const snapshotVersion = 2;

/**
 * The hidden messages of a session, with what placement needs to continue in another process: the
 * messages column by column (see `HiddenMessageColumns`).
 */
export interface HiddenMessagesSnapshot extends HiddenMessageColumns {
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
  /** What `describe()` lists, in load order (a long conversation loads hundreds). */
  loadedFiles: LoadedFileColumns;
  /** Each capability's declared state, by the key it declared (see `StatePersistence`). */
  states: Record<string, JsonValue>;
  /** State that capabilities keep but declared they cannot save (or declared nothing for). */
  notSaved: NotSavedState[];
}

/**
 * Read a value as a {@link SessionSnapshot}: checks every field the session reads, and returns a copy
 * (later changes to `value` change nothing). A version 1 snapshot (written before the lists were
 * stored as columns) is read and returned in today's form. Throws `snapshot-invalid` naming the first
 * field that does not fit, or `snapshot-version` for a version this library does not know; never
 * returns half a snapshot. A string is parsed as JSON first.
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
  if (root.version !== snapshotVersion && root.version !== 1) {
    throw new AgentContextError(
      `The session snapshot has version ${shown(root.version)}; this version of agent-context reads versions 1 to ${snapshotVersion}. Start a new conversation, or continue this one with the version that saved it.`,
      { code: 'snapshot-version', reason: `version ${shown(root.version)}` },
    );
  }
  const hidden = record(root.hiddenMessages, 'hiddenMessages');
  const seen = record(hidden.seen, 'hiddenMessages.seen');
  const firstVersion = root.version === 1;
  const messageColumns = firstVersion
    ? hiddenMessageColumns(
        list(hidden.messages, 'hiddenMessages.messages').map((item, index) =>
          firstVersionHiddenMessage(item, `hiddenMessages.messages[${index}]`),
        ),
      )
    : checkedHiddenMessageColumns(hidden, 'hiddenMessages');
  const loadedFiles = firstVersion
    ? loadedFileColumns(
        list(root.loadedFiles, 'loadedFiles').map((item, index) =>
          firstVersionLoadedFile(item, `loadedFiles[${index}]`),
        ),
      )
    : checkedLoadedFileColumns(root.loadedFiles, 'loadedFiles');
  return {
    format: snapshotFormat,
    version: snapshotVersion,
    runs: count(root.runs, 'runs'),
    hiddenMessages: {
      ...messageColumns,
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
    loadedFiles,
    states: states(root.states),
    notSaved: list(root.notSaved, 'notSaved').map((item, index) => {
      const entry = record(item, `notSaved[${index}]`);
      return {
        key: text(entry.key, `notSaved[${index}].key`),
        reason: text(entry.reason, `notSaved[${index}].reason`),
      };
    }),
  };
}

/**
 * The messages of a snapshot (see `HiddenMessagesSnapshot`), one object each. `snapshot` as
 * `session.snapshot()` or `parseSessionSnapshot` returns it (a stored value: parse it first).
 */
export function savedHiddenMessages(snapshot: SessionSnapshot): HiddenMessageFields[] {
  return hiddenMessagesOf(snapshot.hiddenMessages);
}

/** The files `describe()` lists, as a snapshot holds them (`snapshot` as for {@link savedHiddenMessages}). */
export function savedLoadedFiles(snapshot: SessionSnapshot): LoadedFile[] {
  return loadedFilesOf(snapshot.loadedFiles);
}

/** A hidden message as version 1 stored it: one object per message. */
function firstVersionHiddenMessage(value: unknown, at: string): HiddenMessageFields {
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

/** A loaded file as version 1 stored it: `[path, reason, capability, trigger?]`. */
function firstVersionLoadedFile(value: unknown, at: string): LoadedFile {
  const entry = list(value, at);
  if (entry.length !== 3 && entry.length !== 4)
    throw invalid(at, 'expected [path, reason, capability, trigger?]');
  const [path, reason, capability, trigger] = entry.map((item, index) => text(item, `${at}[${index}]`));
  const file: LoadedFile = { path: path!, reason: reason as EventReason, capability: capability! };
  if (trigger !== undefined) file.trigger = trigger;
  return file;
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

function states(value: unknown): Record<string, JsonValue> {
  const entries = record(value, 'states');
  const copy: Record<string, JsonValue> = {};
  for (const [key, state] of Object.entries(entries)) copy[key] = json(state, `states.${key}`);
  return copy;
}
