import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextProcessor } from '../../src/adapters/mastra/index.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { billedInput } from './billed-input.js';
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
import { startScriptedProviderServer, type WireProtocol } from './scripted-provider-server.js';

const models: Array<[WireProtocol, (baseURL: string) => unknown]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5')],
];

for (const [protocol, createModel] of models) {
  for (const mode of ['generate', 'stream'] as const) {
    describe(`mastra adapter on the wire: ${protocol} (${mode})`, () => {
      it('keeps a 30-request session append-only, hidden messages right after their tool results', async () => {
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
        const search = createTool({
          id: 'search',
          description: 'Search the repository for a word.',
          inputSchema: z.object({ query: z.string() }),
          execute: async ({ query }) => searchOutput(query),
        });
        const agent = new Agent({
          id: 'coder',
          name: 'coder',
          instructions: 'You are a careful coding agent.',
          model: createModel(server.baseURL) as never,
          tools: { search },
          inputProcessors: [contextProcessor(session)],
        });
        // Mastra's own messages (`result.messages`) carry the step structure from one call to the next;
        // the AI SDK `response.messages` would be merged into one assistant message by Mastra.
        let history: unknown[] = [];
        try {
          for (const prompt of sessionPrompts) {
            const input = [...history, { role: 'user', content: prompt }] as never;
            const settings = { maxSteps: 15, modelSettings: { maxRetries: 0 } };
            if (mode === 'generate') {
              history = (await agent.generate(input, settings)).messages;
            } else {
              const result = await agent.stream(input, settings);
              history = (await result.getFullOutput()).messages;
            }
          }
        } finally {
          await server.close();
        }

        expect(server.errors).toEqual([]);
        expect(server.requests).toHaveLength(sessionRequests);
        expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(3);
        for (const [index, request] of server.requests.entries()) {
          expect(midConversationSystemMessages(request)).toEqual([]);
          const previous = server.requests[index - 1];
          if (previous === undefined) continue;
          const prefix = commonCachePrefix(previous, request);
          expect(prefix.firstDifference, `request ${index}`).toBeUndefined();
        }
        const last = server.requests.at(-1)!;
        const text = JSON.stringify(cacheOrderOf(last).messages);
        for (const heading of nestedHeadings) expect(text.split(heading).length - 1, heading).toBe(1);
        const placements = hiddenPlacements(last);
        expect(placements.length).toBeGreaterThan(0);
        for (const placement of placements) expect(placement.previous, placement.text).toBe('tool-result');
        if (protocol === 'anthropic-messages') {
          for (const request of server.requests) {
            const system = cacheOrderOf(request).system as Array<{ cache_control?: unknown }>;
            expect(system.map((block) => block.cache_control !== undefined)).toEqual(
              system.map((_, index) => index === system.length - 1),
            );
            expect(JSON.stringify(request.body).split('"cache_control"').length - 1).toBeLessThanOrEqual(4);
          }
        }
        const billed = billedInput(server.requests);
        expect(billed.brokenPrefixes).toBe(0);
        expect(billed.rebilledBytes).toBe(0);
        expect(billed.billedTokens / billed.uncachedTokens).toBeLessThan(0.35);
      });
    });
  }
}
