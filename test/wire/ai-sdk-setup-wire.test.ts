import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, jsonSchema, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { subAgentTools, withContext } from '../../src/adapters/ai-sdk/index.js';
import { hostInstructions, searchDescription, searchOutput } from './coding-session.js';
import { startScriptedProviderServer, type WireProtocol } from './scripted-provider-server.js';
import {
  createSetupRepository,
  createSetupSession,
  expectSetupSessionOnTheWire,
  setupPrompts,
  setupTurn,
  subAgentTurn,
} from './setup-session.js';

const protocols: Array<[WireProtocol, (baseURL: string) => LanguageModel]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5')],
];

const searchTool = {
  description: searchDescription,
  inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }),
  execute: async ({ query }: { query: string }) => searchOutput(query),
};

for (const [protocol, createModel] of protocols) {
  describe(`the setup on the wire: ai-sdk, ${protocol}`, () => {
    it('expands a slash command and delegates to a sub-agent in a 30-request session, 0 bytes billed again', async () => {
      const root = await createSetupRepository();
      const server = await startScriptedProviderServer({ script: (request) => setupTurn(request.index) });
      const subServer = await startScriptedProviderServer({
        script: (request) => subAgentTurn(request.index),
      });
      const { session, events, definitions } = await createSetupSession(root);
      const agent = new ToolLoopAgent(
        withContext(session, {
          model: createModel(server.baseURL),
          instructions: hostInstructions,
          tools: {
            search: searchTool,
            ...subAgentTools(definitions, { model: createModel(subServer.baseURL), session }),
          },
          stopWhen: isStepCount(15),
          maxRetries: 0,
        }),
      );
      const history: ModelMessage[] = [];
      try {
        for (const prompt of setupPrompts) {
          history.push({ role: 'user', content: prompt });
          history.push(...(await agent.generate({ messages: [...history] })).responseMessages);
        }
      } finally {
        await server.close();
        await subServer.close();
      }
      const billed = expectSetupSessionOnTheWire(server, subServer, events);
      if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(protocol, JSON.stringify(billed));
      expect(billed.host.rebilledBytes).toBe(0);
    });
  });
}
