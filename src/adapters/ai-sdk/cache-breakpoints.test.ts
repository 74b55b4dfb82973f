import { describe, expect, it } from 'vitest';
import { isAgentContextError } from '../../errors.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { applyCacheBreakpoints, type ModelCallParams } from './cache-breakpoints.js';
import { ownInstructionBreakpoints } from './instruction-messages.js';
import { withContext } from './with-context.js';
import { wrapModel } from './wrap-model.js';

const marker = () => ({ anthropic: { cacheControl: { type: 'ephemeral' } } });
const ephemeral = { type: 'ephemeral' } as const;

function ownSystem(text: string) {
  const providerOptions = marker();
  ownInstructionBreakpoints.add(providerOptions);
  return { role: 'system' as const, content: text, providerOptions };
}

const user = (text: string, providerOptions?: object) => ({
  role: 'user' as const,
  content: [{ type: 'text' as const, text }],
  ...(providerOptions && { providerOptions }),
});

function count(params: ModelCallParams): number {
  let total = 0;
  for (const tool of params.tools ?? [])
    if ((tool as { providerOptions?: object }).providerOptions) total += 1;
  for (const message of params.prompt) {
    if (message.providerOptions?.anthropic?.cacheControl) total += 1;
    if (typeof message.content !== 'string') {
      for (const part of message.content) if (part.providerOptions?.anthropic?.cacheControl) total += 1;
    }
  }
  return total;
}

describe('applyCacheBreakpoints', () => {
  it('keeps the instruction breakpoint and adds the rolling one on the newest message', () => {
    const params = { prompt: [ownSystem('blocks'), user('one'), user('two')] } as ModelCallParams;
    const outcome = applyCacheBreakpoints(params, ephemeral);
    expect(outcome.params.prompt.map((message) => message.providerOptions?.anthropic?.cacheControl)).toEqual([
      ephemeral,
      undefined,
      ephemeral,
    ]);
    expect(params.prompt[2]!.providerOptions).toBeUndefined();
  });

  it('never sends more than four: the host keeps its own, the rolling one goes first, then the instruction one', () => {
    const tool = { type: 'function', name: 't', inputSchema: {}, providerOptions: marker() };
    const three = {
      tools: [tool],
      prompt: [
        { role: 'system', content: 'host', providerOptions: marker() },
        ownSystem('blocks'),
        user('a', marker()),
        user('b'),
      ],
    } as ModelCallParams;
    const first = applyCacheBreakpoints(three, ephemeral);
    expect(count(first.params)).toBe(4);
    expect(first.skippedRolling).toBe(true);
    expect(first.droppedInstructionBreakpoint).toBe(false);

    const four = {
      ...three,
      prompt: [...three.prompt.slice(0, 3), user('b', marker()), user('c')],
    } as ModelCallParams;
    const second = applyCacheBreakpoints(four, ephemeral);
    expect(count(second.params)).toBe(4);
    expect(second.droppedInstructionBreakpoint).toBe(true);
    expect(second.params.prompt[1]!.providerOptions?.anthropic?.cacheControl).toBeUndefined();
    expect(second.params.prompt[0]!.providerOptions?.anthropic?.cacheControl).toEqual(ephemeral);
  });

  it('leaves the newest message alone when rolling is off', () => {
    const params = { prompt: [ownSystem('blocks'), user('one')] } as ModelCallParams;
    expect(applyCacheBreakpoints(params, false).params).toBe(params);
  });
});

describe('wrapModel', () => {
  it('refuses a model id string with a message naming the fix', () => {
    try {
      wrapModel('openai/gpt-5', {});
      expect.unreachable();
    } catch (error) {
      expect(isAgentContextError(error) && error.code).toBe('invalid-option');
      expect(String(error)).toContain('gateway("openai/gpt-5")');
    }
  });

  it('makes withContext refuse a model id string before any run starts', () => {
    const session = createContextSession({ workspace: memoryWorkspace({}) });
    expect(() => withContext(session, { model: 'anthropic/claude-sonnet-4-5' })).toThrow(/model instance/);
    expect(session.currentRun).toBeUndefined();
  });

  it('keeps the inner model specification version and identity fields', async () => {
    const inner = {
      specificationVersion: 'v3',
      provider: 'p',
      modelId: 'm',
      supportedUrls: {},
      doGenerate: async (params: unknown) => params,
      doStream: async (params: unknown) => params,
    };
    const wrapped = wrapModel(inner as never, {
      transformParams: async ({ params }) => ({ ...params, temperature: 0.5 }),
    }) as unknown as typeof inner;
    expect([wrapped.specificationVersion, wrapped.provider, wrapped.modelId]).toEqual(['v3', 'p', 'm']);
    expect(await wrapped.doGenerate({ prompt: [] })).toEqual({ prompt: [], temperature: 0.5 });
  });
});
