import { Agent, type AgentInputItem, setTracingDisabled } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@openai/agents/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWithContext } from '../../src/adapters/openai-agents/index.js';
import { commandTurns, createCommandRepository, createCommandSession } from './command-repository.js';

beforeAll(() => setTracingDisabled(true));

/** The text of each user message item of a model call. */
function userTexts(items: readonly AgentInputItem[]): string[] {
  return items.flatMap((item) => {
    if (item.type !== 'message' || item.role !== 'user') return [];
    const content: unknown = item.content;
    if (typeof content === 'string') return [content];
    return [(content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n')];
  });
}

describe('slash commands through the openai-agents adapter', () => {
  it('sends the expanded command text in place of each /name input, and keeps it on later turns', async () => {
    const root = await createCommandRepository();
    const { session } = createCommandSession(root);
    const model = new ScriptedModel(commandTurns.map((_turn, index) => [assistantMessage(`Done ${index}.`)]));
    const agent = new Agent({ name: 'host', instructions: 'Host.', model });
    let history: AgentInputItem[] = [];
    for (const turn of commandTurns) {
      const result = await runWithContext(session, agent, [
        ...history,
        { type: 'message', role: 'user', content: turn.input },
      ]);
      history = result.history;
    }
    for (const [index, modelCall] of model.calls.entries()) {
      const users = userTexts(modelCall.request.input as AgentInputItem[]).filter(
        (text) => !text.startsWith('Instruction files'),
      );
      expect(users).toEqual(commandTurns.slice(0, index + 1).map((turn) => turn.expanded));
    }
    expect(String(model.calls[0]!.request.systemInstructions)).not.toContain('<name>deploy</name>');
  });
});
