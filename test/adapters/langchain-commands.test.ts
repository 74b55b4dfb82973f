import { type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { contextMiddleware } from '../../src/adapters/langchain/index.js';
import { commandTurns, createCommandRepository, createCommandSession } from './command-repository.js';
import { scriptedModel } from './langchain-scripted-model.js';

/** The text of each human message (hidden context messages included). */
function humanTexts(messages: readonly BaseMessage[]): string[] {
  return messages
    .filter((message) => HumanMessage.isInstance(message))
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
    );
}

describe('slash commands through the langchain adapter', () => {
  it('sends the expanded command text in place of each /name input, and keeps it on later turns', async () => {
    const root = await createCommandRepository();
    const { session, events } = createCommandSession(root);
    const { model, requests, recorder } = scriptedModel(
      commandTurns.map((_turn, index) => ({ text: `Done ${index}.` })),
    );
    const agent = createAgent({ model, middleware: [contextMiddleware(session), recorder] });

    let messages: BaseMessage[] = [];
    for (const turn of commandTurns) {
      const result = await agent.invoke({ messages: [...messages, new HumanMessage(turn.input)] });
      messages = result.messages;
    }

    // Each model call: every input so far, expanded as the owning assistant does.
    expect(model.calls).toHaveLength(commandTurns.length);
    for (const [index, call] of model.calls.entries()) {
      expect(humanTexts(call.messages).filter((text) => !text.startsWith('Instruction files'))).toEqual(
        commandTurns.slice(0, index + 1).map((turn) => turn.expanded),
      );
    }
    // The @file read by the first command is a touch: its folder's AGENTS.md follows the message.
    const first = humanTexts(model.calls[0]!.messages);
    expect(first[0]).toBe(commandTurns[0]!.expanded);
    expect(first[1]).toContain('<context-file path="docs/AGENTS.md">');
    // The agent's state keeps what the user typed.
    expect(humanTexts(messages).filter((text) => text.startsWith('/'))).toEqual(
      commandTurns.map((turn) => turn.input),
    );
    // The skill only the user may invoke is not in the model's catalog.
    expect(JSON.stringify(requests[0]!.system)).toContain('<name>notes</name>');
    expect(JSON.stringify(requests[0]!.system)).not.toContain('<name>deploy</name>');
    expect(events.filter((event) => event.reason === 'command' && event.type === 'loaded')).toHaveLength(3);
  });
});
