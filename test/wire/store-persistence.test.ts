import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, postgresAvailable, startPostgresServer } from '../support/postgres-server.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { cacheOrderOf } from './cache-order.js';
import {
  createSessionRepository,
  nestedHeadings,
  sessionPrompts,
  sessionRequests,
  sessionTurn,
} from './coding-session.js';
import { firstDifference, runWorker } from './run-worker.js';
import { type RecordedRequest, startScriptedProviderServer } from './scripted-provider-server.js';

/**
 * The coding session through one worker script of `workers/`, with the host's messages and the
 * conversation store on disk: every prompt in one process, or (`processPerPrompt`) each in a new one;
 * `'own-disk'` gives each of those processes its own copy of the repository, as workers on other
 * machines have (no `.context/` of another).
 */
async function record(
  script: string,
  processPerPrompt: boolean | 'own-disk',
  extra: Record<string, unknown> = {},
): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const state = await useTemporaryDirectory('agent-context-host-');
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const task = {
    baseURL: server.baseURL,
    root,
    conversationId: 'conversation-1',
    storeDirectory: path.join(state, 'conversations'),
    messagesFile: path.join(state, 'messages.json'),
    itemsFile: path.join(state, 'items.json'),
    ...extra,
  };
  try {
    if (processPerPrompt) {
      for (const prompt of sessionPrompts) {
        const own = processPerPrompt === 'own-disk' ? { root: await createSessionRepository() } : {};
        await runWorker(script, { ...task, ...own, prompt, prompts: [prompt] });
      }
    } else {
      await runWorker(script, { ...task, prompts: sessionPrompts });
    }
  } finally {
    await server.close();
  }
  expect(server.errors).toEqual([]);
  expect(server.requests).toHaveLength(sessionRequests);
  const last = JSON.stringify(cacheOrderOf(server.requests.at(-1)!).messages);
  for (const heading of nestedHeadings) expect(last.split(heading).length - 1, heading).toBe(1);
  return server.requests;
}

describe('a conversation store serving new processes, per framework', () => {
  for (const [framework, script] of [
    ['Mastra (keyed by thread)', 'mastra-turn.mjs'],
    ['OpenAI Agents (keyed by the Session id)', 'openai-agents-turn.mjs'],
  ] as const) {
    it(`${framework}: a new process per turn sends the requests of one process, byte for byte`, async () => {
      const [once, perPrompt] = await Promise.all([record(script, false), record(script, true)]);
      expect(firstDifference(perPrompt, once)).toBeUndefined();
    });
  }
});

let postgres: PostgresServer | undefined;
beforeAll(async () => {
  postgres = await startPostgresServer();
}, 60_000);
afterAll(() => postgres?.stop());

describe('the PostgreSQL conversation store between workers', () => {
  it('turns served by new processes through PostgreSQL send the requests of the file store, byte for byte', async () => {
    if (!postgresAvailable(postgres)) return;
    const table = `conversations_${process.pid}_${Date.now()}`;
    const [files, database] = await Promise.all([
      record('ai-sdk-turn.mjs', true, { protocol: 'anthropic-messages' }),
      record('ai-sdk-turn.mjs', true, {
        protocol: 'anthropic-messages',
        connectionString: postgres.connectionString,
        table,
      }),
    ]);
    expect(firstDifference(database, files)).toBeUndefined();
  });

  it('workers with their own copy of the repository read the results another offloaded, byte for byte', async () => {
    if (!postgresAvailable(postgres)) return;
    const table = `conversations_${process.pid}_${Date.now()}`;
    const [once, ownDisks] = await Promise.all([
      record('ai-sdk-turn.mjs', false, { protocol: 'anthropic-messages' }),
      record('ai-sdk-turn.mjs', 'own-disk', {
        protocol: 'anthropic-messages',
        connectionString: postgres.connectionString,
        table,
      }),
    ]);
    // The third turn pages through a result the first turn offloaded on another worker's disk.
    const last = JSON.stringify(ownDisks.at(-1)?.body);
    expect(last).toContain('packages/x/src/file-199.ts:200: const found here');
    expect(firstDifference(ownDisks, once)).toBeUndefined();
  });
});
