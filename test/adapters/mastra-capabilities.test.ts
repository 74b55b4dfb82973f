import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { MockLanguageModelV4 } from 'ai/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextProcessor } from '../../src/adapters/mastra/index.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';
import { noteTaker, pathGuard } from './note-taker.js';
import {
  type MockScript,
  type ModelCallOptions,
  resultText,
  scriptedBehaviour,
} from './scripted-mock-model.js';

let root: string;
beforeEach(async () => {
  root = await createAdapterRepository('agent-context-mastra-');
});

type Mode = 'generate' | 'stream';
const modes: Mode[] = ['generate', 'stream'];

function createModel(script: MockScript) {
  const behaviour = scriptedBehaviour(script);
  return { model: new MockLanguageModelV4(behaviour as never) as never, calls: behaviour.calls };
}

async function runAgent(agent: Agent, mode: Mode, prompt: string) {
  if (mode === 'generate') return (await agent.generate(prompt, { maxSteps: 10 })).text;
  const result = await agent.stream(prompt, { maxSteps: 10 });
  let text = '';
  for await (const chunk of result.textStream) text += chunk;
  return text;
}

const call = (id: string, name: string, input: Record<string, unknown>) => ({
  toolCalls: [{ id, name, input }],
});

/** Each message of a model call as `role: text` (text parts joined), for order assertions. */
function outline(modelCall: ModelCallOptions): string[] {
  return modelCall.prompt.map((message) => {
    if (typeof message.content === 'string') return `${message.role}: ${message.content}`;
    const texts = message.content.map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-call') return `call ${part.toolCallId}`;
      if (part.type === 'tool-result') return `result ${part.toolCallId}`;
      return part.type;
    });
    return `${message.role}: ${texts.join(' | ')}`;
  });
}

for (const mode of modes) {
  describe(`mastra adapter (${mode})`, () => {
    it('sends the instruction blocks after the agent instructions, the same on every call, the last one cached', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [
          projectInstructions(),
          filesystemContext({ include: ['README.md'], listing: true }),
          fileTools(),
        ],
      });
      const { model, calls } = createModel([
        call('call_1', 'read_file', { path: 'README.md' }),
        { text: 'Done.' },
      ]);
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'You are the host.',
        model,
        inputProcessors: [contextProcessor(session)],
      });
      await runAgent(agent, mode, 'Look around.');

      expect(calls).toHaveLength(2);
      const systems = calls.map((modelCall) =>
        modelCall.prompt.filter((message) => message.role === 'system'),
      );
      expect(systems[1]).toEqual(systems[0]);
      const texts = systems[0]!.map((message) => message.content as string);
      expect(texts[0]).toBe('You are the host.');
      expect(texts[1]).toContain('<context-file path="AGENTS.md">\n# Root rules\nUse pnpm.\n</context-file>');
      expect(texts[2]).toContain('# Demo');
      expect(texts).toHaveLength(4);
      expect(systems[0]!.map((message) => Boolean(message.providerOptions?.anthropic?.cacheControl))).toEqual(
        [false, false, false, true],
      );
      const roles = calls[1]!.prompt.map((message) => message.role);
      expect(roles.slice(roles.indexOf('user')).includes('system')).toBe(false);
      expect(calls[1]!.prompt.at(-1)?.providerOptions?.anthropic?.cacheControl).toEqual({
        type: 'ephemeral',
      });
    });

    it('surfaces packages/x/AGENTS.md once, right after the tool result that touched it, on every later call', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [fileTools(), nestedInstructions()],
      });
      const { model, calls } = createModel([
        call('call_1', 'read_file', { path: 'packages/x/src/index.ts' }),
        call('call_2', 'read_file', { path: 'packages/x/src/util.ts' }),
        { text: 'Done.' },
      ]);
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'Host.',
        model,
        inputProcessors: [contextProcessor(session)],
      });
      await runAgent(agent, mode, 'Read x.');

      const second = outline(calls[1]!);
      const third = outline(calls[2]!);
      const at = second.indexOf('tool: result call_1');
      expect(second[at + 1]).toContain('# Package x');
      expect(third.slice(0, second.length)).toEqual(second);
      expect(third.filter((line) => line.includes('# Package x'))).toHaveLength(1);
    });

    it('runs host tools between the hooks and capability tools through the run, notes placed after their results', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [noteTaker(), pathGuard()],
      });
      const lookupHost = createTool({
        id: 'open',
        description: 'Open a path.',
        inputSchema: z.object({ path: z.string() }),
        execute: async (input) => `opened ${input.path}`,
      });
      const { model, calls } = createModel([
        call('call_1', 'open', { path: 'a.ts' }),
        call('call_2', 'open', { path: 'secret' }),
        call('call_3', 'lookup', { path: 'b.ts' }),
        { text: 'Done.' },
      ]);
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'Host.',
        model,
        tools: { open: lookupHost },
        inputProcessors: [contextProcessor(session)],
      });
      await runAgent(agent, mode, 'Go.');

      const last = calls[3]!;
      expect(resultText(last, 'call_1')).toBe('opened a.ts (checked)');
      expect(resultText(last, 'call_2')).toContain('Not allowed.');
      expect(resultText(last, 'call_3')).toBe('found b.ts (checked)');
      expect(last.tools?.map((tool) => tool.name)).toEqual(['open', 'lookup']);
      const lines = outline(last);
      expect(lines[lines.indexOf('tool: result call_1') + 1]).toBe('user: Note about call_1.');
      expect(lines[lines.indexOf('tool: result call_3') + 1]).toBe('user: Note about call_3.');
      expect(lines.filter((line) => line.startsWith('system:'))).toEqual([
        'system: Host.',
        'system: Block one.',
        'system: Block two.',
      ]);
    });

    it('offloads a large host tool result to a file and sends the preview', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [filesystemContext({ offload: { overChars: 2_000 } })],
      });
      const big = Array.from({ length: 400 }, (_, line) => `line ${line}`).join('\n');
      const search = createTool({
        id: 'search',
        description: 'Search.',
        inputSchema: z.object({ query: z.string() }),
        execute: async () => big,
      });
      const { model, calls } = createModel([call('call_1', 'search', { query: 'x' }), { text: 'Done.' }]);
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'Host.',
        model,
        tools: { search },
        inputProcessors: [contextProcessor(session)],
      });
      await runAgent(agent, mode, 'Search.');

      const preview = resultText(calls[1]!, 'call_1')!;
      expect(preview).toContain('.context/search-call_1.txt');
      expect(preview.length).toBeLessThan(big.length);
      expect(await readFile(join(root, '.context/search-call_1.txt'), 'utf8')).toBe(big);
    });
  });
}
