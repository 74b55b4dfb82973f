import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonSchema } from 'ai';
import { beforeEach, describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { capabilityCreation } from '../../src/capability-creation/capability-creation.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { createAdapterRepository } from './adapter-repository.js';
import { describePrompt, majors, modes, runAgent } from './ai-sdk-majors.js';
import { shoutCapabilityCode } from './note-taker.js';
import { resultText } from './scripted-mock-model.js';

let root: string;
beforeEach(async () => {
  root = await createAdapterRepository('agent-context-ai-sdk-');
});

const readCall = (id: string, path: string, extra: object = {}) => ({
  toolCalls: [{ id, name: 'read_file', input: { path, ...extra } }],
});

for (const major of majors) {
  for (const mode of modes) {
    describe(`ai-sdk adapter with the capabilities (${major.name}, ${mode})`, () => {
      it('sends project instructions, included files and the listing right after the host instructions', async () => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [projectInstructions(), filesystemContext({ include: ['README.md'], listing: true })],
        });
        const { model, calls } = major.createModel([readCall('call_1', 'README.md'), { text: 'Done.' }]);
        const agent = new major.ToolLoopAgent(
          withContext(session, { model, instructions: 'You are the host.', tools: {} }),
        );
        await runAgent(agent, mode, { prompt: 'Look around.' });

        const [first, second] = calls.map((call) =>
          call.prompt.filter((message) => message.role === 'system'),
        );
        expect(second).toEqual(first);
        const texts = first!.map((message) => message.content as string);
        expect(texts[0]).toBe('You are the host.');
        expect(texts[1]).toContain(
          '<context-file path="AGENTS.md">\n# Root rules\nUse pnpm.\n</context-file>',
        );
        expect(texts[2]).toContain('# Demo');
        expect(texts[3]).toContain('packages');
        expect(texts).toHaveLength(4);
        expect(first!.map((message) => Boolean(message.providerOptions?.anthropic?.cacheControl))).toEqual([
          false,
          false,
          false,
          true,
        ]);
        const roles = calls[1]!.prompt.map((message) => message.role);
        expect(roles.slice(roles.indexOf('user')).includes('system')).toBe(false);
      });

      it('surfaces packages/x/AGENTS.md once, right after the first read under packages/x', async () => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [fileTools(), nestedInstructions()],
        });
        const { model, calls } = major.createModel([
          readCall('call_1', 'packages/x/src/index.ts'),
          readCall('call_2', 'packages/x/src/util.ts'),
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(withContext(session, { model }));
        await runAgent(agent, mode, { prompt: 'Read package x.' });

        const seen = describePrompt(calls[2]!).filter((message) => message.role !== 'system');
        const nested = seen.filter((message) => message.text.includes('Run the x tests after a change.'));
        expect(nested).toHaveLength(1);
        const position = seen.indexOf(nested[0]!);
        expect(nested[0]!.role).toBe('user');
        expect(seen[position - 1]?.text).toContain('[result call_1]');
        expect(describePrompt(calls[0]!).some((message) => message.text.includes('Run the x tests'))).toBe(
          false,
        );
        expect(session.describe()).toContain('packages/x/AGENTS.md');
      });

      it('surfaces the instructions of a file the user mentions right after the user message', async () => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [nestedInstructions()],
        });
        const { model, calls } = major.createModel([{ text: 'Done.' }]);
        const agent = new major.ToolLoopAgent(withContext(session, { model }));
        await runAgent(agent, mode, { prompt: 'What does @packages/x/src/index.ts export?' });

        const seen = describePrompt(calls[0]!).filter((message) => message.role !== 'system');
        expect(seen).toHaveLength(2);
        expect(seen[0]?.text).toBe('What does @packages/x/src/index.ts export?');
        expect(seen[1]).toMatchObject({ role: 'user', text: expect.stringContaining('Run the x tests') });
      });

      it('appends nested instructions to the tool result in in-tool-result mode', async () => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [fileTools(), nestedInstructions({ delivery: 'in-tool-result' })],
        });
        const { model, calls } = major.createModel([
          readCall('call_1', 'packages/x/src/index.ts'),
          { text: 'Done.' },
        ]);
        await runAgent(new major.ToolLoopAgent(withContext(session, { model })), mode, { prompt: 'Read.' });

        const result = resultText(calls[1]!, 'call_1')!;
        expect(result.startsWith('export const x = 1;\n')).toBe(true);
        expect(result).toContain('Run the x tests after a change.');
        expect(calls[1]!.prompt.at(-1)?.role).toBe('tool');
      });

      it('uses in run 2 a capability the agent authored in run 1', async () => {
        const creation = capabilityCreation({ directory: join(root, '.agent-capabilities') });
        const session = createContextSession({ workspace: localWorkspace(root), capabilities: [creation] });
        const code = shoutCapabilityCode;
        const { model, calls } = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'author_capability', input: { name: 'shout', code } }] },
          { text: 'Authored.' },
          { toolCalls: [{ id: 'call_2', name: 'shout', input: { word: 'hello' } }] },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(withContext(session, { model }));
        const first = await runAgent(agent, mode, { prompt: 'Write a shout capability.' });
        expect(first.text).toBe('Authored.');
        expect(calls[1]!.tools?.map((tool) => tool.name)).not.toContain('shout');

        const history = [{ role: 'user', content: 'Write a shout capability.' }, ...first.messages];
        await runAgent(agent, mode, { messages: [...history, { role: 'user', content: 'Shout hello.' }] });
        expect(calls[2]!.tools?.map((tool) => tool.name)).toContain('shout');
        expect(
          calls[2]!.prompt.some(
            (message) => message.role === 'system' && message.content === 'Shout when asked.',
          ),
        ).toBe(true);
        expect(resultText(calls[3]!, 'call_2')).toBe('HELLO');
      });

      it('offloads a large host tool result and reads it back with read_file', async () => {
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [
            fileTools(),
            filesystemContext({ offload: { overChars: 2_000, previewChars: 400 } }),
          ],
        });
        const lines = Array.from(
          { length: 400 },
          (_, index) => `match ${index + 1}: packages/x/src/file-${index}.ts`,
        );
        const full = `${lines.join('\n')}\n`;
        const search = {
          description: 'Search the repository.',
          inputSchema: jsonSchema({ type: 'object', properties: { query: { type: 'string' } } }),
          execute: async () => full,
        };
        const { model, calls } = major.createModel((call, index) => {
          if (index === 0) return { toolCalls: [{ id: 'call_1', name: 'search', input: { query: 'x' } }] };
          if (index === 1) {
            const path = /saved whole to (\S+) \(/.exec(resultText(call, 'call_1') ?? '')?.[1];
            return readCall('call_2', path ?? 'missing');
          }
          return { text: 'Done.' };
        });
        const agent = new major.ToolLoopAgent(withContext(session, { model, tools: { search } }));
        await runAgent(agent, mode, { prompt: 'Search.' });

        const preview = resultText(calls[1]!, 'call_1')!;
        expect(preview.length).toBeLessThan(1_000);
        expect(preview).toContain('.context/search-call_1.txt');
        expect(resultText(calls[2]!, 'call_2')).toBe(full);
        expect(await readFile(join(root, '.context/search-call_1.txt'), 'utf8')).toBe(full);
        expect(resultText(calls[2]!, 'call_1')).toBe(preview);
      });
    });
  }
}
