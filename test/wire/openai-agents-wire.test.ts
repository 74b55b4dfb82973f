import { Agent, type AgentInputItem, OpenAIProvider, setTracingDisabled, tool } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWithContext } from '../../src/adapters/openai-agents/index.js';
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
import { startScriptedProviderServer } from './scripted-provider-server.js';

beforeAll(() => setTracingDisabled(true));

for (const mode of ['run', 'stream'] as const) {
  describe(`openai-agents adapter on the wire: openai-responses (${mode})`, () => {
    for (const workspace of codingWorkspaces(mode === 'run'))
      it(`keeps a 30-request session append-only with byte-identical instructions, hidden items after their outputs (${workspace} workspace)`, async () => {
        const root = await createSessionRepository();
        const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
        const { session, events } = createCodingSession(root, workspace);
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
        // The SDK's own OpenAI Responses model, with its own client, pointed at the scripted server.
        const provider = new OpenAIProvider({ apiKey: 'test', baseURL: server.baseURL, useResponses: true });
        const agent = new Agent({
          name: 'coder',
          instructions: hostInstructions,
          model: await provider.getModel('gpt-5'),
          tools: [search],
        });
        let history: AgentInputItem[] = [];
        try {
          for (const prompt of sessionPrompts) {
            const input: AgentInputItem[] = [...history, { type: 'message', role: 'user', content: prompt }];
            if (mode === 'run') {
              history = (await runWithContext(session, agent, input, { maxTurns: 15 })).history;
            } else {
              const result = await runWithContext(session, agent, input, { maxTurns: 15, stream: true });
              await result.completed;
              history = result.history;
            }
          }
        } finally {
          await server.close();
        }

        const billed = expectCodingSessionOnTheWire(server, events);
        const instructions = server.requests.map((request) => request.body.instructions);
        for (const run of [0, 1, 2]) {
          const ofRun = instructions.slice(run * 10, run * 10 + 10);
          expect(new Set(ofRun).size, `run ${run + 1}`).toBe(1);
        }
        expect(instructions[0]).toMatch(
          /^You are a careful coding agent\.\n\n<context-file path="AGENTS\.md">/,
        );
        expect(billed.billedTokens / billed.uncachedTokens).toBeLessThan(0.35);
      });
  });
}
