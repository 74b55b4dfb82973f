import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent, HumanMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextMiddleware, subAgentTools } from '../../src/adapters/langchain/index.js';
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

const search = tool(async ({ query }: { query: string }) => searchOutput(query), {
  name: 'search',
  description: searchDescription,
  schema: z.object({ query: z.string() }),
});

const chatModel = (baseURL: string) =>
  new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'test',
    anthropicApiUrl: baseURL.replace(/\/v1$/, ''),
    maxRetries: 0,
  });

describe('the setup on the wire: langchain, anthropic-messages with ChatAnthropic', () => {
  it('expands a slash command and delegates to a sub-agent in a 30-request session, 0 bytes billed again', async () => {
    const root = await createSetupRepository();
    const server = await startScriptedProviderServer({ script: (request) => setupTurn(request.index) });
    const subServer = await startScriptedProviderServer({ script: (request) => subAgentTurn(request.index) });
    const { session, events, definitions } = await createSetupSession(root);
    const agent = createAgent({
      model: chatModel(server.baseURL),
      tools: [search, ...subAgentTools(definitions, { model: chatModel(subServer.baseURL), session })],
      systemPrompt: hostInstructions,
      middleware: [contextMiddleware(session)],
    });
    let history: BaseMessage[] = [];
    try {
      for (const prompt of setupPrompts) {
        const result = await agent.invoke(
          { messages: [...history, new HumanMessage(prompt)] },
          { recursionLimit: 100 },
        );
        history = result.messages;
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
