import type { ChildProcess } from 'node:child_process';
import { ChatAnthropic } from '@langchain/anthropic';
import { tool } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, HumanMessage } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextMiddleware } from '../../src/adapters/langchain/index.js';
import { type PostgresServer, postgresAvailable, startPostgresServer } from '../support/postgres-server.js';
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
import { type RecordedRequest, startScriptedProviderServer } from './scripted-provider-server.js';

const search = tool(async ({ query }: { query: string }) => searchOutput(query), {
  name: 'search',
  description: searchDescription,
  schema: z.object({ query: z.string() }),
});

// The id of each user message, given by the host, so the runs compare byte for byte.
const messageId = (turn: number) => `user-message-${turn}`;

/**
 * The coding session through a LangChain agent over one `MemorySaver` thread: with one agent and
 * session for the whole conversation, or (`rebuildPerTurn`) a new agent, middleware and session for
 * every invocation, as a request handler in one process builds them.
 */
async function recordInProcess(rebuildPerTurn: boolean): Promise<RecordedRequest[]> {
  const root = await createSessionRepository();
  const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
  const checkpointer = new MemorySaver();
  const build = () =>
    createAgent({
      model: new ChatAnthropic({
        model: 'claude-sonnet-4-5',
        apiKey: 'test',
        anthropicApiUrl: server.baseURL.replace(/\/v1$/, ''),
        maxRetries: 0,
      }),
      tools: [search],
      systemPrompt: hostInstructions,
      middleware: [contextMiddleware(createCodingSession(root).session)],
      checkpointer,
    });
  let agent = build();
  try {
    for (const [turn, prompt] of sessionPrompts.entries()) {
      if (rebuildPerTurn) agent = build();
      await agent.invoke(
        { messages: [new HumanMessage({ content: prompt, id: messageId(turn) })] },
        { configurable: { thread_id: 'thread-1' }, recursionLimit: 100 },
      );
    }
  } finally {
    await server.close();
  }
  expect(server.errors).toEqual([]);
  return server.requests;
}

let postgres: PostgresServer | undefined;
beforeAll(async () => {
  postgres = await startPostgresServer();
}, 60_000);
afterAll(() => postgres?.stop());

describe('LangChain: a thread continued by new agents and new processes through the checkpointer', () => {
  it('a new agent and session per invocation (MemorySaver) sends the requests of one agent', async () => {
    const [once, rebuilt] = await Promise.all([recordInProcess(false), recordInProcess(true)]);
    expect(rebuilt).toHaveLength(sessionRequests);
    expect(firstDifference(rebuilt, once)).toBeUndefined();
  });

  it('a new process per turn over PostgresSaver sends the requests of one process, byte for byte', async () => {
    if (!postgresAvailable(postgres)) return;
    const once = await recordInProcess(false);
    const root = await createSessionRepository();
    const schema = `checkpoints_${process.pid}_${Date.now()}`;
    const server = await startScriptedProviderServer({ script: (request) => sessionTurn(request.index) });
    try {
      for (const [turn, prompt] of sessionPrompts.entries()) {
        await runWorker('langchain-turn.mjs', {
          baseURL: server.baseURL,
          root,
          prompt,
          messageId: messageId(turn),
          threadId: 'thread-1',
          connectionString: postgres.connectionString,
          schema,
        });
      }
    } finally {
      await server.close();
    }
    expect(server.errors).toEqual([]);
    expect(firstDifference(server.requests, once)).toBeUndefined();
    const last = JSON.stringify(cacheOrderOf(server.requests.at(-1)!).messages);
    for (const heading of nestedHeadings) expect(last.split(heading).length - 1, heading).toBe(1);
  });

  it('a worker killed after a tool call, before the snapshot was saved: the next one reconciles, nothing lost or doubled', async () => {
    if (!postgresAvailable(postgres)) return;
    const { connectionString } = postgres;
    const once = await recordInProcess(false);
    const root = await createSessionRepository();
    const schema = `checkpoints_killed_${process.pid}_${Date.now()}`;
    // Request 11 follows the result of call_10 (a read in packages/e, whose AGENTS.md it surfaces): the
    // worker that sends it first is killed before it gets an answer, with that result checkpointed
    // and the snapshot of request 10 the newest saved.
    let worker: ChildProcess | undefined;
    let killed = false;
    const server = await startScriptedProviderServer({
      script: (request) => {
        if (request.index === 11 && !killed) {
          killed = true;
          worker?.kill('SIGKILL');
          return { text: 'never delivered' };
        }
        return sessionTurn(killed ? request.index - 1 : request.index);
      },
    });
    const turn = (index: number, extra: Record<string, unknown> = {}) =>
      runWorker(
        'langchain-turn.mjs',
        {
          baseURL: server.baseURL,
          root,
          prompt: sessionPrompts[index],
          messageId: messageId(index),
          threadId: 'thread-1',
          connectionString,
          schema,
          ...extra,
        },
        (child) => {
          worker = child;
        },
      );
    try {
      await turn(0);
      await expect(turn(1)).rejects.toThrow(/SIGKILL/);
      await turn(1, { resume: true });
      await turn(2);
    } finally {
      await server.close();
    }
    // The killed worker's request 11 was never answered; the one sent again in its place is the one
    // a worker that never stopped sends, and so is every request after it.
    const served = server.requests.filter((request) => request.index !== 11);
    expect(firstDifference(served, once)).toBeUndefined();
  });
});
