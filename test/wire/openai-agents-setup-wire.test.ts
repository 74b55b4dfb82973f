import { Agent, type AgentInputItem, OpenAIProvider, setTracingDisabled, tool } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWithContext, subAgentTools } from '../../src/adapters/openai-agents/index.js';
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

beforeAll(() => setTracingDisabled(true));

describe('the setup on the wire: openai-agents, openai-responses', () => {
  it('expands a slash command and delegates to a sub-agent in a 30-request session, 0 bytes billed again', async () => {
    const root = await createSetupRepository();
    const server = await startScriptedProviderServer({ script: (request) => setupTurn(request.index) });
    const subServer = await startScriptedProviderServer({ script: (request) => subAgentTurn(request.index) });
    const { session, events, definitions } = await createSetupSession(root);
    const search = tool({
      name: 'search',
      description: searchDescription,
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
      strict: true,
      execute: async (input) => searchOutput((input as { query: string }).query),
    });
    const model = (baseURL: string) =>
      new OpenAIProvider({ apiKey: 'test', baseURL, useResponses: true }).getModel('gpt-5');
    const agent = new Agent({
      name: 'coder',
      instructions: hostInstructions,
      model: await model(server.baseURL),
      tools: [search, ...subAgentTools(definitions, { model: await model(subServer.baseURL), session })],
    });
    let history: AgentInputItem[] = [];
    try {
      for (const prompt of setupPrompts) {
        const input: AgentInputItem[] = [...history, { type: 'message', role: 'user', content: prompt }];
        history = (await runWithContext(session, agent, input, { maxTurns: 15 })).history;
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
