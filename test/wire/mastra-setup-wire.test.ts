import { createAnthropic } from '@ai-sdk/anthropic';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextProcessor, subAgentTools } from '../../src/adapters/mastra/index.js';
import { hostInstructions, searchDescription, searchOutput } from './coding-session.js';
import { startScriptedProviderServer } from './scripted-provider-server.js';
import {
  createSetupRepository,
  createSetupSession,
  expectSetupSessionOnTheWire,
  setupPrompts,
  setupTurn,
  subAgentTurn,
} from './setup-session.js';

const model = (baseURL: string) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5');

describe('the setup on the wire: mastra, anthropic-messages', () => {
  it('expands a slash command and delegates to a sub-agent in a 30-request session, 0 bytes billed again', async () => {
    const root = await createSetupRepository();
    const server = await startScriptedProviderServer({ script: (request) => setupTurn(request.index) });
    const subServer = await startScriptedProviderServer({ script: (request) => subAgentTurn(request.index) });
    const { session, events, definitions } = await createSetupSession(root);
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
      model: model(server.baseURL) as never,
      tools: {
        search,
        ...subAgentTools(definitions, { model: model(subServer.baseURL) as never, session }),
      } as never,
      inputProcessors: [contextProcessor(session)],
    });
    // Mastra's own messages carry the step structure from one call to the next (as in mastra-wire).
    let history: unknown[] = [];
    try {
      for (const prompt of setupPrompts) {
        const input = [...history, { role: 'user', content: prompt }] as never;
        history = (await agent.generate(input, { maxSteps: 15, modelSettings: { maxRetries: 0 } })).messages;
      }
    } finally {
      await server.close();
      await subServer.close();
    }
    const billed = expectSetupSessionOnTheWire(server, subServer, events);
    if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(JSON.stringify(billed));
    expect(billed.host.rebilledBytes).toBe(0);
  });
});
