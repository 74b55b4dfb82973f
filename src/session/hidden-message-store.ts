import type { ContextEvent } from './context-event.js';
import type { HiddenMessagesSnapshot } from './session-snapshot.js';
import { type HiddenMessageFields, hiddenMessageColumns, hiddenMessagesOf } from './snapshot-columns.js';

/** A hidden message a capability asks the session to place (see `placeHiddenMessages`). */
export interface HiddenMessageRequest {
  /** The capability asking; shown in events and kept on the placed message. */
  capability: string;
  /** The exact text the model sees. Never changed once placed. */
  text: string;
  /**
   * Key of the persisted message this belongs right after: a tool-call id for a tool result, or a
   * key the adapter gives (a user message). Absent, unknown, or already sent to the model: placed
   * after the last persisted message at the next placement, so the history before it never changes.
   */
  anchor?: string;
  /**
   * One message per slot: a request with the same slot and different text replaces the earlier
   * message, which moves to the new anchor (the `consolidated` delivery). Same text: nothing happens.
   */
  slot?: string;
}

/**
 * A hidden message as placed into a framework's message list. Adapters convert it to their own
 * user-role message type; it is never persisted by the host and never a mid-conversation system
 * message. Its `text` and its position never change once placed.
 */
export interface HiddenMessage {
  role: 'user';
  text: string;
  hidden: true;
  /** Stable per message (`agent-context-hidden-N`), so adapters can tell copies apart. */
  key: string;
  /** The capability that asked for it. */
  capability: string;
}

/**
 * The key(s) of one message of the host's list: a tool result by its tool-call id (a message
 * holding several results gives all of them), any other persisted message by a key the adapter
 * chooses. Messages injected per call (including hidden messages) must give `undefined`: they are
 * never anchors.
 */
export type MessageKeyOf<Message> = (
  message: Message,
  index: number,
) => string | readonly string[] | undefined;

/** Options of `placeHiddenMessages`. */
export interface PlaceHiddenMessagesOptions<Message> {
  /**
   * True for a message that must stay right after the one before it, such as the second of two
   * tool results of parallel calls sent as separate messages: a hidden message anchored on any
   * of them goes after the whole run. Default: no message stays with its predecessor.
   */
  staysWithPrevious?(message: Message, index: number): boolean;
}

interface Entry {
  key: string;
  capability: string;
  text: string;
  slot: string | undefined;
  /** The anchor asked for; honoured only if that message is new since the last placement. */
  requested: string | undefined;
  /** The anchor in use once placed; undefined while pending. */
  anchor: string | undefined;
  /** Order among messages with the same anchor: the order they were bound in. */
  boundOrder: number;
}

/**
 * The session's hidden messages and the one placement algorithm every adapter uses.
 *
 * Guarantees, for a host list that only grows between calls:
 * 1. A message is bound once, right after its requested anchor if that message is new since the
 *    previous placement, otherwise after the last persisted message; so it never lands inside
 *    history the model has already seen.
 * 2. Once bound, it is placed after its anchor on every later call, with the same bytes.
 * 3. When a bound anchor disappears (compaction), what the capability's messages carried is
 *    re-delivered once, as one consolidated message per capability, after the last persisted message.
 * 4. A slot message whose text changes is removed and re-bound (the only documented move).
 */
export class HiddenMessageStore {
  #entries: Entry[] = [];
  #seenKeys = new Set<string>();
  /** The last key added to `#seenKeys`. */
  #lastSeen: string | undefined;
  /** Set by `restore` until the next placement: the keys the placements of the saved session saw. */
  #horizon: HiddenMessagesSnapshot['seen'] | undefined;
  #nextKey = 1;
  #nextBound = 1;
  readonly #emit: (event: ContextEvent) => void;

  constructor(emit: (event: ContextEvent) => void) {
    this.#emit = emit;
  }

  /** Queue a message, or replace a slot's message when its text changed. */
  request(request: HiddenMessageRequest): void {
    if (request.slot !== undefined) {
      const existing = this.#entries.findIndex(
        (entry) => entry.slot === request.slot && entry.capability === request.capability,
      );
      if (existing !== -1 && this.#entries[existing]!.text === request.text) return;
      if (existing !== -1) this.#entries.splice(existing, 1);
    }
    this.#entries.push(this.#createEntry(request.capability, request.text, request.slot, request.anchor));
  }

  /** Forget every message and every key seen (a new conversation). */
  clear(): void {
    this.#entries = [];
    this.#seenKeys.clear();
    this.#lastSeen = undefined;
    this.#horizon = undefined;
  }

  /**
   * Right after `restore`, before the first placement: the keys of `messages` that the saved session
   * never saw (the list past its first `seen.count` keys), or `undefined` when there is no such
   * boundary: no restore pending, or a list that does not agree with the saved one.
   */
  unseenKeys<Message>(messages: readonly Message[], keyOf: MessageKeyOf<Message>): Set<string> | undefined {
    const horizon = this.#horizon;
    if (horizon === undefined) return undefined;
    const keys = new Set<string>();
    messages.forEach((message, index) => {
      const found = keyOf(message, index);
      for (const key of typeof found === 'string' ? [found] : (found ?? [])) keys.add(key);
    });
    const ordered = [...keys];
    if (ordered.length < horizon.count || ordered[horizon.count - 1] !== horizon.last) return undefined;
    return new Set(ordered.slice(horizon.count));
  }

  /** Every message held (placed or waiting), as placed into a host's list. */
  list(): HiddenMessage[] {
    return this.#entries.map(toMessage);
  }

  /** The messages and placement memory as data (see `SessionSnapshot`). */
  save(): HiddenMessagesSnapshot {
    const messages = this.#entries.map((entry) => {
      const saved: HiddenMessageFields = {
        key: entry.key,
        capability: entry.capability,
        text: entry.text,
        order: entry.boundOrder,
      };
      if (entry.slot !== undefined) saved.slot = entry.slot;
      if (entry.anchor !== undefined) saved.anchor = entry.anchor;
      else if (entry.requested !== undefined) saved.requested = entry.requested;
      return saved;
    });
    const seen = this.#horizon ?? {
      count: this.#seenKeys.size,
      ...(this.#lastSeen === undefined ? {} : { last: this.#lastSeen }),
    };
    return {
      ...hiddenMessageColumns(messages),
      nextKey: this.#nextKey,
      nextOrder: this.#nextBound,
      seen: { ...seen },
    };
  }

  /**
   * Continue from {@link save}'s data (a new store only; `saved` as `parseSessionSnapshot` returns
   * it). The keys seen before are told apart at the next placement: they are the first `seen.count`
   * keys of a list that only grew since.
   */
  restore(saved: HiddenMessagesSnapshot): void {
    this.#entries = hiddenMessagesOf(saved).map((message) => ({
      key: message.key,
      capability: message.capability,
      text: message.text,
      slot: message.slot,
      requested: message.anchor === undefined ? message.requested : undefined,
      anchor: message.anchor,
      boundOrder: message.order,
    }));
    this.#nextKey = saved.nextKey;
    this.#nextBound = saved.nextOrder;
    this.#seenKeys.clear();
    this.#lastSeen = undefined;
    this.#horizon = saved.seen.count === 0 ? undefined : { ...saved.seen };
  }

  /** Return a new list with the hidden messages inserted; `messages` is not modified. */
  place<Message>(
    messages: readonly Message[],
    keyOf: MessageKeyOf<Message>,
    options: PlaceHiddenMessagesOptions<Message> = {},
  ): Array<Message | HiddenMessage> {
    const keyIndex = new Map<string, number>();
    let lastKey: string | undefined;
    messages.forEach((message, index) => {
      const keys = keyOf(message, index);
      for (const key of typeof keys === 'string' ? [keys] : (keys ?? [])) {
        if (!keyIndex.has(key)) keyIndex.set(key, index);
        lastKey = key;
      }
    });

    if (this.#horizon !== undefined) this.#seeHorizon(keyIndex);
    this.#redeliverOrphans(keyIndex);
    for (const entry of this.#entries) {
      if (entry.anchor !== undefined) continue;
      const requested = entry.requested;
      const fresh = requested !== undefined && keyIndex.has(requested) && !this.#seenKeys.has(requested);
      const anchor = fresh ? requested : lastKey;
      if (anchor === undefined) continue;
      entry.anchor = anchor;
      entry.boundOrder = this.#nextBound++;
    }
    for (const key of keyIndex.keys()) this.#see(key);

    const insertAfter = new Map<number, Entry[]>();
    const pending: Entry[] = [];
    for (const entry of this.#entries) {
      if (entry.anchor === undefined) {
        pending.push(entry);
        continue;
      }
      let index = keyIndex.get(entry.anchor)!;
      while (index + 1 < messages.length && options.staysWithPrevious?.(messages[index + 1]!, index + 1)) {
        index += 1;
      }
      const group = insertAfter.get(index) ?? [];
      group.push(entry);
      insertAfter.set(index, group);
    }

    const placed: Array<Message | HiddenMessage> = [];
    messages.forEach((message, index) => {
      placed.push(message);
      const group = insertAfter.get(index);
      if (!group) return;
      group.sort((left, right) => left.boundOrder - right.boundOrder);
      for (const entry of group) placed.push(toMessage(entry));
    });
    for (const entry of pending) placed.push(toMessage(entry));
    return placed;
  }

  #see(key: string): void {
    if (this.#seenKeys.has(key)) return;
    this.#seenKeys.add(key);
    this.#lastSeen = key;
  }

  /**
   * The first placement after `restore`: the first `count` keys of the list are the ones the saved
   * session saw, when the last of them is the one it saw last. A list that does not agree (compacted
   * or edited in between) has every key it holds taken as seen, so nothing lands inside it.
   */
  #seeHorizon(keyIndex: ReadonlyMap<string, number>): void {
    const horizon = this.#horizon!;
    this.#horizon = undefined;
    const keys = [...keyIndex.keys()];
    const agrees = keys.length >= horizon.count && keys[horizon.count - 1] === horizon.last;
    for (const key of agrees ? keys.slice(0, horizon.count) : keys) this.#see(key);
  }

  /** Bound messages whose anchor is gone: slots re-bind as they are, the rest merge per capability. */
  #redeliverOrphans(keyIndex: Map<string, number>): void {
    const merged = new Map<string, string[]>();
    const kept: Entry[] = [];
    for (const entry of this.#entries) {
      if (entry.anchor === undefined || keyIndex.has(entry.anchor)) {
        kept.push(entry);
      } else if (entry.slot !== undefined) {
        entry.anchor = undefined;
        entry.requested = undefined;
        kept.push(entry);
        this.#announce(entry.capability, 1);
      } else {
        const texts = merged.get(entry.capability) ?? [];
        texts.push(entry.text);
        merged.set(entry.capability, texts);
      }
    }
    for (const [capability, texts] of merged) {
      kept.push(this.#createEntry(capability, texts.join('\n\n'), undefined, undefined));
      this.#announce(capability, texts.length);
    }
    this.#entries = kept;
  }

  #announce(capability: string, count: number): void {
    this.#emit({
      type: 'redelivered',
      reason: 'compaction',
      capability,
      message: `The message${count === 1 ? '' : 's'} of ${capability} lost ${count === 1 ? 'its anchor' : 'their anchors'} (compaction); re-delivered once after the last persisted message.`,
    });
  }

  #createEntry(
    capability: string,
    text: string,
    slot: string | undefined,
    requested: string | undefined,
  ): Entry {
    const key = `agent-context-hidden-${this.#nextKey++}`;
    return { key, capability, text, slot, requested, anchor: undefined, boundOrder: 0 };
  }
}

function toMessage(entry: Entry): HiddenMessage {
  return { role: 'user', text: entry.text, hidden: true, key: entry.key, capability: entry.capability };
}
