import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, jsonSchema, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
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

const protocols: Array<[WireProtocol, (baseURL: string) => LanguageModel]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5')],
  ['openai-chat', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-5')],
];

const searchTool = {
  description: searchDescription,
  inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }),
  execute: async ({ query }: { query: string }) => searchOutput(query),
};

for (const [protocolIndex, [protocol, createModel]] of protocols.entries()) {
  for (const mode of ['generate', 'stream'] as const) {
    describe(`on the wire: ${protocol} (${mode})`, () => {
      for (const workspace of codingWorkspaces(protocolIndex === 0 && mode === 'generate'))
        it(`keeps a 30-request session append-only in cache order, with the instructions first (${workspace} workspace)`, async () => {
          const root = await createSessionRepository();
          const server = await startScriptedProviderServer({
            script: (request) => sessionTurn(request.index),
          });
          const { session, events } = createCodingSession(root, workspace);
          const agent = new ToolLoopAgent(
            withContext(session, {
              model: createModel(server.baseURL),
              instructions: hostInstructions,
              tools: { search: searchTool },
              stopWhen: isStepCount(15),
              maxRetries: 0,
            }),
          );
          const history: ModelMessage[] = [];
          try {
            for (const prompt of sessionPrompts) {
              history.push({ role: 'user', content: prompt });
              const call = { messages: [...history] };
              if (mode === 'generate') {
                history.push(...(await agent.generate(call)).responseMessages);
              } else {
                const result = await agent.stream(call);
                await result.consumeStream();
                history.push(...(await result.responseMessages));
              }
            }
          } finally {
            await server.close();
          }

          const billed = expectCodingSessionOnTheWire(server, events);
          const blocks = session.currentRun!.instructionBlocks.map((block) => block.text);
          for (const request of server.requests) {
            const { system } = cacheOrderOf(request);
            const texts = system.map((block) => systemText(block));
            expect(texts).toEqual([hostInstructions, ...blocks]);
            if (protocol !== 'anthropic-messages') continue;
            const marked = system.map(
              (block) => (block as { cache_control?: unknown }).cache_control !== undefined,
            );
            expect(marked).toEqual(texts.map((_, position) => position === texts.length - 1));
            const messages = request.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
            expect(messages.at(-1)?.content.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
          }
          if (process.env.AGENT_CONTEXT_WIRE_FIGURES) console.log(protocol, mode, JSON.stringify(billed));
          if (protocol === 'anthropic-messages')
            expect(billed.billedTokens / billed.uncachedTokens).toBeLessThan(0.3);
        });
    });
  }
}

function systemText(block: unknown): string {
  if (typeof block === 'string') return block;
  const value = block as { text?: string; content?: string | Array<{ text?: string }> };
  if (typeof value.text === 'string') return value.text;
  if (typeof value.content === 'string') return value.content;
  return (value.content ?? []).map((part) => part.text ?? '').join('');
}
