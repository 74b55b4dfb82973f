import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { commands } from '../../src/commands/commands.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { describePrompt, majors, modes, runAgent } from './ai-sdk-majors.js';
import { commandTurns, createCommandRepository, createCommandSession } from './command-repository.js';

for (const major of majors) {
  for (const mode of modes) {
    describe(`slash commands through the ai-sdk adapter (${major.name}, ${mode})`, () => {
      it('sends the expanded command text in place of each /name input, and keeps it on later turns', async () => {
        const root = await createCommandRepository();
        const { session, events } = createCommandSession(root);
        const { model, calls } = major.createModel((_call, index) => ({ text: `Done ${index}.` }));
        const agent = new major.ToolLoopAgent(withContext(session, { model, instructions: 'Host.' }));

        const history: ModelMessage[] = [];
        for (const turn of commandTurns) {
          history.push({ role: 'user', content: turn.input });
          const result = await runAgent(agent, mode, { messages: [...history] });
          history.push(...result.messages);
        }

        // Each call's user messages: every input so far, expanded as the owning assistant does.
        for (const [index, call] of calls.entries()) {
          const users = describePrompt(call).filter((message) => message.role === 'user');
          expect(
            users.map((message) => message.text).filter((text) => !text.startsWith('Instruction files')),
          ).toEqual(commandTurns.slice(0, index + 1).map((turn) => turn.expanded));
        }
        // The @file the command read counted as a touch: its folder's AGENTS.md came right after it.
        const first = describePrompt(calls[0]!).filter((message) => message.role !== 'system');
        expect(first[0]!.text).toBe(commandTurns[0]!.expanded);
        expect(first[1]!.text).toContain('<context-file path="docs/AGENTS.md">');
        // The skill kept from the model is not in its catalog, though the user invoked it.
        const system = describePrompt(calls[0]!).filter((message) => message.role === 'system');
        expect(system.map((message) => message.text).join('\n')).toContain('<name>notes</name>');
        expect(system.map((message) => message.text).join('\n')).not.toContain('<name>deploy</name>');
        expect(events.filter((event) => event.reason === 'command' && event.type === 'loaded')).toHaveLength(
          3,
        );
        expect(
          events.some((event) => event.type === 'skipped' && event.message.includes('git diff --staged')),
        ).toBe(true);
      });

      it("runs a command's shell lines once per message: every model call of the run gets the same bytes", async () => {
        const root = await createCommandRepository();
        await writeFile(
          join(root, '.claude/commands/count.md'),
          '---\nallowed-tools: Bash\n---\nRuns so far: !`echo run >> runs.log; wc -l < runs.log | tr -d " "`\n',
        );
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [fileTools(), commands({ run: true })],
        });
        const { model, calls } = major.createModel((_call, index) =>
          index < 2
            ? { toolCalls: [{ id: `call-${index}`, name: 'read_file', input: { path: 'AGENTS.md' } }] }
            : { text: 'Done.' },
        );
        const agent = new major.ToolLoopAgent(withContext(session, { model, instructions: 'Host.' }));
        await runAgent(agent, mode, { messages: [{ role: 'user', content: '/count' }] });
        expect(calls).toHaveLength(3);
        for (const call of calls) {
          const users = describePrompt(call).filter((message) => message.role === 'user');
          expect(users[0]!.text).toBe('Runs so far: 1\n');
        }
        expect(await readFile(join(root, 'runs.log'), 'utf8')).toBe('run\n');
      });

      it('refuses a command whose shell line its permissions do not allow: nothing runs, the model is not called, the host gets why', async () => {
        const root = await createCommandRepository();
        await writeFile(join(root, '.claude/commands/mark.md'), 'Marked: !`touch X && echo touched`\n');
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [fileTools(), commands({ run: true })],
        });
        const { model, calls } = major.createModel(() => ({ text: 'Done.' }));
        const agent = new major.ToolLoopAgent(withContext(session, { model, instructions: 'Host.' }));
        const run = runAgent(agent, mode, { messages: [{ role: 'user', content: '/mark' }] });
        // generate rejects with the refusal; a stream ends without output (its error part is the refusal).
        if (mode === 'generate') await expect(run).rejects.toMatchObject({ code: 'command-refused' });
        else await expect(run).rejects.toThrow();
        expect(calls).toHaveLength(0);
        await expect(readFile(join(root, 'X'), 'utf8')).rejects.toThrow();
      });
    });
  }
}
