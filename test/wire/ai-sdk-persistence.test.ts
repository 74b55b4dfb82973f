import path from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, jsonSchema, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { cacheOrderOf } from './cache-order.js';
import {
  createCodingSession,
  createSessionRepository,
  hostInstructions,
  nestedHeadings,
  searchDescription,
  searchOutput,
  sessionPrompts,
  sessionRequests,
  sessionTurn,
} from './coding-session.js';
import { firstDifference, runWorker } from './run-worker.js';
import {
  type RecordedRequest,
  startScriptedProviderServer,
  type WireProtocol,
} from './scripted-provider-server.js';

/** The protocols the worker's AI SDK providers speak (the scripted server also speaks Gemini's, for the assistant CLIs). */
type ProviderProtocol = Exclude<WireProtocol, 'gemini'>;

const models: Record<ProviderProtocol, (baseURL: string) => LanguageModel> = {
  'anthropic-messages': (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5'),
  'openai-responses': (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5'),
  'openai-chat': (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-5'),
};

/** The coding session in one process with one session object: the requests to match. */
async function recordInOneProcess(protocol: ProviderProtocol): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const { session } = createCodingSession(root);
  const agent = new ToolLoopAgent(
    withContext(session, {
      model: models[protocol](server.baseURL),
      instructions: hostInstructions,
      tools: {
        search: {
          description: searchDescription,
          inputSchema: jsonSchema<{ query: string }>({
            type: 'object',
            properties: { query: { type: 'string' } },
          }),
          execute: async ({ query }: { query: string }) => searchOutput(query),
        },
      },
      stopWhen: isStepCount(15),
      maxRetries: 0,
    }),
  );
  const history: ModelMessage[] = [];
  try {
    for (const prompt of sessionPrompts) {
      history.push({ role: 'user', content: prompt });
      history.push(...(await agent.generate({ messages: [...history] })).responseMessages);
    }
  } finally {
    await server.close();
  }
  return server.requests;
}

/** The same session with every user turn served by a new process: route handler, conversation store, message store. */
async function recordProcessPerTurn(protocol: ProviderProtocol): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const state = await useTemporaryDirectory('agent-context-host-');
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  try {
    for (const prompt of sessionPrompts) {
      await runWorker('ai-sdk-turn.mjs', {
        protocol,
        baseURL: server.baseURL,
        root,
        prompt,
        conversationId: 'chat-1',
        storeDirectory: path.join(state, 'conversations'),
        messagesFile: path.join(state, 'messages.json'),
      });
    }
  } finally {
    await server.close();
  }
  expect(server.errors).toEqual([]);
  return server.requests;
}

describe('AI SDK: a conversation served by a new process per request', () => {
  for (const protocol of Object.keys(models) as ProviderProtocol[]) {
    it(`sends the requests of one process, byte for byte, restored only from the stores (${protocol})`, async () => {
      const [once, perTurn] = await Promise.all([
        recordInOneProcess(protocol),
        recordProcessPerTurn(protocol),
      ]);
      expect(perTurn).toHaveLength(sessionRequests);
      expect(firstDifference(perTurn, once)).toBeUndefined();
      const last = JSON.stringify(cacheOrderOf(perTurn.at(-1)!).messages);
      for (const heading of nestedHeadings) expect(last.split(heading).length - 1, heading).toBe(1);
    });
  }
});
