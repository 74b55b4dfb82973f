import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subAgentTools, withContext } from '../../src/adapters/ai-sdk/index.js';
import { loadAgentDefinitions } from '../../src/agent-definitions/load-agent-definitions.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { adapterRepositoryFiles } from './adapter-repository.js';
import type { AiSdkMajor } from './ai-sdk-majors.js';
import { describePrompt, type Mode, runAgent } from './ai-sdk-runs.js';
import { type MockTurn, type ModelCallOptions, newestResult } from './scripted-mock-model.js';

/** What the sub-agent tests need of one AI SDK major. */
export type SubAgentMajor = Pick<AiSdkMajor, 'name' | 'createModel' | 'ToolLoopAgent'>;

const agents: Record<string, string> = {
  '.claude/agents/x-reader.md':
    '---\nname: x-reader\ndescription: Answer questions about package x by reading its files.\ntools: read_file\n---\n\nYou read package x and answer in one line.\n',
  '.claude/agents/helper.md': '---\nname: helper\ndescription: Does anything.\n---\nHelp.\n',
};

async function createRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-sub-agents-');
  for (const [path, text] of Object.entries({ ...adapterRepositoryFiles, ...agents })) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const toolNames = (call: ModelCallOptions | undefined) => (call?.tools ?? []).map((tool) => tool.name);

/** The sub-agent tests, run once per AI SDK major and host mode. */
export function describeSubAgentTools(major: SubAgentMajor, modes: readonly Mode[]): void {
  for (const mode of modes) {
    describe(`subAgentTools (${major.name}, host ${mode})`, () => {
      it('delegates to a repository sub-agent that reads a file with only read_file, and returns its answer', async () => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const { items } = await loadAgentDefinitions(workspace);
        const session = createContextSession({
          workspace,
          capabilities: [projectInstructions(), fileTools({ write: true }), nestedInstructions()],
        });
        const events: ContextEvent[] = [];
        session.on((event) => events.push(event));
        const ranTests: unknown[] = [];
        const hostTools = {
          run_tests: {
            description: 'Run the tests.',
            inputSchema: adapterSchema,
            execute: async (input: unknown) => {
              ranTests.push(input);
              return 'ok';
            },
          },
        };

        const sub = major.createModel((call: ModelCallOptions, index: number): MockTurn => {
          if (index === 0)
            return {
              toolCalls: [{ id: 'sub_1', name: 'read_file', input: { path: 'packages/x/src/index.ts' } }],
            };
          return { text: `index.ts holds: ${newestResult(call, 'read_file').trim()}` };
        });
        const host = major.createModel([
          {
            toolCalls: [
              {
                id: 'call_1',
                name: 'x-reader',
                input: { task: 'What does packages/x/src/index.ts export?' },
              },
            ],
          },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(
          withContext(session, {
            model: host.model,
            tools: { ...hostTools, ...subAgentTools(items, { model: sub.model, tools: hostTools, session }) },
          }),
        );
        await runAgent(agent, mode, { prompt: 'Ask the x reader.' });

        // The answer comes back as the tool result of the host's call.
        expect(newestResult(host.calls[1]!, 'x-reader')).toBe('index.ts holds: export const x = 1;');
        expect(toolNames(host.calls[0])).toEqual(
          expect.arrayContaining(['run_tests', 'x-reader', 'helper', 'read_file', 'write_file']),
        );

        // The sub-agent saw only read_file, its own prompt, and the session's project instructions.
        expect(sub.calls).toHaveLength(2);
        for (const call of sub.calls) expect(toolNames(call)).toEqual(['read_file']);
        const system = describePrompt(sub.calls[0]!).filter((message) => message.role === 'system');
        expect(system[0]?.text).toBe('You read package x and answer in one line.');
        expect(system.some((message) => message.text.includes('Use pnpm.'))).toBe(true);
        expect(describePrompt(sub.calls[0]!).find((message) => message.role === 'user')?.text).toBe(
          'What does packages/x/src/index.ts export?',
        );

        // Nested instructions reached the sub-agent, after its own read, through its own run.
        const seen = describePrompt(sub.calls[1]!).filter((message) => message.role !== 'system');
        const nested = seen.findIndex((message) => message.text.includes('Run the x tests after a change.'));
        expect(nested).toBeGreaterThan(0);
        expect(seen[nested - 1]?.text).toContain('[result sub_1]');
        expect(host.calls.some((call) => JSON.stringify(call.prompt).includes('Run the x tests'))).toBe(
          false,
        );
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'loaded',
            reason: 'nested',
            path: 'packages/x/AGENTS.md',
            trigger: 'x-reader sub-agent: read_file packages/x/src/index.ts (sub_1)',
          }),
        );
        expect(ranTests).toEqual([]);
      });

      it('gives a sub-agent whose definition names no tools every tool', async () => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const { items } = await loadAgentDefinitions(workspace);
        const session = createContextSession({ workspace, capabilities: [fileTools()] });
        const hostTools = {
          run_tests: { description: 'Run the tests.', inputSchema: adapterSchema, execute: async () => 'ok' },
        };
        const sub = major.createModel([{ text: 'Helped.' }]);
        const host = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'helper', input: { task: 'Help.' } }] },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(
          withContext(session, {
            model: host.model,
            tools: subAgentTools(items, { model: () => sub.model, tools: hostTools, session }),
          }),
        );
        await runAgent(agent, mode, { prompt: 'Get help.' });
        expect(toolNames(sub.calls[0])).toEqual([
          'run_tests',
          'read_file',
          'list_directory',
          'find_files',
          'search_files',
        ]);
        expect(newestResult(host.calls[1]!, 'helper')).toBe('Helped.');
      });
    });
  }
}

/** A zod schema: both majors take zod 4 schemas as tool input schemas. */
const adapterSchema = z.object({});
