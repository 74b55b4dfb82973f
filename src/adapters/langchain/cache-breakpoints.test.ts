import { AIMessage, type BaseMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { createAgent, createMiddleware, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../../test/adapters/langchain-scripted-model.js';
import { noteTaker } from '../../../test/adapters/note-taker.js';
import { canonicalJson } from '../../../test/wire/cache-order.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { applyCacheBreakpoints } from './cache-breakpoints.js';
import { type ContextMiddlewareOptions, contextMiddleware } from './context-middleware.js';

const lookups = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    toolCalls: [{ id: `call_${index + 1}`, name: 'lookup', args: { path: `p${index + 1}` } }],
  }));

/** Every `cache_control` in a model call: `system` blocks and `messages` by index. */
function breakpointsOf(messages: readonly BaseMessage[]): string[] {
  const found: string[] = [];
  messages.forEach((message, index) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block, position) => {
      if ((block as { cache_control?: unknown }).cache_control !== undefined)
        found.push(`${message.type} ${index}.${position}`);
    });
  });
  return found;
}

async function record(
  options: ContextMiddlewareOptions,
  setup: { systemPrompt?: SystemMessage; before?: ReturnType<typeof createMiddleware> } = {},
) {
  const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [noteTaker()] });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const { model } = scriptedModel([...lookups(2), { text: 'Done.' }]);
  const middleware = [...(setup.before ? [setup.before] : []), contextMiddleware(session, options)];
  const agent = createAgent({
    model,
    middleware,
    ...(setup.systemPrompt && { systemPrompt: setup.systemPrompt }),
  });
  await agent.invoke({ messages: [new HumanMessage('Go.')] });
  const warnings = events.flatMap((event) =>
    event.type === 'diagnostic' && event.diagnostic?.code === 'cache-breakpoint-limit' ? [event.message] : [],
  );
  return { calls: model.calls.map((call) => call.messages), warnings };
}

const markedSystem = (count: number) =>
  new SystemMessage({
    content: Array.from({ length: count }, (_, index) => ({
      type: 'text',
      text: `Host block ${index + 1}.`,
      cache_control: { type: 'ephemeral' },
    })),
  });

describe('langchain contextMiddleware: cache breakpoints', () => {
  it('marks the newest message of every call, and each call repeats the previous one as its prefix', async () => {
    const { calls, warnings } = await record({ rollingCacheBreakpoint: true, cacheControl: true });

    expect(calls).toHaveLength(3);
    expect(calls.map(breakpointsOf)).toEqual([
      ['system 0.1', 'human 1.0'],
      ['system 0.1', 'human 4.0'],
      ['system 0.1', 'human 7.0'],
    ]);
    // The hidden note after the second lookup is the newest message of the third call; the tool result
    // before it is one text block too, unmarked.
    expect(calls[2]![6]!.content).toEqual([{ type: 'text', text: 'found p2' }]);
    expect(calls[2]!.at(-1)!.content).toEqual([
      { type: 'text', text: 'Note about call_2.', cache_control: { type: 'ephemeral' } },
    ]);
    // Strings are sent as one text block whether marked or not, so a marker is the only difference.
    for (const [index, messages] of calls.entries()) {
      const previous = calls[index - 1];
      if (previous === undefined) continue;
      const comparable = (items: readonly BaseMessage[]) => items.map((item) => canonicalJson(item.content));
      expect(comparable(messages).slice(0, previous.length)).toEqual(comparable(previous));
    }
    expect(warnings).toEqual([]);
  });

  it('takes a ttl, and is off by default for a model that is not Anthropic', async () => {
    const withTtl = await record({ rollingCacheBreakpoint: { type: 'ephemeral', ttl: '1h' } });
    expect((withTtl.calls[0]!.at(-1)!.content as Array<Record<string, unknown>>)[0]?.cache_control).toEqual({
      type: 'ephemeral',
      ttl: '1h',
    });
    const byDefault = await record({});
    expect(byDefault.calls.map(breakpointsOf)).toEqual([[], [], []]);
    expect(byDefault.calls[0]!.at(-1)!.content).toBe('Go.');
  });

  it("counts the host's breakpoints first: at most four, each left-out breakpoint reported once", async () => {
    const three = await record(
      { rollingCacheBreakpoint: true, cacheControl: true },
      { systemPrompt: markedSystem(3) },
    );
    expect(three.calls.map((messages) => breakpointsOf(messages).length)).toEqual([4, 4, 4]);
    expect(breakpointsOf(three.calls[0]!)).toEqual(['system 0.0', 'system 0.1', 'system 0.2', 'system 0.4']);
    expect(three.warnings).toEqual([
      'Four cache breakpoints are already in use; the rolling breakpoint on the newest message was left out.',
    ]);

    const four = await record(
      { rollingCacheBreakpoint: true, cacheControl: true },
      { systemPrompt: markedSystem(4) },
    );
    expect(four.calls.map((messages) => breakpointsOf(messages).length)).toEqual([4, 4, 4]);
    expect(four.warnings).toEqual([
      'The host already sets 4 cache breakpoints; the instruction breakpoint was left out.',
      'Four cache breakpoints are already in use; the rolling breakpoint on the newest message was left out.',
    ]);
  });

  it('leaves the newest message to a request-level cache_control set before it, and counts that one', async () => {
    const requestLevel = createMiddleware({
      name: 'RequestLevelCache',
      wrapModelCall: (request, handler) =>
        handler({
          ...request,
          modelSettings: { ...request.modelSettings, cache_control: { type: 'ephemeral' } },
        }),
    });
    const { calls, warnings } = await record(
      { rollingCacheBreakpoint: true, cacheControl: true },
      { systemPrompt: markedSystem(2), before: requestLevel },
    );
    // Two host blocks + the request-level one + the instruction block: the rolling one is not needed.
    expect(calls.map(breakpointsOf)).toEqual([
      ['system 0.0', 'system 0.1', 'system 0.3'],
      ['system 0.0', 'system 0.1', 'system 0.3'],
      ['system 0.0', 'system 0.1', 'system 0.3'],
    ]);
    expect(warnings).toEqual([]);
  });
});

describe('applyCacheBreakpoints on a tool result', () => {
  it('puts the rolling breakpoint on the tool_result block itself, in the shape ChatAnthropic sends', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}) });
    const run = await session.startRun();
    const ephemeral = { type: 'ephemeral' } as const;
    const messages = [
      new HumanMessage('Look it up.'),
      new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'lookup', args: {} }] }),
      new ToolMessage({ content: 'found p1', tool_call_id: 'call_1' }),
    ];
    const outcome = applyCacheBreakpoints(
      { systemMessage: new SystemMessage('Host.'), messages, tools: [] },
      run,
      { instructions: ephemeral, rolling: ephemeral },
    );
    const newest = outcome.messages.at(-1)!;
    expect(HumanMessage.isInstance(newest)).toBe(true);
    expect(newest.content).toEqual([
      {
        type: 'tool_result',
        content: [{ type: 'text', text: 'found p1' }],
        tool_use_id: 'call_1',
        cache_control: ephemeral,
      },
    ]);
    // The request's own messages stay as they were.
    expect(ToolMessage.isInstance(messages[2])).toBe(true);
    expect(outcome.budget).toMatchObject({ host: 0, rolling: true, skippedRolling: false });
  });

  it('leaves a tool result with other than text blocks unmarked', async () => {
    const session = createContextSession({ workspace: memoryWorkspace({}) });
    const run = await session.startRun();
    const image = { type: 'image_url', image_url: 'data:image/png;base64,AAAA' };
    const outcome = applyCacheBreakpoints(
      {
        systemMessage: new SystemMessage('Host.'),
        messages: [new ToolMessage({ content: [image], tool_call_id: 'call_1' })],
        tools: [],
      },
      run,
      { instructions: false, rolling: { type: 'ephemeral' } },
    );
    expect(ToolMessage.isInstance(outcome.messages[0])).toBe(true);
    expect(outcome.budget.rolling).toBe(false);
  });
});
