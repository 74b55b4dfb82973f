import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, type AgentInputItem, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runWithContext } from '../../src/adapters/openai-agents/index.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';
import { noteTaker, pathGuard } from './note-taker.js';

let root: string;
beforeAll(() => setTracingDisabled(true));
beforeEach(async () => {
  root = await createAdapterRepository('agent-context-openai-agents-');
});

const modes = ['run', 'stream'] as const;
type Mode = (typeof modes)[number];

const call = (name: string, input: Record<string, unknown>, callId: string) => [
  functionCall(name, input, { callId }),
];

async function runOnce(
  mode: Mode,
  session: Parameters<typeof runWithContext>[0],
  agent: Agent,
  input: string | AgentInputItem[],
) {
  if (mode === 'run') return (await runWithContext(session, agent, input)).finalOutput;
  const result = await runWithContext(session, agent, input, { stream: true });
  await result.completed;
  return result.finalOutput;
}

/** Each input item of a model call as one line, for order assertions. */
function outline(items: readonly AgentInputItem[]): string[] {
  return items.map((item) => {
    if (item.type === 'function_call') return `call ${item.callId}`;
    if (item.type === 'function_call_result') {
      const output = item.output as { text?: string } | string;
      return `result ${item.callId}: ${typeof output === 'string' ? output : output.text}`;
    }
    if (item.type === 'message' || item.type === undefined) {
      const content = (item as { content: unknown }).content;
      const text = typeof content === 'string' ? content : JSON.stringify(content);
      return `${(item as { role: string }).role}: ${text}`;
    }
    return String(item.type);
  });
}

for (const mode of modes) {
  describe(`openai-agents adapter (${mode})`, () => {
    it('sends the host instructions then the instruction blocks, byte-identical on every call of a run', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [projectInstructions(), filesystemContext({ include: ['README.md'] }), fileTools()],
      });
      const model = new ScriptedModel([
        call('read_file', { path: 'README.md' }, 'call_1'),
        [assistantMessage('Done.')],
      ]);
      const agent = new Agent({ name: 'host', instructions: 'You are the host.', model });
      await runOnce(mode, session, agent, 'Look around.');

      const [first, second] = model.calls.map((modelCall) => modelCall.request.systemInstructions);
      expect(second).toBe(first);
      expect(first).toMatch(
        /^You are the host\.\n\n<context-file path="AGENTS\.md">\n# Root rules\nUse pnpm\.\n<\/context-file>/,
      );
      expect(first).toContain('# Demo');
      expect(model.calls[0]!.request.tools.map((definition) => definition.name)).toEqual([
        'read_file',
        'list_directory',
        'find_files',
        'search_files',
      ]);
      expect(agent.tools).toEqual([]);
    });

    it('places packages/x/AGENTS.md right after the function_call_result that touched it, on every later call', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [fileTools(), nestedInstructions()],
      });
      const model = new ScriptedModel([
        call('read_file', { path: 'packages/x/src/index.ts' }, 'call_1'),
        call('read_file', { path: 'packages/x/src/util.ts' }, 'call_2'),
        [assistantMessage('Done.')],
      ]);
      const agent = new Agent({ name: 'host', instructions: 'Host.', model });
      await runOnce(mode, session, agent, 'Read x.');

      const second = outline(model.calls[1]!.request.input as AgentInputItem[]);
      const third = outline(model.calls[2]!.request.input as AgentInputItem[]);
      const at = second.findIndex((line) => line.startsWith('result call_1'));
      expect(second[at + 1]).toMatch(/^user: Instruction files of directories touched/);
      expect(second[at + 1]).toContain('# Package x');
      expect(third.slice(0, second.length)).toEqual(second);
      expect(third.filter((line) => line.includes('# Package x'))).toHaveLength(1);
    });

    it('runs host tools between the hooks and capability tools through the run, notes after their results', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [noteTaker(), pathGuard()],
      });
      const open = tool({
        name: 'open',
        description: 'Open a path.',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
        strict: true,
        execute: async (input) => `opened ${(input as { path: string }).path}`,
      });
      const model = new ScriptedModel([
        call('open', { path: 'a.ts' }, 'call_1'),
        call('open', { path: 'secret' }, 'call_2'),
        call('lookup', { path: 'b.ts' }, 'call_3'),
        [assistantMessage('Done.')],
      ]);
      const agent = new Agent({ name: 'host', instructions: 'Host.', model, tools: [open] });
      await runOnce(mode, session, agent, 'Go.');

      const last = model.calls[3]!.request;
      expect(last.systemInstructions).toBe('Host.\n\nBlock one.\n\nBlock two.');
      expect(last.tools.map((definition) => definition.name)).toEqual(['open', 'lookup']);
      const lines = outline(last.input as AgentInputItem[]);
      expect(lines).toEqual([
        'user: Go.',
        'call call_1',
        'result call_1: opened a.ts (checked)',
        'user: Note about call_1.',
        'call call_2',
        'result call_2: Not allowed.',
        'call call_3',
        'result call_3: found b.ts (checked)',
        'user: Note about call_3.',
      ]);
    });

    it('offloads a large host tool result to a file and sends the preview', async () => {
      const session = createContextSession({
        workspace: localWorkspace(root),
        capabilities: [filesystemContext({ offload: { overChars: 2_000 } })],
      });
      const big = Array.from({ length: 400 }, (_, line) => `line ${line}`).join('\n');
      const search = tool({
        name: 'search',
        description: 'Search.',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' } },
          required: ['query'],
          additionalProperties: false,
        },
        strict: true,
        execute: async () => big,
      });
      const model = new ScriptedModel([
        call('search', { query: 'x' }, 'call_1'),
        [assistantMessage('Done.')],
      ]);
      const agent = new Agent({ name: 'host', instructions: 'Host.', model, tools: [search] });
      await runOnce(mode, session, agent, 'Search.');

      const result = outline(model.calls[1]!.request.input as AgentInputItem[]).find((line) =>
        line.startsWith('result call_1'),
      )!;
      expect(result).toContain('.context/search-call_1.txt');
      expect(result.length).toBeLessThan(big.length);
      expect(await readFile(join(root, '.context/search-call_1.txt'), 'utf8')).toBe(big);
    });
  });
}
