import { describe, expect, it } from 'vitest';
import {
  applyPromptBreakpoints,
  type LanguageModelMessage,
  type LanguageModelRequest,
  withAnthropicOptions,
} from './language-model-prompt.js';

const marker = () => ({ anthropic: { cacheControl: { type: 'ephemeral' } } });
const ephemeral = { type: 'ephemeral' } as const;
/** A system message with the adapter's own instruction breakpoint. */
const ownSystem = (text: string): LanguageModelMessage =>
  withAnthropicOptions({ role: 'system', content: text }, ephemeral, { own: true });

const user = (
  text: string,
  providerOptions?: LanguageModelMessage['providerOptions'],
): LanguageModelMessage => ({
  role: 'user',
  content: [{ type: 'text', text } as never],
  ...(providerOptions && { providerOptions }),
});

function count(request: LanguageModelRequest<LanguageModelMessage>): number {
  let total = 0;
  for (const tool of request.tools ?? [])
    if ((tool as { providerOptions?: object }).providerOptions) total += 1;
  for (const message of request.prompt) {
    if (message.providerOptions?.anthropic?.cacheControl) total += 1;
    if (typeof message.content !== 'string') {
      for (const part of message.content) if (part.providerOptions?.anthropic?.cacheControl) total += 1;
    }
  }
  return total;
}

describe('applyPromptBreakpoints', () => {
  it('keeps the instruction breakpoint and adds the rolling one on the newest message', () => {
    const prompt = [ownSystem('blocks'), user('one'), user('two')];
    const outcome = applyPromptBreakpoints({ prompt }, ephemeral);
    expect(outcome.prompt.map((message) => message.providerOptions?.anthropic?.cacheControl)).toEqual([
      ephemeral,
      undefined,
      ephemeral,
    ]);
    expect(prompt[2]!.providerOptions).toBeUndefined();
  });

  it('never sends more than four: the host keeps its own, the rolling one goes first, then the instruction one', () => {
    const tool = { type: 'function', name: 't', inputSchema: {}, providerOptions: marker() };
    const three = {
      tools: [tool],
      prompt: [
        { role: 'system', content: 'host', providerOptions: marker() } as LanguageModelMessage,
        ownSystem('blocks'),
        user('a', marker()),
        user('b'),
      ],
    };
    const first = applyPromptBreakpoints(three, ephemeral);
    expect(count({ ...three, prompt: first.prompt })).toBe(4);
    expect(first.budget.skippedRolling).toBe(true);
    expect(first.budget.droppedInstructions).toBe(false);

    const four = { ...three, prompt: [...three.prompt.slice(0, 3), user('b', marker()), user('c')] };
    const second = applyPromptBreakpoints(four, ephemeral);
    expect(count({ ...four, prompt: second.prompt })).toBe(4);
    expect(second.budget.droppedInstructions).toBe(true);
    expect(second.budget.host).toBe(4);
    expect(second.prompt[1]!.providerOptions?.anthropic?.cacheControl).toBeUndefined();
    expect(second.prompt[0]!.providerOptions?.anthropic?.cacheControl).toEqual(ephemeral);
  });

  it('leaves the newest message alone when rolling is off', () => {
    const prompt = [ownSystem('blocks'), user('one')];
    const outcome = applyPromptBreakpoints({ prompt }, false);
    expect(outcome.prompt).toEqual(prompt);
    expect(outcome.budget).toEqual({
      host: 0,
      instructions: 1,
      droppedInstructions: false,
      rolling: false,
      skippedRolling: false,
    });
  });
});
