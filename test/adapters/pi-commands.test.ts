import { afterEach, describe, expect, it } from 'vitest';
import { contextExtension } from '../../src/adapters/pi/index.js';
import { commandTurns, createCommandRepository, createCommandSession } from './command-repository.js';
import { type PiRequest, startFauxPiAgent, textStep } from './pi-faux-agent.js';

const disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

/** A message content as text. */
function textOf(content: string | ReadonlyArray<{ type: string; text?: string }>): string {
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

/** The text of each user message of a request (hidden context messages included). */
function userTexts(request: PiRequest): string[] {
  return request.messages.flatMap((message) => (message.role === 'user' ? [textOf(message.content)] : []));
}

describe('slash commands through the pi contextExtension', () => {
  it('sends the expanded command text in place of each /name input, and keeps it on later turns', async () => {
    const root = await createCommandRepository();
    const { session, events } = createCommandSession(root);
    const agent = await startFauxPiAgent(
      root,
      contextExtension(session),
      commandTurns.map((_turn, index) => textStep(`Done ${index}.`)),
    );
    disposers.push(agent.dispose);
    for (const turn of commandTurns) await agent.session.prompt(turn.input);

    expect(agent.requests).toHaveLength(commandTurns.length);
    for (const [index, request] of agent.requests.entries()) {
      expect(userTexts(request).filter((text) => !text.startsWith('Instruction files'))).toEqual(
        commandTurns.slice(0, index + 1).map((turn) => turn.expanded),
      );
    }
    const first = userTexts(agent.requests[0]!);
    expect(first[0]).toBe(commandTurns[0]!.expanded);
    expect(first[1]).toContain('<context-file path="docs/AGENTS.md">');
    // pi's own session keeps what the user typed.
    const typed = agent.session.messages.flatMap((message) =>
      message.role === 'user' ? [textOf(message.content)] : [],
    );
    expect(typed.filter((text) => text.startsWith('/'))).toEqual(commandTurns.map((turn) => turn.input));
    expect(agent.requests[0]!.systemPrompt).toContain('<name>notes</name>');
    expect(agent.requests[0]!.systemPrompt).not.toContain('<name>deploy</name>');
    expect(events.filter((event) => event.reason === 'command' && event.type === 'loaded')).toHaveLength(3);
  });
});
