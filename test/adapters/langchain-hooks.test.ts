import { createAgent, HumanMessage } from 'langchain';
import { describe, it } from 'vitest';
import { contextMiddleware } from '../../src/adapters/langchain/index.js';
import {
  createHookRepository,
  createHookSession,
  expectHookScenario,
  hookScenarioCalls,
} from './hooks-scenario.shared.js';
import { describeMessages, scriptedModel } from './langchain-scripted-model.js';

describe('langchain adapter with hooks', () => {
  it('blocks with the PreToolUse stderr, places PostToolUse and SessionStart context as hidden messages', async () => {
    const root = await createHookRepository('agent-context-langchain-hooks-');
    const session = createHookSession(root);
    const { model } = scriptedModel([
      ...hookScenarioCalls.map((call) => ({
        toolCalls: [{ id: call.id, name: call.name, args: call.input }],
      })),
      { text: 'Done.' },
    ]);
    const agent = createAgent({ model, middleware: [contextMiddleware(session)] });
    await agent.invoke({ messages: [new HumanMessage('Add a users migration, then format src/a.ts.')] });
    const lines = describeMessages(model.calls[hookScenarioCalls.length]!.messages);
    await expectHookScenario(root, lines, (line, id) => line.startsWith(`tool: [result ${id}]`));
  });
});
