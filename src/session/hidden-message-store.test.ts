import { describe, expect, it } from 'vitest';
import type { ContextEvent } from './capability.js';
import { type HiddenMessage, HiddenMessageStore } from './hidden-message-store.js';

interface Message {
  key?: string | string[];
  text: string;
}

const keyOf = (message: Message) => message.key;
const textsOf = (placed: Array<Message | HiddenMessage>) =>
  placed.map((message) => ('hidden' in message ? `[${message.text}]` : message.text));

function store() {
  const events: ContextEvent[] = [];
  return { store: new HiddenMessageStore((event) => events.push(event)), events };
}

describe('HiddenMessageStore.place', () => {
  it('places a message right after its anchor and keeps it there as the list grows', () => {
    const { store: hidden } = store();
    const history: Message[] = [
      { key: 'u1', text: 'user' },
      { key: 'c1', text: 'result 1' },
    ];
    hidden.request({ capability: 'nested', text: 'rules', anchor: 'c1' });
    expect(textsOf(hidden.place(history, keyOf))).toEqual(['user', 'result 1', '[rules]']);
    history.push({ key: 'a2', text: 'assistant' }, { key: 'c2', text: 'result 2' });
    expect(textsOf(hidden.place(history, keyOf))).toEqual([
      'user',
      'result 1',
      '[rules]',
      'assistant',
      'result 2',
    ]);
  });

  it('does not modify the list it is given', () => {
    const { store: hidden } = store();
    const history: Message[] = [{ key: 'c1', text: 'result' }];
    hidden.request({ capability: 'nested', text: 'rules', anchor: 'c1' });
    hidden.place(history, keyOf);
    expect(history).toEqual([{ key: 'c1', text: 'result' }]);
  });

  it('never anchors on a message without a key (injected per call)', () => {
    const { store: hidden } = store();
    const injected: Message = { text: 'injected reminder' };
    hidden.request({ capability: 'nested', text: 'rules' });
    expect(textsOf(hidden.place([{ key: 'u1', text: 'user' }, injected], keyOf))).toEqual([
      'user',
      '[rules]',
      'injected reminder',
    ]);
    expect(
      textsOf(hidden.place([{ key: 'u1', text: 'user' }, { key: 'c1', text: 'result' }, injected], keyOf)),
    ).toEqual(['user', '[rules]', 'result', 'injected reminder']);
  });

  it('places a message whose anchor was already sent after the last persisted message instead', () => {
    const { store: hidden } = store();
    const history: Message[] = [
      { key: 'c1', text: 'result 1' },
      { key: 'c2', text: 'result 2' },
    ];
    hidden.place(history, keyOf);
    hidden.request({ capability: 'nested', text: 'late', anchor: 'c1' });
    expect(textsOf(hidden.place(history, keyOf))).toEqual(['result 1', 'result 2', '[late]']);
  });

  it('orders messages on one anchor by when they were placed', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'a', text: 'first', anchor: 'c1' });
    hidden.request({ capability: 'b', text: 'second', anchor: 'c1' });
    expect(textsOf(hidden.place([{ key: 'c1', text: 'result' }], keyOf))).toEqual([
      'result',
      '[first]',
      '[second]',
    ]);
  });

  it('accepts several keys per message and keeps a run of tool results together', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'nested', text: 'rules', anchor: 'c1' });
    const history: Message[] = [
      { key: ['c1', 'c2'], text: 'results 1+2' },
      { key: 'c3', text: 'result 3' },
      { key: 'a', text: 'assistant' },
    ];
    const staysWithPrevious = (message: Message) => message.text.startsWith('result ');
    expect(textsOf(hidden.place(history, keyOf, { staysWithPrevious }))).toEqual([
      'results 1+2',
      'result 3',
      '[rules]',
      'assistant',
    ]);
  });

  it('keeps a message pending at the end while the list has no key, then binds it', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'nested', text: 'rules' });
    expect(textsOf(hidden.place([{ text: 'system' }], keyOf))).toEqual(['system', '[rules]']);
    expect(textsOf(hidden.place([{ text: 'system' }, { key: 'u1', text: 'user' }], keyOf))).toEqual([
      'system',
      'user',
      '[rules]',
    ]);
    expect(
      textsOf(
        hidden.place([{ text: 'system' }, { key: 'u1', text: 'user' }, { key: 'c1', text: 'r' }], keyOf),
      ),
    ).toEqual(['system', 'user', '[rules]', 'r']);
  });

  it('re-delivers messages whose anchor is gone once, consolidated per capability, at the end', () => {
    const { store: hidden, events } = store();
    hidden.request({ capability: 'nested', text: 'rules A', anchor: 'c1' });
    hidden.request({ capability: 'nested', text: 'rules B', anchor: 'c2' });
    hidden.place(
      [
        { key: 'c1', text: 'r1' },
        { key: 'c2', text: 'r2' },
      ],
      keyOf,
    );

    const compacted: Message[] = [
      { key: 's', text: 'summary' },
      { key: 'u', text: 'go on' },
    ];
    expect(textsOf(hidden.place(compacted, keyOf))).toEqual(['summary', 'go on', '[rules A\n\nrules B]']);
    compacted.push({ key: 'c3', text: 'r3' });
    expect(textsOf(hidden.place(compacted, keyOf))).toEqual([
      'summary',
      'go on',
      '[rules A\n\nrules B]',
      'r3',
    ]);
    expect(events.filter((event) => event.type === 'redelivered')).toHaveLength(1);
  });

  it('moves a slot message only when its text changes', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'nested', slot: 'all', text: 'v1', anchor: 'c1' });
    const history: Message[] = [{ key: 'c1', text: 'r1' }];
    expect(textsOf(hidden.place(history, keyOf))).toEqual(['r1', '[v1]']);
    history.push({ key: 'c2', text: 'r2' });
    hidden.request({ capability: 'nested', slot: 'all', text: 'v1', anchor: 'c2' });
    expect(textsOf(hidden.place(history, keyOf))).toEqual(['r1', '[v1]', 'r2']);
    history.push({ key: 'c3', text: 'r3' });
    hidden.request({ capability: 'nested', slot: 'all', text: 'v2', anchor: 'c3' });
    expect(textsOf(hidden.place(history, keyOf))).toEqual(['r1', 'r2', 'r3', '[v2]']);
  });

  it('gives each message a stable key and keeps the same bytes on every call', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'nested', text: 'rules', anchor: 'c1' });
    const first = hidden.place([{ key: 'c1', text: 'r' }], keyOf)[1];
    const second = hidden.place(
      [
        { key: 'c1', text: 'r' },
        { key: 'c2', text: 'r2' },
      ],
      keyOf,
    )[1];
    expect(first).toEqual({
      role: 'user',
      text: 'rules',
      hidden: true,
      key: 'agent-context-hidden-1',
      capability: 'nested',
    });
    expect(second).toEqual(first);
  });

  it('forgets everything on clear()', () => {
    const { store: hidden } = store();
    hidden.request({ capability: 'nested', text: 'rules', anchor: 'c1' });
    hidden.clear();
    expect(textsOf(hidden.place([{ key: 'c1', text: 'r' }], keyOf))).toEqual(['r']);
  });
});
