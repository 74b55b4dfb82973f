import {
  checkedFrontCoded,
  expandFrontCoded,
  type FrontCodedList,
  frontCode,
} from '../shared/front-coding.js';
import type { EventReason } from './context-event.js';
import type { LoadedFile } from './describe-loaded-files.js';
import { count, invalid, list, record, text } from './snapshot-fields.js';

/**
 * How a snapshot stores its two long lists, the hidden messages and the loaded files: column by
 * column, so what repeats from one entry to the next (a capability's name, a path's folders) is
 * written once. A 200-turn conversation that delivered 100 nested files of 600 characters stores
 * about 1.2 times their text this way, against 1.5 times as a list of objects.
 */

/** The prefix of the keys a session gives its hidden messages. */
const hiddenKeyPrefix = 'agent-context-hidden-';

/** One hidden message as the session holds it (see `HiddenMessagesSnapshot` for its columns). */
export interface HiddenMessageFields {
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

/**
 * The hidden messages of a snapshot, one column per field; entry `i` of each column belongs to
 * message `i`.
 */
export interface HiddenMessageColumns {
  /** The exact text the model sees. */
  texts: string[];
  /** `N` for the key `agent-context-hidden-N` (every key a session makes), else the key itself. */
  keys: Array<number | string>;
  /** The capabilities, as runs: `[count, capability]` for `count` messages in a row. */
  capabilities: Array<[count: number, capability: string]>;
  /** Order among messages bound to the same anchor. */
  orders: number[];
  /** The key of the persisted message each follows; `null` while it waits for its first placement. */
  anchors: Array<string | null>;
  /** `[message, slot]` for each `consolidated` message, by message index. */
  slots: Array<[message: number, slot: string]>;
  /** `[message, anchor]`: the anchor asked for by a message waiting for its first placement. */
  requested: Array<[message: number, anchor: string]>;
}

/** The files `describe()` lists, in load order, one column per field. */
export interface LoadedFileColumns {
  /** Each file's path, front-coded (see `FrontCodedList`). */
  paths: FrontCodedList;
  /** What caused each load, front-coded; `null` for a run-start load. */
  triggers: FrontCodedList;
  /** The reason and capability, as runs: `[count, reason, capability]` for `count` files in a row. */
  sources: Array<[count: number, reason: string, capability: string]>;
}

/** The columns of `messages`. */
export function hiddenMessageColumns(messages: readonly HiddenMessageFields[]): HiddenMessageColumns {
  const columns: HiddenMessageColumns = {
    texts: [],
    keys: [],
    capabilities: [],
    orders: [],
    anchors: [],
    slots: [],
    requested: [],
  };
  messages.forEach((message, index) => {
    columns.texts.push(message.text);
    const number = message.key.startsWith(hiddenKeyPrefix) ? message.key.slice(hiddenKeyPrefix.length) : '';
    columns.keys.push(/^[1-9][0-9]{0,14}$/.test(number) ? Number(number) : message.key);
    addToRuns(columns.capabilities, [message.capability]);
    columns.orders.push(message.order);
    columns.anchors.push(message.anchor ?? null);
    if (message.slot !== undefined) columns.slots.push([index, message.slot]);
    if (message.anchor === undefined && message.requested !== undefined) {
      columns.requested.push([index, message.requested]);
    }
  });
  return columns;
}

/**
 * A checked copy of stored hidden-message columns; throws `snapshot-invalid` naming the first field
 * that does not fit (a column of another length, runs that do not add up, an index past the end).
 */
export function checkedHiddenMessageColumns(stored: unknown, at: string): HiddenMessageColumns {
  const value = record(stored, at);
  const texts = list(value.texts, `${at}.texts`).map((item, index) => text(item, `${at}.texts[${index}]`));
  const total = texts.length;
  const column = (name: string) => {
    const items = list(value[name], `${at}.${name}`);
    if (items.length !== total) {
      throw invalid(`${at}.${name}`, `expected ${total} entries (one per text), got ${items.length}`);
    }
    return items;
  };
  return {
    texts,
    keys: column('keys').map((item, index) =>
      typeof item === 'number' ? count(item, `${at}.keys[${index}]`) : text(item, `${at}.keys[${index}]`),
    ),
    capabilities: checkedRuns(value.capabilities, `${at}.capabilities`, 1, total) as Array<[number, string]>,
    orders: column('orders').map((item, index) => count(item, `${at}.orders[${index}]`)),
    anchors: column('anchors').map((item, index) =>
      item === null ? null : text(item, `${at}.anchors[${index}]`),
    ),
    slots: indexed(value.slots, `${at}.slots`, total),
    requested: indexed(value.requested, `${at}.requested`, total),
  };
}

/** The messages of checked columns (see {@link checkedHiddenMessageColumns}). */
export function hiddenMessagesOf(columns: HiddenMessageColumns): HiddenMessageFields[] {
  const capabilities = expandRuns(columns.capabilities);
  const messages = columns.texts.map((messageText, index) => {
    const key = columns.keys[index]!;
    const message: HiddenMessageFields = {
      key: typeof key === 'number' ? `${hiddenKeyPrefix}${key}` : key,
      capability: capabilities[index]![0]!,
      text: messageText,
      order: columns.orders[index]!,
    };
    const anchor = columns.anchors[index];
    if (anchor !== null && anchor !== undefined) message.anchor = anchor;
    return message;
  });
  for (const [index, slot] of columns.slots) messages[index]!.slot = slot;
  for (const [index, anchor] of columns.requested) {
    if (messages[index]!.anchor === undefined) messages[index]!.requested = anchor;
  }
  return messages;
}

/** The columns of `files`. */
export function loadedFileColumns(files: Iterable<LoadedFile>): LoadedFileColumns {
  const paths: string[] = [];
  const triggers: Array<string | null> = [];
  const sources: LoadedFileColumns['sources'] = [];
  for (const file of files) {
    paths.push(file.path);
    triggers.push(file.trigger ?? null);
    addToRuns(sources, [file.reason, file.capability]);
  }
  return { paths: frontCode(paths), triggers: frontCode(triggers), sources };
}

/** A checked copy of stored loaded-file columns; throws `snapshot-invalid` naming the first field that does not fit. */
export function checkedLoadedFileColumns(stored: unknown, at: string): LoadedFileColumns {
  const columns = record(stored, at);
  const paths = checkedFrontCoded(columns.paths, `${at}.paths`, invalid);
  const triggers = checkedFrontCoded(columns.triggers, `${at}.triggers`, invalid, true);
  if (triggers.length !== paths.length) {
    throw invalid(
      `${at}.triggers`,
      `expected ${paths.length} entries (one per path), got ${triggers.length}`,
    );
  }
  const sources = checkedRuns(
    columns.sources,
    `${at}.sources`,
    2,
    paths.length,
  ) as LoadedFileColumns['sources'];
  return { paths, triggers, sources };
}

/** The files of checked columns (see {@link checkedLoadedFileColumns}). */
export function loadedFilesOf(columns: LoadedFileColumns): LoadedFile[] {
  const paths = expandFrontCoded(columns.paths, 'loadedFiles.paths', invalid) as string[];
  const triggers = expandFrontCoded(columns.triggers, 'loadedFiles.triggers', invalid, true);
  const sources = expandRuns(columns.sources);
  return paths.map((path, index) => {
    const [reason, capability] = sources[index]!;
    const file: LoadedFile = { path, reason: reason as EventReason, capability: capability! };
    const trigger = triggers[index];
    if (trigger !== null && trigger !== undefined) file.trigger = trigger;
    return file;
  });
}

/** Add one entry to run-length `runs` of `[count, ...fields]`. */
function addToRuns<Fields extends string[]>(runs: Array<[number, ...Fields]>, fields: Fields): void {
  const last = runs.at(-1);
  if (last !== undefined && fields.every((field, index) => last[index + 1] === field)) last[0] += 1;
  else runs.push([1, ...fields]);
}

/** A copy of run-length `[count, ...fields]` runs, checked to add up to `total` entries. */
function checkedRuns(value: unknown, at: string, width: number, total: number): Array<[number, ...string[]]> {
  let entries = 0;
  const runs = list(value, at).map((item, index): [number, ...string[]] => {
    const run = list(item, `${at}[${index}]`);
    if (run.length !== width + 1) throw invalid(`${at}[${index}]`, `expected [count, ${width} text(s)]`);
    const times = count(run[0], `${at}[${index}][0]`);
    const fields = run.slice(1).map((field, position) => text(field, `${at}[${index}][${position + 1}]`));
    entries += times;
    if (entries > total) throw invalid(at, `the runs add up to more than ${total} entries`);
    return [times, ...fields];
  });
  if (entries !== total) throw invalid(at, `the runs add up to ${entries} entries, not ${total}`);
  return runs;
}

/** The entries of checked runs, one per entry. */
function expandRuns(runs: ReadonlyArray<readonly [number, ...string[]]>): string[][] {
  const entries: string[][] = [];
  for (const [times, ...fields] of runs) for (let time = 0; time < times; time += 1) entries.push(fields);
  return entries;
}

/** `[index, text]` pairs with indices below `total`. */
function indexed(value: unknown, at: string, total: number): Array<[number, string]> {
  if (value === undefined) return [];
  return list(value, at).map((item, index) => {
    const pair = list(item, `${at}[${index}]`);
    if (pair.length !== 2) throw invalid(`${at}[${index}]`, 'expected [message index, text]');
    const message = count(pair[0], `${at}[${index}][0]`);
    if (message >= total) throw invalid(`${at}[${index}][0]`, `no message ${message} (there are ${total})`);
    return [message, text(pair[1], `${at}[${index}][1]`)];
  });
}
