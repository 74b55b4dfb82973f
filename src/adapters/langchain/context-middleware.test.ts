import { ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeMessages, scriptedModel } from '../../../test/adapters/langchain-scripted-model.js';
import { noteTaker, pathGuard } from '../../../test/adapters/note-taker.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { contextMiddleware } from './context-middleware.js';

const lookups = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    toolCalls: [{ id: `call_${index + 1}`, name: 'lookup', args: { path: `p${index + 1}` } }],
  }));

describe('langchain contextMiddleware', () => {
  it('sends the host prompt, then one text block per instruction block, the same bytes on every call', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
    const { model, requests, recorder } = scriptedModel([...lookups(2), { text: 'Done.' }]);
    const middleware = [contextMiddleware(session, { cacheControl: { type: 'ephemeral' } }), recorder];
    const agent = createAgent({ model, systemPrompt: 'You are the host.', middleware });
    await agent.invoke({ messages: [new HumanMessage('Go.')] });

    expect(model.calls).toHaveLength(3);
    const systems = model.calls.map((call) => JSON.stringify(call.messages[0]!.content));
    expect(new Set(systems).size).toBe(1);
    expect(model.calls[0]!.messages[0]!.content).toEqual([
      { type: 'text', text: 'You are the host.' },
      { type: 'text', text: 'Block one.' },
      { type: 'text', text: 'Block two.', cache_control: { type: 'ephemeral' } },
    ]);
    for (const call of model.calls) {
      expect(call.messages.slice(1).map((message) => message.type)).not.toContain('system');
    }
    expect(requests.map((request) => request.tools)).toEqual([['lookup'], ['lookup'], ['lookup']]);
  });

  it('leaves cache_control out for a model that is not Anthropic, and when turned off', async () => {
    for (const options of [{}, { cacheControl: false as const }]) {
      const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
      const { model } = scriptedModel([{ text: 'Done.' }]);
      await createAgent({ model, middleware: [contextMiddleware(session, options)] }).invoke({
        messages: [new HumanMessage('Go.')],
      });
      expect(model.calls[0]!.messages[0]!.content).toEqual([
        { type: 'text', text: 'Block one.' },
        { type: 'text', text: 'Block two.' },
      ]);
    }
  });

  it('places each hidden note right after its tool result, and every request extends the previous one', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
    const { model } = scriptedModel([...lookups(3), { text: 'Done.' }]);
    const agent = createAgent({ model, systemPrompt: 'Host.', middleware: [contextMiddleware(session)] });
    const result = await agent.invoke({ messages: [new HumanMessage('Go.')] });

    const sent = model.calls.map((call) => describeMessages(call.messages));
    for (const [index, messages] of sent.entries()) {
      if (index === 0) continue;
      expect(messages.slice(0, sent[index - 1]!.length)).toEqual(sent[index - 1]);
    }
    const last = sent[3]!;
    expect(last.map((line) => line.split(':')[0])).toEqual([
      'system',
      'human',
      ...['ai', 'tool', 'human', 'ai', 'tool', 'human', 'ai', 'tool', 'human'],
    ]);
    expect(last[4]).toBe('human: Note about call_1.');
    expect(last[10]).toBe('human: Note about call_3.');
    expect(describeMessages(result.messages).some((line) => line.includes('Note about'))).toBe(false);
  });

  it('runs host tools through the hooks: a block reaches the model as an error, a change as the result', async () => {
    const guard = pathGuard();
    const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [guard] });
    const executed: string[] = [];
    const read = tool(
      async ({ path }: { path: string }) => {
        executed.push(path);
        return `contents of ${path}`;
      },
      { name: 'read', description: 'Read a path.', schema: z.object({ path: z.string() }) },
    );
    const { model } = scriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'read', args: { path: 'secret' } }] },
      { toolCalls: [{ id: 'call_2', name: 'read', args: { path: 'open' } }] },
      { text: 'Done.' },
    ]);
    const agent = createAgent({ model, tools: [read], middleware: [contextMiddleware(session)] });
    const result = await agent.invoke({ messages: [new HumanMessage('Go.')] });

    expect(executed).toEqual(['open']);
    const results = result.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];
    expect(results.map((message) => [message.content, message.status])).toEqual([
      ['Not allowed.', 'error'],
      ['contents of open (checked)', 'success'],
    ]);
  });

  it('leaves host tools and user input alone with hostToolHooks and observeUserInput off', async () => {
    const touched: string[] = [];
    const watcher = { ...pathGuard(), onTouch: (touch: { path: string }) => void touched.push(touch.path) };
    const session = createContextSession({
      workspace: memoryWorkspace({ 'notes.md': 'x' }),
      capabilities: [watcher],
    });
    const read = tool(async ({ path }: { path: string }) => `contents of ${path}`, {
      name: 'read',
      description: 'Read a path.',
      schema: z.object({ path: z.string() }),
    });
    const { model } = scriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'read', args: { path: 'secret' } }] },
      { text: 'Done.' },
    ]);
    const options = { hostToolHooks: false, observeUserInput: false };
    const agent = createAgent({ model, tools: [read], middleware: [contextMiddleware(session, options)] });
    const result = await agent.invoke({ messages: [new HumanMessage('Look at @notes.md')] });

    const results = result.messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];
    expect(results.map((message) => message.content)).toEqual(['contents of secret']);
    expect(touched).toEqual([]);
  });

  it('rethrows what a host tool throws, as LangChain does with any wrapToolCall middleware', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
    const broken = tool(
      async () => {
        throw new Error('disk on fire');
      },
      { name: 'broken', description: 'Fails.', schema: z.object({}) },
    );
    const { model } = scriptedModel([{ toolCalls: [{ id: 'call_1', name: 'broken', args: {} }] }]);
    const agent = createAgent({ model, tools: [broken], middleware: [contextMiddleware(session)] });
    await expect(agent.invoke({ messages: [new HumanMessage('Go.')] })).rejects.toThrow('disk on fire');
  });

  it('takes the session per invocation, e.g. by thread id', async () => {
    const sessions = new Map(
      ['a', 'b'].map((thread) => [
        thread,
        createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] }),
      ]),
    );
    const { model } = scriptedModel([{ text: 'One.' }, { text: 'Two.' }]);
    const pick = (runtime: { configurable?: { thread_id?: string } }) =>
      sessions.get(runtime.configurable?.thread_id ?? '')!;
    const agent = createAgent({ model, middleware: [contextMiddleware(pick)] });
    await agent.invoke({ messages: [new HumanMessage('Go.')] }, { configurable: { thread_id: 'b' } });
    await agent.invoke({ messages: [new HumanMessage('Go.')] }, { configurable: { thread_id: 'b' } });
    expect([...sessions.values()].map((session) => session.currentRun?.index)).toEqual([undefined, 2]);
  });
});
