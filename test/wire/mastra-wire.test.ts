import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextProcessor } from '../../src/adapters/mastra/index.js';
import { cacheOrderOf } from './cache-order.js';
import {
  codingWorkspaces,
  createCodingSession,
  createSessionRepository,
  expectCodingSessionOnTheWire,
  hostInstructions,
  searchDescription,
  searchOutput,
  sessionPrompts,
  sessionTurn,
} from './coding-session.js';
import { startScriptedProviderServer, type WireProtocol } from './scripted-provider-server.js';

const models: Array<[WireProtocol, (baseURL: string) => unknown]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5')],
];

for (const [protocolIndex, [protocol, createModel]] of models.entries()) {
  for (const mode of ['generate', 'stream'] as const) {
    describe(`mastra adapter on the wire: ${protocol} (${mode})`, () => {
      for (const workspace of codingWorkspaces(protocolIndex === 0 && mode === 'generate'))
        it(`keeps a 30-request session append-only, hidden messages right after their tool results (${workspace} workspace)`, async () => {
          const root = await createSessionRepository();
          const server = await startScriptedProviderServer({
            script: (request) => sessionTurn(request.index),
          });
          const { session, events } = createCodingSession(root, workspace);
          const search = createTool({
            id: 'search',
            description: searchDescription,
            inputSchema: z.object({ query: z.string() }),
            execute: async ({ query }) => searchOutput(query),
          });
          const agent = new Agent({
            id: 'coder',
            name: 'coder',
            instructions: hostInstructions,
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

          const billed = expectCodingSessionOnTheWire(server, events);
          if (protocol === 'anthropic-messages') {
            for (const request of server.requests) {
              const system = cacheOrderOf(request).system as Array<{ cache_control?: unknown }>;
              expect(system.map((block) => block.cache_control !== undefined)).toEqual(
                system.map((_, index) => index === system.length - 1),
              );
            }
          }
          expect(billed.billedTokens / billed.uncachedTokens).toBeLessThan(0.35);
        });
    });
  }
}
