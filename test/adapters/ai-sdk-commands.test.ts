import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
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
    });
  }
}
