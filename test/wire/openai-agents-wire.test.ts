import { Agent, type AgentInputItem, OpenAIProvider, setTracingDisabled, tool } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWithContext } from '../../src/adapters/openai-agents/index.js';
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
import { startScriptedProviderServer } from './scripted-provider-server.js';

beforeAll(() => setTracingDisabled(true));

for (const mode of ['run', 'stream'] as const) {
  describe(`openai-agents adapter on the wire: openai-responses (${mode})`, () => {
    it('keeps a 30-request session append-only with byte-identical instructions, hidden items after their outputs', async () => {
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
      const search = tool({
        name: 'search',
        description: 'Search the repository for a word.',
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
        instructions: 'You are a careful coding agent.',
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

      expect(server.errors).toEqual([]);
      expect(server.requests).toHaveLength(sessionRequests);
      expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(3);
      const instructions = server.requests.map((request) => request.body.instructions);
      for (const run of [0, 1, 2]) {
        const ofRun = instructions.slice(run * 10, run * 10 + 10);
        expect(new Set(ofRun).size, `run ${run + 1}`).toBe(1);
      }
      expect(instructions[0]).toMatch(
        /^You are a careful coding agent\.\n\n<context-file path="AGENTS\.md">/,
      );
      for (const [index, request] of server.requests.entries()) {
        expect(midConversationSystemMessages(request)).toEqual([]);
        const previous = server.requests[index - 1];
        if (previous === undefined) continue;
        expect(commonCachePrefix(previous, request).firstDifference, `request ${index}`).toBeUndefined();
      }
      const last = server.requests.at(-1)!;
      const text = JSON.stringify(cacheOrderOf(last).messages);
      for (const heading of nestedHeadings) expect(text.split(heading).length - 1, heading).toBe(1);
      const placements = hiddenPlacements(last);
      expect(placements.length).toBeGreaterThan(0);
      for (const placement of placements) expect(placement.previous, placement.text).toBe('tool-result');
      const billed = billedInput(server.requests);
      expect(billed.brokenPrefixes).toBe(0);
      expect(billed.rebilledBytes).toBe(0);
      expect(billed.billedTokens / billed.uncachedTokens).toBeLessThan(0.35);
    });
  });
}
