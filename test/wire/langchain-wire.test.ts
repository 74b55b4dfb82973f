import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { type AgentMiddleware, anthropicPromptCachingMiddleware, createAgent, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContextMiddlewareOptions, contextMiddleware } from '../../src/adapters/langchain/index.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { type BilledInput, billedInput } from './billed-input.js';
import { cacheOrderOf, commonCachePrefix, midConversationSystemMessages } from './cache-order.js';
import {
  createSessionRepository,
  nestedHeadings,
  searchOutput,
  sessionPrompts,
  sessionRequests,
  sessionTurn,
} from './coding-session.js';
import { hiddenPlacements } from './hidden-placements.js';
import { type RecordedRequest, startScriptedProviderServer } from './scripted-provider-server.js';

const search = tool(async ({ query }: { query: string }) => searchOutput(query), {
  name: 'search',
  description: 'Search the repository for a word.',
  schema: z.object({ query: z.string() }),
});

/** Where `anthropicPromptCachingMiddleware` goes, if anywhere, relative to the context middleware. */
type Composition = 'alone' | 'caching middleware before' | 'caching middleware after';

/** Replay the coding session through a LangChain agent with the real `ChatAnthropic`. */
async function recordSession(
  options: ContextMiddlewareOptions,
  composition: Composition,
  streaming = false,
): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [
      projectInstructions(),
      filesystemContext({
        include: ['README.md'],
        listing: { directory: 'packages' },
        offload: { overChars: 4_000 },
      }),
      fileTools(),
      nestedInstructions(),
    ],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
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
    systemPrompt: 'You are a careful coding agent.',
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
  expect(server.errors).toEqual([]);
  expect(server.requests).toHaveLength(sessionRequests);
  expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(3);
  return server.requests;
}

/** The number of `cache_control` keys in a request body (blocks and request level). */
function breakpointCount(request: RecordedRequest): number {
  return JSON.stringify(request.body).split('"cache_control"').length - 1;
}

function newestBlock(request: RecordedRequest): Record<string, unknown> | undefined {
  const messages = request.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
  const last = messages.at(-1)?.content.at(-1);
  // A tool result's breakpoint sits on the last block of its content.
  if (last?.type === 'tool_result' && Array.isArray(last.content))
    return (last.content as Array<Record<string, unknown>>).at(-1);
  return last;
}

function expectAppendOnly(requests: readonly RecordedRequest[]): void {
  for (const [index, request] of requests.entries()) {
    expect(midConversationSystemMessages(request)).toEqual([]);
    expect(breakpointCount(request), `request ${index}`).toBeLessThanOrEqual(4);
    const previous = requests[index - 1];
    if (previous === undefined) continue;
    expect(commonCachePrefix(previous, request).firstDifference, `request ${index}`).toBeUndefined();
  }
  const text = JSON.stringify(cacheOrderOf(requests.at(-1)!).messages);
  for (const heading of nestedHeadings) expect(text.split(heading).length - 1, heading).toBe(1);
  for (const placement of hiddenPlacements(requests.at(-1)!))
    expect(placement.previous, placement.text).toBe('tool-result');
}

const ratio = (billed: BilledInput) => billed.billedTokens / billed.uncachedTokens;

describe('langchain adapter on the wire: anthropic-messages with ChatAnthropic', () => {
  it('caches the conversation by default: billed-equivalent input near the floor, not 80% of uncached', async () => {
    const before = await recordSession({ rollingCacheBreakpoint: false }, 'alone');
    const after = await recordSession({}, 'alone');
    for (const requests of [before, after]) expectAppendOnly(requests);

    // Before: one breakpoint, on the last instruction block; after: also one on the newest message.
    expect(before.every((request) => breakpointCount(request) === 1)).toBe(true);
    for (const request of after) {
      expect(breakpointCount(request)).toBe(2);
      expect(newestBlock(request)?.cache_control).toEqual({ type: 'ephemeral' });
    }

    const figures = { before: billedInput(before), after: billedInput(after) };
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(figures));
    expect(figures.after.brokenPrefixes).toBe(0);
    expect(figures.after.rebilledBytes).toBe(0);
    expect(ratio(figures.before)).toBeGreaterThan(0.6);
    expect(ratio(figures.after)).toBeLessThan(0.3);
  });

  it('composes with anthropicPromptCachingMiddleware before or after it, within four breakpoints', async () => {
    const before = await recordSession({}, 'caching middleware before');
    const after = await recordSession({}, 'caching middleware after', true);
    for (const requests of [before, after]) expectAppendOnly(requests);

    // Listed before: the request-level breakpoint covers the newest message, the adapter adds none there.
    for (const request of before.slice(1)) {
      expect(request.body.cache_control).toEqual({ type: 'ephemeral', ttl: '5m' });
      expect(newestBlock(request)?.cache_control).toBeUndefined();
    }
    // Listed after: the adapter cannot see it and marks the newest message too (the same block).
    for (const request of after.slice(1)) {
      expect(request.body.cache_control).toEqual({ type: 'ephemeral', ttl: '5m' });
      expect(newestBlock(request)?.cache_control).toEqual({ type: 'ephemeral' });
    }
    const figures = { before: billedInput(before), after: billedInput(after) };
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(figures));
    for (const billed of Object.values(figures)) {
      expect(billed.brokenPrefixes).toBe(0);
      expect(ratio(billed)).toBeLessThan(0.3);
    }
  });
});
