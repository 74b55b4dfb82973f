import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subAgentTools, withContext } from '../../src/adapters/ai-sdk/index.js';
import { loadAgentDefinitions } from '../../src/agent-definitions/load-agent-definitions.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { Capability, ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { skills } from '../../src/skills/skills.js';
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
  '.claude/agents/searcher.md':
    '---\nname: searcher\ndescription: Find code.\ntools: Read, Grep, Glob\n---\nYou find code.\n',
  '.github/agents/editor.agent.md':
    "---\nname: editor\ndescription: Edit code.\ntools: ['codebase', 'editFiles']\n---\nYou edit code.\n",
  '.claude/skills/release-notes/SKILL.md':
    '---\nname: release-notes\ndescription: Write release notes from merged changes.\n---\nList the merged changes.\n',
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

      /**
       * The host delegates to two repository sub-agents in one step (`calls`: agent name and task),
       * every sub-agent answering "Done."; gives each sub-agent call by a text of its prompt, and the
       * session's events.
       */
      const delegate = async (
        capabilities: Capability[],
        calls: ReadonlyArray<readonly [string, string]>,
      ) => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const { items } = await loadAgentDefinitions(workspace);
        const session = createContextSession({ workspace, capabilities });
        const events: ContextEvent[] = [];
        session.on((event) => events.push(event));
        const sub = major.createModel(() => ({ text: 'Done.' }));
        const host = major.createModel([
          {
            toolCalls: calls.map(([name, task], index) => ({
              id: `call_${index + 1}`,
              name,
              input: { task },
            })),
          },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(
          withContext(session, {
            model: host.model,
            tools: subAgentTools(items, { model: sub.model, session }),
          }),
        );
        await runAgent(agent, mode, { prompt: 'Delegate.' });
        const byPrompt = (prompt: string) =>
          sub.calls.find((call) => JSON.stringify(call.prompt).includes(prompt));
        return { byPrompt, events };
      };

      it("maps a Claude Code agent's Read, Grep, Glob and a Copilot agent's codebase, editFiles to the session's tools", async () => {
        const { byPrompt, events } = await delegate(
          [fileTools({ write: true })],
          [
            ['searcher', 'Find x.'],
            ['editor', 'Edit x.'],
          ],
        );
        expect(toolNames(byPrompt('You find code.'))).toEqual(['read_file', 'find_files', 'search_files']);
        expect(toolNames(byPrompt('You edit code.'))).toEqual(['write_file', 'search_files']);
        expect(events.filter((event) => event.reason === 'sub-agent')).toEqual([]);
      });

      it('never tells a sub-agent of a tool it is not given: no skills catalog without load_skill', async () => {
        const { byPrompt, events } = await delegate(
          [fileTools(), skills()],
          [
            ['searcher', 'Find x.'],
            ['helper', 'Help.'],
          ],
        );
        // Read, Grep, Glob: no load_skill, so no catalog that says to call it.
        const searcher = byPrompt('You find code.');
        expect(toolNames(searcher)).toEqual(['read_file', 'find_files', 'search_files']);
        expect(JSON.stringify(searcher?.prompt)).not.toContain('load_skill');
        expect(JSON.stringify(searcher?.prompt)).not.toContain('release-notes');
        // The helper names no tools: it gets every tool, load_skill included, and the catalog with it.
        const helper = byPrompt('Help.');
        expect(toolNames(helper)).toContain('load_skill');
        expect(JSON.stringify(helper?.prompt)).toContain('release-notes');
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'skipped',
            reason: 'sub-agent',
            capability: 'skills',
            message: 'Left out the skills instructions: they name load_skill, which this agent is not given.',
          }),
        );
      });

      it('refuses a sub-agent that delegates to itself with a tool error, and stops at the depth limit', async () => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const { items } = await loadAgentDefinitions(workspace);
        const session = createContextSession({ workspace, capabilities: [fileTools()] });
        const helper = items.filter((item) => item.name === 'helper');
        // The helper names no tools, so it gets the sub-agent tools too, itself included.
        const sub = major.createModel((call: ModelCallOptions): MockTurn => {
          if (newestResult(call, 'helper') !== '') return { text: `saw: ${newestResult(call, 'helper')}` };
          return { toolCalls: [{ id: 'again', name: 'helper', input: { task: 'Again.' } }] };
        });
        const host = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'helper', input: { task: 'Help.' } }] },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(
          withContext(session, {
            model: host.model,
            tools: subAgentTools(helper, { model: sub.model, session }),
          }),
        );
        await runAgent(agent, mode, { prompt: 'Get help.' });
        expect(sub.calls).toHaveLength(2);
        expect(toolNames(sub.calls[0])).toContain('helper');
        expect(newestResult(sub.calls[1]!, 'helper')).toContain(
          'already running on this delegation path (helper -> helper)',
        );

        // Two definitions calling each other: a -> b -> a is a cycle; with maxDepth 1, b is not offered at all.
        const pair = [
          { ...helper[0]!, name: 'ping', source: '.claude/agents/ping.md' },
          { ...helper[0]!, name: 'pong', source: '.claude/agents/pong.md' },
        ];
        const shallow = major.createModel(() => ({ text: 'Shallow.' }));
        const shallowHost = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'ping', input: { task: 'Go.' } }] },
          { text: 'Done.' },
        ]);
        const shallowAgent = new major.ToolLoopAgent(
          withContext(session, {
            model: shallowHost.model,
            tools: subAgentTools(pair, { model: shallow.model, session, maxDepth: 1 }),
          }),
        );
        await runAgent(shallowAgent, mode, { prompt: 'Go.' });
        expect(toolNames(shallow.calls[0])).toEqual([
          'read_file',
          'list_directory',
          'find_files',
          'search_files',
        ]);
      });

      it('keeps two definitions whose tool names collide, the second with a suffix and a warning', async () => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const { items } = await loadAgentDefinitions(workspace);
        const session = createContextSession({ workspace, capabilities: [] });
        const events: ContextEvent[] = [];
        session.on((event) => events.push(event));
        const base = items.find((item) => item.name === 'helper')!;
        const tools = subAgentTools(
          [
            { ...base, name: 'api reviewer' },
            { ...base, name: 'api_reviewer', source: '.codex/agents/helper.toml' },
          ],
          { model: major.createModel([]).model, session },
        );
        expect(Object.keys(tools)).toEqual(['api_reviewer', 'api_reviewer_2']);
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'diagnostic',
            reason: 'sub-agent',
            path: '.codex/agents/helper.toml',
            diagnostic: expect.objectContaining({ code: 'sub-agent-name-collision', severity: 'warning' }),
          }),
        );
      });

      it('warns in the events for a tool name the host offers nothing for', async () => {
        const root = await createRepository();
        const workspace = localWorkspace(root);
        const session = createContextSession({ workspace, capabilities: [fileTools()] });
        const events: ContextEvent[] = [];
        session.on((event) => events.push(event));
        const runner = {
          name: 'runner',
          description: 'Runs things.',
          prompt: 'You run things.',
          tools: ['Read', 'Bash'],
          source: '.claude/agents/runner.md',
          diagnostics: [],
        };
        const sub = major.createModel(() => ({ text: 'Ran.' }));
        const host = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'runner', input: { task: 'Run.' } }] },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(
          withContext(session, {
            model: host.model,
            tools: subAgentTools([runner], { model: sub.model, session }),
          }),
        );
        await runAgent(agent, mode, { prompt: 'Run.' });
        expect(toolNames(sub.calls[0])).toEqual(['read_file']);
        expect(events).toContainEqual(
          expect.objectContaining({
            type: 'diagnostic',
            reason: 'sub-agent',
            diagnostic: expect.objectContaining({
              code: 'tool-not-offered',
              path: '.claude/agents/runner.md',
            }),
          }),
        );
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
        // Every tool: the host's, the sub-agent tools (delegation within the depth limit), the session's.
        expect(toolNames(sub.calls[0])).toEqual([
          'run_tests',
          'helper',
          'searcher',
          'x-reader',
          'editor',
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
