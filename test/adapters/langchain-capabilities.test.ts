import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tool } from '@langchain/core/tools';
import { createAgent, HumanMessage } from 'langchain';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextMiddleware } from '../../src/adapters/langchain/index.js';
import { capabilityCreation } from '../../src/capability-creation/capability-creation.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';
import { describeMessages, resultText, scriptedModel } from './langchain-scripted-model.js';
import { shoutCapabilityCode } from './note-taker.js';

let root: string;
beforeEach(async () => {
  root = await createAdapterRepository('agent-context-langchain-');
});

const readCall = (id: string, path: string) => ({
  toolCalls: [{ id, name: 'read_file', args: { path } }],
});

describe('langchain adapter with the capabilities', () => {
  it('sends project instructions, included files and the listing right after the host prompt', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [projectInstructions(), filesystemContext({ include: ['README.md'], listing: true })],
    });
    const { model } = scriptedModel([readCall('call_1', 'README.md'), { text: 'Done.' }]);
    const agent = createAgent({
      model,
      tools: [],
      systemPrompt: 'You are the host.',
      middleware: [contextMiddleware(session)],
    });
    await agent.invoke({ messages: [new HumanMessage('Look around.')] });

    const [first, second] = model.calls.map((call) => call.messages[0]!);
    expect(first!.type).toBe('system');
    expect(JSON.stringify(second!.content)).toBe(JSON.stringify(first!.content));
    const texts = (first!.content as Array<{ text: string }>).map((block) => block.text);
    expect(texts[0]).toBe('You are the host.');
    expect(texts[1]).toContain('<context-file path="AGENTS.md">\n# Root rules\nUse pnpm.\n</context-file>');
    expect(texts[2]).toContain('# Demo');
    expect(texts[3]).toContain('packages');
    expect(texts).toHaveLength(4);
    for (const call of model.calls) {
      expect(call.messages.slice(1).some((message) => message.type === 'system')).toBe(false);
    }
  });

  it('surfaces packages/x/AGENTS.md once, right after the first read under packages/x', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools(), nestedInstructions()],
    });
    const { model } = scriptedModel([
      readCall('call_1', 'packages/x/src/index.ts'),
      readCall('call_2', 'packages/x/src/util.ts'),
      { text: 'Done.' },
    ]);
    const agent = createAgent({ model, middleware: [contextMiddleware(session)] });
    await agent.invoke({ messages: [new HumanMessage('Read package x.')] });

    const seen = describeMessages(model.calls[2]!.messages);
    const nested = seen.filter((line) => line.includes('Run the x tests after a change.'));
    expect(nested).toHaveLength(1);
    expect(nested[0]!.startsWith('human: ')).toBe(true);
    expect(seen[seen.indexOf(nested[0]!) - 1]).toContain('[result call_1]');
    expect(describeMessages(model.calls[0]!.messages).some((line) => line.includes('Run the x tests'))).toBe(
      false,
    );
    expect(session.describe()).toContain('packages/x/AGENTS.md');
  });

  it('surfaces the instructions of a file the user mentions right after the user message', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [nestedInstructions()],
    });
    const { model } = scriptedModel([{ text: 'Done.' }]);
    const agent = createAgent({ model, middleware: [contextMiddleware(session)] });
    await agent.invoke({ messages: [new HumanMessage('What does @packages/x/src/index.ts export?')] });

    const seen = describeMessages(model.calls[0]!.messages).filter((line) => !line.startsWith('system: '));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe('human: What does @packages/x/src/index.ts export?');
    expect(seen[1]).toContain('Run the x tests');
  });

  it('appends nested instructions to the tool result in in-tool-result mode', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools(), nestedInstructions({ delivery: 'in-tool-result' })],
    });
    const { model } = scriptedModel([readCall('call_1', 'packages/x/src/index.ts'), { text: 'Done.' }]);
    await createAgent({ model, middleware: [contextMiddleware(session)] }).invoke({
      messages: [new HumanMessage('Read.')],
    });

    const result = resultText(model.calls[1]!.messages, 'call_1')!;
    expect(result.startsWith('export const x = 1;\n')).toBe(true);
    expect(result).toContain('Run the x tests after a change.');
    expect(model.calls[1]!.messages.at(-1)?.type).toBe('tool');
  });

  it('uses in run 2 a capability the agent authored in run 1', async () => {
    const creation = capabilityCreation({ directory: join(root, '.agent-capabilities') });
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [creation] });
    const code = shoutCapabilityCode;
    const { model, requests, recorder } = scriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'author_capability', args: { name: 'shout', code } }] },
      { text: 'Authored.' },
      { toolCalls: [{ id: 'call_2', name: 'shout', args: { word: 'hello' } }] },
      { text: 'Done.' },
    ]);
    const agent = createAgent({ model, middleware: [contextMiddleware(session), recorder] });
    const first = await agent.invoke({ messages: [new HumanMessage('Write a shout capability.')] });
    expect(first.messages.at(-1)?.content).toBe('Authored.');
    expect(requests[1]!.tools).not.toContain('shout');

    await agent.invoke({ messages: [...first.messages, new HumanMessage('Shout hello.')] });
    expect(requests[2]!.tools).toContain('shout');
    expect(JSON.stringify(requests[2]!.system)).toContain('Shout when asked.');
    expect(resultText(model.calls[3]!.messages, 'call_2')).toBe('HELLO');
  });

  it('offloads a large host tool result and reads it back with read_file', async () => {
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools(), filesystemContext({ offload: { overChars: 2_000, previewChars: 400 } })],
    });
    const lines = Array.from(
      { length: 400 },
      (_, index) => `match ${index + 1}: packages/x/src/file-${index}.ts`,
    );
    const full = `${lines.join('\n')}\n`;
    const search = tool(async () => full, {
      name: 'search',
      description: 'Search the repository.',
      schema: z.object({ query: z.string() }),
    });
    const { model } = scriptedModel((messages, index) => {
      if (index === 0) return { toolCalls: [{ id: 'call_1', name: 'search', args: { query: 'x' } }] };
      if (index === 1) {
        const path = /saved whole to (\S+) \(/.exec(resultText(messages, 'call_1') ?? '')?.[1];
        return readCall('call_2', path ?? 'missing');
      }
      return { text: 'Done.' };
    });
    const agent = createAgent({ model, tools: [search], middleware: [contextMiddleware(session)] });
    await agent.invoke({ messages: [new HumanMessage('Search.')] });

    const preview = resultText(model.calls[1]!.messages, 'call_1')!;
    expect(preview.length).toBeLessThan(1_000);
    expect(preview).toContain('.context/search-call_1.txt');
    expect(resultText(model.calls[2]!.messages, 'call_2')).toBe(full);
    expect(await readFile(join(root, '.context/search-call_1.txt'), 'utf8')).toBe(full);
    expect(resultText(model.calls[2]!.messages, 'call_1')).toBe(preview);
  });
});
