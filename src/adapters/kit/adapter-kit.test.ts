import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import {
  createMessageKeyOf,
  outputText,
  placeHiddenMessages,
  textOfParts,
  unwrapToolResult,
} from './index.js';

interface Message {
  role: string;
  text: string;
  callId?: string;
}

const format = {
  createKeyOf: () =>
    createMessageKeyOf<Message>((message) =>
      message.role === 'system'
        ? undefined
        : message.callId !== undefined
          ? { toolCallIds: message.callId, role: message.role, content: message.text }
          : { role: message.role, content: message.text },
    ),
  isToolResult: (message: Message) => message.callId !== undefined,
  toMessage: (message: { text: string }): Message => ({ role: 'user', text: message.text }),
};

describe('the adapter kit', () => {
  it('imports no agent framework', async () => {
    const directory = new URL('./', import.meta.url);
    const files = (await readdir(directory)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const source = await readFile(new URL(name, directory), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.filter((target) => !target?.startsWith('.') && !target?.startsWith('node:'))).toEqual(
        [],
      );
    }
  });

  it('places a hidden message after the last of a group of tool results, in the framework shape', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}) });
    session.deliverHidden({ capability: 'test', text: 'Note.', anchor: 'call_1' });
    const messages: Message[] = [
      { role: 'system', text: 'Instructions.' },
      { role: 'user', text: 'Go.' },
      { role: 'tool', text: 'one', callId: 'call_1' },
      { role: 'tool', text: 'two', callId: 'call_2' },
    ];
    const placed = placeHiddenMessages(session, messages, format);
    expect(placed.map((message) => message.text)).toEqual(['Instructions.', 'Go.', 'one', 'two', 'Note.']);
    expect(placeHiddenMessages(session, [...messages, { role: 'user', text: 'More.' }], format)[4]).toEqual({
      role: 'user',
      text: 'Note.',
    });
  });

  it('gives repeated contents numbered keys and tool results their call ids', () => {
    const keyOf = format.createKeyOf();
    const keys = [
      { role: 'user', text: 'Hi.' },
      { role: 'user', text: 'Hi.' },
      { role: 'tool', text: 'Hi.', callId: 'call_9' },
    ].map((message, index) => keyOf(message, index));
    expect(keys[1]).toBe(`${keys[0]}#2`);
    expect(keys[2]).toBe('call_9');
  });

  it('writes a string as it is and anything else as JSON, and throws a failed call as an Error', () => {
    expect([outputText('plain'), outputText({ a: 1 }), outputText(undefined)]).toEqual([
      'plain',
      '{"a":1}',
      '',
    ]);
    expect(unwrapToolResult({ output: { ok: true }, isError: false })).toEqual({ ok: true });
    expect(() => unwrapToolResult({ output: 'Not allowed.', isError: true })).toThrow('Not allowed.');
    expect(textOfParts([{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }])).toBe(
      'a\nb',
    );
  });
});
