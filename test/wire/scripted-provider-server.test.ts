import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, isStepCount, jsonSchema, type LanguageModel, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cacheOrderOf,
  canonicalJson,
  commonCachePrefix,
  midConversationSystemMessages,
} from './cache-order.js';
import { type ScriptedProviderServer, startScriptedProviderServer } from './scripted-provider-server.js';

const servers: ScriptedProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const providers: Array<[string, (baseURL: string) => LanguageModel]> = [
  ['anthropic messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test-key' })('claude-sonnet-4-5')],
  ['openai responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' })('gpt-test')],
  ['openai chat', (baseURL) => createOpenAI({ baseURL, apiKey: 'test-key' }).chat('gpt-test')],
];

const echoTool = {
  description: 'Echo the input back.',
  inputSchema: jsonSchema<{ word: string }>({
    type: 'object',
    properties: { word: { type: 'string' } },
    required: ['word'],
  }),
  execute: async ({ word }: { word: string }) => `echo: ${word}`,
};

async function scriptedSession(mode: 'generate' | 'stream', createModel: (baseURL: string) => LanguageModel) {
  const server = await startScriptedProviderServer({
    script: [
      { text: 'Let me echo.', toolCalls: [{ id: 'call_1', name: 'echo', input: { word: 'alpha' } }] },
      { toolCalls: [{ id: 'call_2', name: 'echo', input: { word: 'beta' } }] },
      { text: 'All done.' },
    ],
  });
  servers.push(server);
  const options = {
    model: createModel(server.baseURL),
    instructions: 'You are terse.',
    prompt: 'Echo two words.',
    tools: { echo: echoTool },
    stopWhen: isStepCount(5),
    maxRetries: 0,
  };
  const text = mode === 'generate' ? (await generateText(options)).text : await streamText(options).text;
  return { server, text };
}

describe('scripted provider server', () => {
  for (const [name, createModel] of providers) {
    for (const mode of ['generate', 'stream'] as const) {
      it(`replays tool calls and records every request (${name}, ${mode})`, async () => {
        const { server, text } = await scriptedSession(mode, createModel);
        expect(server.errors).toEqual([]);
        expect(text).toContain('All done.');
        expect(server.requests).toHaveLength(3);
        expect(server.requests.every((request) => request.stream === (mode === 'stream'))).toBe(true);
        const last = JSON.stringify(server.requests[2]?.body);
        expect(last).toContain('echo: alpha');
        expect(last).toContain('echo: beta');
        for (const [index, request] of server.requests.entries()) {
          const prompt = cacheOrderOf(request);
          expect(prompt.tools).toHaveLength(1);
          expect(JSON.stringify(prompt.system)).toContain('You are terse.');
          expect(midConversationSystemMessages(request)).toEqual([]);
          const previous = server.requests[index - 1];
          if (previous !== undefined)
            expect(commonCachePrefix(previous, request).previousIsPrefix).toBe(true);
        }
      });
    }
  }

  it('answers 400 and records the error when the script is exhausted', async () => {
    const server = await startScriptedProviderServer({ script: [] });
    servers.push(server);
    const model = createAnthropic({ baseURL: server.baseURL, apiKey: 'test-key' })('claude-sonnet-4-5');
    await expect(generateText({ model, prompt: 'hi', maxRetries: 0 })).rejects.toThrow(/script exhausted/);
    expect(server.errors).toEqual(['script exhausted at request 0']);
  });
});

describe('commonCachePrefix', () => {
  const request = (body: Record<string, unknown>) => ({
    index: 0,
    protocol: 'anthropic-messages' as const,
    path: '/v1/messages',
    headers: {},
    body,
    stream: false,
  });

  it('ignores moved cache_control markers and key order', () => {
    const previous = request({
      system: [{ type: 'text', text: 'A', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
      ],
    });
    const current = request({
      messages: [
        { content: [{ text: 'hi', type: 'text' }], role: 'user' },
        { role: 'assistant', content: [{ type: 'text', text: 'yo', cache_control: { type: 'ephemeral' } }] },
      ],
      system: [{ type: 'text', text: 'A' }],
    });
    const prefix = commonCachePrefix(previous, current);
    expect(prefix.previousIsPrefix).toBe(true);
    expect(prefix.units).toBe(2);
    expect(prefix.characters).toBe(prefix.previousCharacters);
  });

  it('reports the first changed unit in cache order, tools before system', () => {
    const previous = request({ tools: [{ name: 'a' }], system: 'S', messages: [] });
    const current = request({ tools: [{ name: 'b' }], system: 'S', messages: [] });
    const prefix = commonCachePrefix(previous, current);
    expect(prefix.previousIsPrefix).toBe(false);
    expect(prefix.units).toBe(0);
    expect(prefix.firstDifference).toEqual({
      previous: `tools:${canonicalJson({ name: 'a' })}`,
      current: `tools:${canonicalJson({ name: 'b' })}`,
    });
  });

  it('finds a system message sent mid-conversation', () => {
    const sent = request({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: 'late' },
      ],
    });
    expect(midConversationSystemMessages(sent)).toEqual([{ role: 'system', content: 'late' }]);
  });
});
