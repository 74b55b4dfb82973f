import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { isStepCount, jsonSchema, type LanguageModel, type ModelMessage, ToolLoopAgent } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { filesystemContext } from '../../src/filesystem-context/filesystem-context.js';
import { nestedInstructions } from '../../src/instructions/nested/nested-instructions.js';
import { projectInstructions } from '../../src/instructions/project-instructions.js';
import type { ContextEvent } from '../../src/session/capability.js';
import { createContextSession } from '../../src/session/context-session.js';
import { fileTools } from '../../src/tools/file-tools.js';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { cacheOrderOf, commonCachePrefix, midConversationSystemMessages } from './cache-order.js';
import {
  type ScriptedTurn,
  startScriptedProviderServer,
  type WireProtocol,
} from './scripted-provider-server.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'agent-context-wire-'));
  const files: Record<string, string> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': '# Monorepo\nUse pnpm.\n',
    'README.md': '# Packages a to e\n',
  };
  for (const name of ['a', 'b', 'c', 'd', 'e']) {
    files[`packages/${name}/AGENTS.md`] =
      `# Package ${name}\nRun \`pnpm test --filter ${name}\` after a change.\n`;
    files[`packages/${name}/src/index.ts`] = `export const ${name} = '${name}';\n`;
  }
  files['packages/c/deep/AGENTS.md'] = '# Deep\nNever edit generated files here.\n';
  files['packages/c/deep/file.ts'] = 'export const deep = true;\n';
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (path: string, extra: object = {}) => ({ name: 'read_file', input: { path, ...extra } });
const list = (path: string) => ({ name: 'list_directory', input: { path } });
const search = (query: string) => ({ name: 'search', input: { query } });
const offloaded = (index: number) => `.context/search-call_${index}.txt`;

/** Two runs of ten model calls: nested discoveries (six files), three offloads, paged read-backs. */
const plan: Array<Array<{ name: string; input: Record<string, unknown> }> | string> = [
  [read('packages/a/src/index.ts')],
  [search('export')],
  [read(offloaded(1), { offset: 1, limit: 20 })],
  [list('packages/b')],
  [read('packages/b/src/index.ts')],
  [search('const')],
  [read('packages/c/deep/file.ts')],
  [read('packages/a/src/index.ts'), read('packages/d/src/index.ts')],
  [list('packages')],
  'Run 1 done.',
  [read('packages/e/src/index.ts')],
  [search('pnpm')],
  [read(offloaded(11), { offset: 100, limit: 50 })],
  [list('packages/c')],
  [read('packages/c/src/index.ts')],
  [read('packages/b/src/index.ts')],
  [list('packages/e/src')],
  [read('packages/d/src/index.ts')],
  [read('AGENTS.md')],
  'All done.',
];

function turn(index: number): ScriptedTurn {
  const step = plan[index];
  if (step === undefined) return { text: 'Out of script.' };
  if (typeof step === 'string') return { text: step };
  return {
    toolCalls: step.map((call, position) => ({
      id: `call_${index}${position ? `_${position}` : ''}`,
      ...call,
    })),
  };
}

const protocols: Array<[WireProtocol, (baseURL: string) => LanguageModel]> = [
  ['anthropic-messages', (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5')],
  ['openai-responses', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' })('gpt-5')],
  ['openai-chat', (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-5')],
];

const searchTool = {
  description: 'Search the repository for a word.',
  inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }),
  execute: async ({ query }: { query: string }) =>
    Array.from(
      { length: 600 },
      (_, line) => `packages/x/src/file-${line}.ts:${line + 1}: ${query} found here`,
    ).join('\n'),
};

for (const [protocol, createModel] of protocols) {
  for (const mode of ['generate', 'stream'] as const) {
    describe(`on the wire: ${protocol} (${mode})`, () => {
      it('keeps a 20-request session append-only in cache order, with the instructions first', async () => {
        const server = await startScriptedProviderServer({ script: (request) => turn(request.index) });
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
        const agent = new ToolLoopAgent(
          withContext(session, {
            model: createModel(server.baseURL),
            instructions: 'You are a careful coding agent.',
            tools: { search: searchTool },
            stopWhen: isStepCount(15),
            maxRetries: 0,
          }),
        );
        const history: ModelMessage[] = [];
        try {
          for (const prompt of ['Survey the packages.', 'Continue with package e.']) {
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

        expect(server.errors).toEqual([]);
        expect(server.requests).toHaveLength(20);
        expect(events.filter((event) => event.type === 'offloaded')).toHaveLength(3);
        const blocks = session.currentRun!.instructionBlocks.map((block) => block.text);
        for (const [index, request] of server.requests.entries()) {
          const { system } = cacheOrderOf(request);
          const texts = system.map((block) => systemText(block));
          expect(texts).toEqual(['You are a careful coding agent.', ...blocks]);
          if (protocol === 'anthropic-messages') {
            const marked = system.map(
              (block) => (block as { cache_control?: unknown }).cache_control !== undefined,
            );
            expect(marked).toEqual(texts.map((_, position) => position === texts.length - 1));
            const body = JSON.stringify(request.body);
            expect(body.split('"cache_control"').length - 1).toBeLessThanOrEqual(4);
            const messages = request.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
            expect(messages.at(-1)?.content.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
          }
          expect(midConversationSystemMessages(request)).toEqual([]);
          const previous = server.requests[index - 1];
          if (previous === undefined) continue;
          const prefix = commonCachePrefix(previous, request);
          expect(prefix.firstDifference).toBeUndefined();
          expect(prefix.previousIsPrefix).toBe(true);
        }
        const last = JSON.stringify(cacheOrderOf(server.requests[19]!).messages);
        for (const name of ['a', 'b', 'c', 'd', 'e']) expect(count(last, `# Package ${name}`)).toBe(1);
        expect(count(last, 'Never edit generated files here.')).toBe(1);
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

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
