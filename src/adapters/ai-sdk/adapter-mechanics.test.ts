import { describe, expect, it } from 'vitest';
import { describePrompt, majors, modes, runAgent, runCall } from '../../../test/adapters/ai-sdk-majors.js';
import { lookupSchema, noteTaker, pathGuard } from '../../../test/adapters/note-taker.js';
import type { Capability } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { contextCallOptions } from './context-call-options.js';
import { withContext } from './with-context.js';

const lookups = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    toolCalls: [{ id: `call_${index + 1}`, name: 'lookup', input: { path: `p${index + 1}` } }],
  }));

for (const major of majors) {
  for (const mode of modes) {
    describe(`ai-sdk adapter mechanics (${major.name}, ${mode})`, () => {
      it('sends the host instructions, then each block as a system message, the last with a breakpoint', async () => {
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
        const { model, calls } = major.createModel([...lookups(2), { text: 'Done.' }]);
        const agent = new major.ToolLoopAgent(
          withContext(session, { model, instructions: 'You are the host.' }),
        );
        await runAgent(agent, mode, { prompt: 'Go.' });

        expect(calls).toHaveLength(3);
        for (const call of calls) {
          const system = call.prompt.filter((message) => message.role === 'system');
          expect(system.map((message) => message.content)).toEqual([
            'You are the host.',
            'Block one.',
            'Block two.',
          ]);
          expect(call.prompt.slice(0, 3).every((message) => message.role === 'system')).toBe(true);
          expect(system.map((message) => message.providerOptions?.anthropic?.cacheControl)).toEqual([
            undefined,
            undefined,
            { type: 'ephemeral' },
          ]);
        }
      });

      it('places a hidden note as a user message right after its tool result, at the same place on every call', async () => {
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
        const { model, calls } = major.createModel([...lookups(3), { text: 'Done.' }]);
        const agent = new major.ToolLoopAgent(withContext(session, { model, instructions: 'Host.' }));
        await runAgent(agent, mode, { prompt: 'Go.' });

        const last = describePrompt(calls[3]!).filter((message) => message.role !== 'system');
        expect(last.map((message) => message.role)).toEqual([
          'user',
          ...['assistant', 'tool', 'user', 'assistant', 'tool', 'user', 'assistant', 'tool', 'user'],
        ]);
        expect(last[3]).toEqual({ role: 'user', text: 'Note about call_1.' });
        expect(last[9]).toEqual({ role: 'user', text: 'Note about call_3.' });
        for (const [index, call] of calls.entries()) {
          const previous = calls[index - 1];
          if (previous === undefined) continue;
          const strip = (options: typeof call) => JSON.stringify(stripMarkers(options.prompt));
          expect(strip(call).startsWith(strip(previous).slice(0, -1))).toBe(true);
        }
      });

      it('puts a rolling breakpoint on the newest message only, and can turn it off', async () => {
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
        const { model, calls } = major.createModel([...lookups(1), { text: 'Done.' }]);
        const agent = new major.ToolLoopAgent(withContext(session, { model }));
        await runAgent(agent, mode, { prompt: 'Go.' });
        for (const call of calls) {
          const marked = call.prompt.flatMap((message, index) =>
            message.role !== 'system' && message.providerOptions?.anthropic?.cacheControl ? [index] : [],
          );
          expect(marked).toEqual([call.prompt.length - 1]);
        }

        const quiet = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
        const second = major.createModel([...lookups(1), { text: 'Done.' }]);
        const options = { rollingCacheBreakpoint: false };
        await runAgent(new major.ToolLoopAgent(withContext(quiet, { model: second.model }, options)), mode, {
          prompt: 'Go.',
        });
        const markers = second.calls.flatMap((call) =>
          call.prompt.filter((message) => message.role !== 'system' && message.providerOptions?.anthropic),
        );
        expect(markers).toEqual([]);
      });

      it('runs host tools through the hooks: a block reaches the model as a tool error, a change as the result', async () => {
        const guard = pathGuard();
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [guard] });
        const executed: string[] = [];
        const hostTool = {
          description: 'Read a path.',
          inputSchema: (await import('ai')).jsonSchema(lookupSchema),
          execute: async ({ path }: { path: string }) => {
            executed.push(path);
            return `contents of ${path}`;
          },
        };
        const { model, calls } = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'read', input: { path: 'secret' } }] },
          { toolCalls: [{ id: 'call_2', name: 'read', input: { path: 'open' } }] },
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(withContext(session, { model, tools: { read: hostTool } }));
        await runAgent(agent, mode, { prompt: 'Go.' });

        expect(executed).toEqual(['open']);
        const seen = describePrompt(calls[2]!).map((message) => message.text);
        expect(seen.some((text) => text.includes('[result call_1]') && text.includes('Not allowed.'))).toBe(
          true,
        );
        expect(seen).toContain('[result call_2] contents of open (checked)');
      });

      it('leaves host tools and user input alone with hostToolHooks and observeUserInput off', async () => {
        const touched: string[] = [];
        const watcher: Capability = { ...pathGuard(), onTouch: (touch) => void touched.push(touch.path) };
        const workspace = memoryWorkspace({ 'notes.md': 'x' });
        const session = createContextSession({ workspace, capabilities: [watcher] });
        const hostTool = {
          description: 'Read a path.',
          inputSchema: (await import('ai')).jsonSchema(lookupSchema),
          execute: async ({ path }: { path: string }) => `contents of ${path}`,
        };
        const { model, calls } = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'read', input: { path: 'secret' } }] },
          { text: 'Done.' },
        ]);
        const options = { hostToolHooks: false, observeUserInput: false };
        const agent = new major.ToolLoopAgent(
          withContext(session, { model, tools: { read: hostTool } }, options),
        );
        await runAgent(agent, mode, { prompt: 'Look at @notes.md' });

        expect(describePrompt(calls[1]!).map((message) => message.text)).toContain(
          '[result call_1] contents of secret',
        );
        expect(touched).toEqual([]);
      });

      it("keeps the host's toModelOutput, except for a result a hook replaced", async () => {
        const shrink: Capability = {
          name: 'shrink',
          afterToolCall: (_call, result) =>
            JSON.stringify(result.output).length > 100 ? { output: 'saved elsewhere' } : undefined,
        };
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [shrink] });
        const list = {
          description: 'List items.',
          inputSchema: (await import('ai')).jsonSchema<{ count: number }>({ type: 'object' }),
          execute: async ({ count }: { count: number }) => ({
            items: Array.from({ length: count }, (_, index) => index),
          }),
          toModelOutput: ({ output }: { output: { items: number[] } }) => ({
            type: 'text' as const,
            value: `${output.items.length} items`,
          }),
        };
        const { model, calls } = major.createModel([
          { toolCalls: [{ id: 'call_1', name: 'list', input: { count: 3 } }] },
          { toolCalls: [{ id: 'call_2', name: 'list', input: { count: 100 } }] },
          { text: 'Done.' },
        ]);
        await runAgent(new major.ToolLoopAgent(withContext(session, { model, tools: { list } })), mode, {
          prompt: 'Go.',
        });
        const seen = describePrompt(calls[2]!).map((message) => message.text);
        expect(seen).toContain('[result call_1] 3 items');
        expect(seen).toContain('[result call_2] saved elsewhere');
      });

      it('keeps capability tools active when the host limits activeTools, and takes the session per call', async () => {
        const sessions = [noteTaker(), noteTaker()].map((capability) =>
          createContextSession({ workspace: memoryWorkspace({}), capabilities: [capability] }),
        );
        const { model, calls } = major.createModel([{ text: 'One.' }, { text: 'Two.' }]);
        const hostTool = {
          description: 'Unused.',
          inputSchema: (await import('ai')).jsonSchema({ type: 'object' }),
        };
        const settings = { model, tools: { host: hostTool, other: hostTool }, activeTools: ['host'] };
        const pick = (call: { options?: unknown }) =>
          sessions[(call.options as { conversation: number }).conversation]!;
        const agent = new major.ToolLoopAgent(withContext(pick, settings));
        await runAgent(agent, mode, { prompt: 'Go.', options: { conversation: 1 } });
        await runAgent(agent, mode, { prompt: 'Go.', options: { conversation: 1 } });

        expect(calls[0]!.tools?.map((tool) => tool.name)).toEqual(['host', 'lookup']);
        expect(sessions.map((session) => session.currentRun?.index)).toEqual([undefined, 2]);
      });

      it('builds generateText / streamText options from a run without touching the host settings', async () => {
        const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
        const { model, calls } = major.createModel([...lookups(1), { text: 'Done.' }]);
        const host = { model, instructions: 'Host.', prompt: 'Go.', stopWhen: major.stepCount(5) };
        const run = await session.startRun();
        const result = await runCall(major, mode, await contextCallOptions(run, host));

        expect(result.text).toBe('Done.');
        expect(host.model).toBe(model);
        expect(calls.map((call) => call.tools?.map((tool) => tool.name))).toEqual([['lookup'], ['lookup']]);
        const system = calls[1]!.prompt
          .filter((message) => message.role === 'system')
          .map((message) => message.content);
        expect(system).toEqual(['Host.', 'Block one.', 'Block two.']);
        expect(describePrompt(calls[1]!).at(-1)).toEqual({ role: 'user', text: 'Note about call_1.' });
      });
    });
  }
}

function stripMarkers(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === 'providerOptions' ? undefined : item)));
}
