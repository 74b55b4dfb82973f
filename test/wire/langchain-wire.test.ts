import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { type AgentMiddleware, anthropicPromptCachingMiddleware, createAgent, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContextMiddlewareOptions, contextMiddleware } from '../../src/adapters/langchain/index.js';
import { type BilledInput, breakpointCount } from './billed-input.js';
import {
  type CodingWorkspace,
  createCodingSession,
  createSessionRepository,
  expectCodingSessionOnTheWire,
  hostInstructions,
  searchDescription,
  searchOutput,
  sessionPrompts,
  sessionTurn,
} from './coding-session.js';
import { type RecordedRequest, startScriptedProviderServer } from './scripted-provider-server.js';

const search = tool(async ({ query }: { query: string }) => searchOutput(query), {
  name: 'search',
  description: searchDescription,
  schema: z.object({ query: z.string() }),
});

/** Where `anthropicPromptCachingMiddleware` goes, if anywhere, relative to the context middleware. */
type Composition = 'alone' | 'caching middleware before' | 'caching middleware after';

/** Replay the coding session through a LangChain agent with the real `ChatAnthropic`. */
async function recordSession(
  options: ContextMiddlewareOptions,
  composition: Composition,
  streaming = false,
  workspace: CodingWorkspace = 'local',
): Promise<{ requests: RecordedRequest[]; billed: BilledInput }> {
  const root = await createSessionRepository();
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const { session, events } = createCodingSession(root, workspace);
  const model = new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'test',
    anthropicApiUrl: server.baseURL.replace(/\/v1$/, ''),
    maxRetries: 0,
    streaming,
  });
  const context = contextMiddleware(session, options);
  const middleware: AgentMiddleware[] =
    composition === 'alone'
      ? [context]
      : composition === 'caching middleware before'
        ? [anthropicPromptCachingMiddleware(), context]
        : [context, anthropicPromptCachingMiddleware()];
  const agent = createAgent({
    model,
    tools: [search],
    systemPrompt: hostInstructions,
    middleware,
  });
  let history: BaseMessage[] = [];
  try {
    for (const prompt of sessionPrompts) {
      const result = await agent.invoke(
        { messages: [...history, new HumanMessage(prompt)] },
        { recursionLimit: 100 },
      );
      history = result.messages;
    }
  } finally {
    await server.close();
  }
  return { requests: server.requests, billed: expectCodingSessionOnTheWire(server, events) };
}

function newestBlock(request: RecordedRequest): Record<string, unknown> | undefined {
  const messages = request.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
  return messages.at(-1)?.content.at(-1);
}

const ratio = (billed: BilledInput) => billed.billedTokens / billed.uncachedTokens;

describe('langchain adapter on the wire: anthropic-messages with ChatAnthropic', () => {
  it('sends the same requests, byte for byte, when the files are read through a shell workspace', async () => {
    const local = await recordSession({}, 'alone');
    const shell = await recordSession({}, 'alone', false, 'shell');
    expect(shell.requests.map((request) => JSON.stringify(request.body))).toEqual(
      local.requests.map((request) => JSON.stringify(request.body)),
    );
  });

  it('caches the conversation by default: billed-equivalent input near the floor, not 70% of uncached', async () => {
    const before = await recordSession({ rollingCacheBreakpoint: false }, 'alone');
    const after = await recordSession({}, 'alone');

    // Before: one breakpoint, on the last instruction block; after: also one on the newest message.
    expect(before.requests.every((request) => breakpointCount(request) === 1)).toBe(true);
    for (const request of after.requests) {
      expect(breakpointCount(request)).toBe(2);
      expect(newestBlock(request)?.cache_control).toEqual({ type: 'ephemeral' });
    }
    const figures = { before: before.billed, after: after.billed };
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(figures));
    expect(ratio(figures.before)).toBeGreaterThan(0.6);
    expect(ratio(figures.after)).toBeLessThanOrEqual(0.2);
  });

  it('composes with anthropicPromptCachingMiddleware before or after it, within four breakpoints', async () => {
    const before = await recordSession({}, 'caching middleware before');
    const after = await recordSession({}, 'caching middleware after', true);

    // Listed before: the request-level breakpoint covers the newest message, the adapter adds none there.
    for (const request of before.requests.slice(1)) {
      expect(request.body.cache_control).toEqual({ type: 'ephemeral', ttl: '5m' });
      expect(newestBlock(request)?.cache_control).toBeUndefined();
    }
    // Listed after: the adapter cannot see it and marks the newest message too (the same block).
    for (const request of after.requests.slice(1)) {
      expect(request.body.cache_control).toEqual({ type: 'ephemeral', ttl: '5m' });
      expect(newestBlock(request)?.cache_control).toEqual({ type: 'ephemeral' });
    }
    const figures = { before: before.billed, after: after.billed };
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(figures));
    for (const billed of Object.values(figures)) expect(ratio(billed)).toBeLessThan(0.3);
  });
});
