import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { type HttpServerProcess, startHttpServer } from './mcp-test-clients.test-support.js';

const cli = path.join(repositoryRoot, 'dist/cli/main.js');

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** The batches both transports are sent, each answered without running any of its messages. */
const batches: unknown[][] = [
  [ping(4), ping('five')],
  [initialized, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } }],
  [],
  [1, 'two', null],
  [initialize(9), ping(10), initialized],
];

/** A stdio server: each batch's answers are the lines before the answer of the ping sent after it. */
async function stdioAnswers(root: string): Promise<unknown[][]> {
  const child = spawn(process.execPath, [cli, 'mcp', '--dir', root], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines: Array<{ id?: unknown }> = [];
  let buffered = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, newline)));
      buffered = buffered.slice(newline + 1);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const answerTo = async (id: number) => {
    for (;;) {
      const index = lines.findIndex((line) => line.id === id);
      if (index !== -1) return index;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send(initialize(1));
  await answerTo(1);
  send(initialized);
  const answers: unknown[][] = [];
  for (const [index, batch] of batches.entries()) {
    const start = lines.length;
    const marker = 100 + index;
    send(batch);
    send(ping(marker));
    const end = await answerTo(marker);
    answers.push(lines.slice(start, end));
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('close', resolve));
  return answers;
}

async function post(url: string, body: unknown, sessionId?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    sessionId: response.headers.get('mcp-session-id'),
    text: await response.text(),
  };
}

describe('a JSON-RPC batch', () => {
  let root: string;
  let server: HttpServerProcess;
  beforeAll(async () => {
    root = await useTemporaryDirectory('agent-context-mcp-batches-');
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'AGENTS.md'), 'Use tabs.\n');
    server = await startHttpServer(root);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is answered the same way over stdio and HTTP: refused, nothing in it run, and the server goes on', async () => {
    const overStdio = await stdioAnswers(root);
    const opened = await post(server.url, initialize(1));
    expect(opened.status).toBe(200);
    const sessionId = opened.sessionId ?? '';
    expect((await post(server.url, initialized, sessionId)).status).toBe(202);
    const overHttp: unknown[][] = [];
    for (const batch of batches) {
      const answer = await post(server.url, batch, sessionId);
      expect(answer.status).toBe(400);
      overHttp.push(JSON.parse(answer.text));
    }
    expect(overHttp).toEqual(overStdio);
    const error = {
      code: -32600,
      message: 'Invalid request: batches are not supported; send one message at a time.',
    };
    expect(overStdio).toEqual([
      [
        { jsonrpc: '2.0', id: 4, error },
        { jsonrpc: '2.0', id: 'five', error },
      ],
      [{ jsonrpc: '2.0', id: null, error }],
      [{ jsonrpc: '2.0', id: null, error }],
      [{ jsonrpc: '2.0', id: null, error }],
      [
        { jsonrpc: '2.0', id: 9, error },
        { jsonrpc: '2.0', id: 10, error },
      ],
    ]);
    // Without a session, a batch (an initialize in it too) gets the same answers, and opens none.
    const unopened = await post(server.url, batches[4]);
    expect(unopened.status).toBe(400);
    expect(JSON.parse(unopened.text)).toEqual(overStdio[4]);
    expect(unopened.sessionId).toBeNull();
    // The session still answers one message at a time.
    const pong = await post(server.url, ping(11), sessionId);
    expect(pong.status).toBe(200);
    expect(pong.text).toContain('"id":11');
  }, 60_000);
});
