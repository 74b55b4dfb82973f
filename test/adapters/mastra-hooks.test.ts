import { Agent } from '@mastra/core/agent';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, it } from 'vitest';
import { contextProcessor } from '../../src/adapters/mastra/index.js';
import {
  createHookRepository,
  createHookSession,
  expectHookScenario,
  hookScenarioCalls,
} from './hooks-scenario.shared.js';
import { type ModelCallOptions, scriptedBehaviour } from './scripted-mock-model.js';

/** Each message of a model call as one line, tool results with their text. */
function outline(modelCall: ModelCallOptions): string[] {
  return modelCall.prompt.map((message) => {
    if (typeof message.content === 'string') return `${message.role}: ${message.content}`;
    const texts = message.content.map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-call') return `call ${part.toolCallId}`;
      if (part.type === 'tool-result') {
        const output = part.output as { value?: unknown };
        return `result ${part.toolCallId}: ${typeof output.value === 'string' ? output.value : JSON.stringify(output.value)}`;
      }
      return part.type;
    });
    return `${message.role}: ${texts.join(' | ')}`;
  });
}

for (const mode of ['generate', 'stream'] as const) {
  describe(`mastra adapter with hooks (${mode})`, () => {
    it('blocks with the PreToolUse stderr, places PostToolUse and SessionStart context as hidden messages', async () => {
      const root = await createHookRepository('agent-context-mastra-hooks-');
      const session = createHookSession(root);
      const behaviour = scriptedBehaviour([
        ...hookScenarioCalls.map((call) => ({ toolCalls: [{ ...call }] })),
        { text: 'Done.' },
      ]);
      const agent = new Agent({
        id: 'host',
        name: 'host',
        instructions: 'Host.',
        model: new MockLanguageModelV4(behaviour as never) as never,
        inputProcessors: [contextProcessor(session)],
      });
      const prompt = 'Add a users migration, then format src/a.ts.';
      if (mode === 'generate') await agent.generate(prompt, { maxSteps: 10 });
      else {
        const result = await agent.stream(prompt, { maxSteps: 10 });
        for await (const _chunk of result.textStream);
      }
      const lines = outline(behaviour.calls[hookScenarioCalls.length]!);
      await expectHookScenario(root, lines, (line, id) => line.startsWith(`tool: result ${id}:`));
    });
  });
}
