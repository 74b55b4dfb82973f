import { Agent } from '@mastra/core/agent';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { contextProcessor } from '../../src/adapters/mastra/index.js';
import { commandTurns, createCommandRepository, createCommandSession } from './command-repository.js';
import { type ModelCallOptions, scriptedBehaviour } from './scripted-mock-model.js';

/** The text of each user message of a model call (hidden context messages included). */
function userTexts(modelCall: ModelCallOptions): string[] {
  return modelCall.prompt.flatMap((message) => {
    if (message.role !== 'user') return [];
    return [message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')];
  });
}

/** The system text of a model call. */
function systemText(modelCall: ModelCallOptions): string {
  return modelCall.prompt
    .flatMap((message) => (message.role === 'system' ? [message.content] : []))
    .join('\n');
}

for (const mode of ['generate', 'stream'] as const) {
  describe(`slash commands through the mastra adapter (${mode})`, () => {
    it('sends the expanded command text in place of each /name input, and keeps it on later turns', async () => {
      const root = await createCommandRepository();
      const { session, events } = createCommandSession(root);
      const behaviour = scriptedBehaviour(commandTurns.map((_turn, index) => ({ text: `Done ${index}.` })));
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'Host.',
        model: new MockLanguageModelV4(behaviour as never) as never,
        inputProcessors: [contextProcessor(session)],
      });

      const history: ModelMessage[] = [];
      for (const turn of commandTurns) {
        history.push({ role: 'user', content: turn.input });
        let text = '';
        if (mode === 'generate') text = (await agent.generate([...history], { maxSteps: 4 })).text;
        else {
          const result = await agent.stream([...history], { maxSteps: 4 });
          for await (const chunk of result.textStream) text += chunk;
        }
        history.push({ role: 'assistant', content: text });
      }

      expect(behaviour.calls).toHaveLength(commandTurns.length);
      for (const [index, modelCall] of behaviour.calls.entries()) {
        expect(userTexts(modelCall).filter((text) => !text.startsWith('Instruction files'))).toEqual(
          commandTurns.slice(0, index + 1).map((turn) => turn.expanded),
        );
      }
      const first = userTexts(behaviour.calls[0]!);
      expect(first[0]).toBe(commandTurns[0]!.expanded);
      expect(first[1]).toContain('<context-file path="docs/AGENTS.md">');
      expect(systemText(behaviour.calls[0]!)).toContain('<name>notes</name>');
      expect(systemText(behaviour.calls[0]!)).not.toContain('<name>deploy</name>');
      expect(events.filter((event) => event.reason === 'command' && event.type === 'loaded')).toHaveLength(3);
    });
  });
}
