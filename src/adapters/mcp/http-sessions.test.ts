import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../test/support/cli.js';
import { waitUntil } from '../../../test/support/processes.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { contextMcpServers } from './context-mcp-server.js';
import { mcpHttpDefaults, serveMcpOverHttp } from './serve-mcp-over-http.js';

const run = promisify(execFile);
const vanishingClients = path.join(repositoryRoot, 'test/support/vanishing-mcp-clients.mjs');

async function makeRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-mcp-sessions-');
  await mkdir(path.join(root, '.git'));
  await mkdir(path.join(root, 'packages/app'), { recursive: true });
  await writeFile(path.join(root, 'AGENTS.md'), '# Shop\nUse pnpm.\n');
  await writeFile(path.join(root, 'packages/app/AGENTS.md'), '# App\nRun the app tests.\n');
  return root;
}

/**
 * The servers of `contextMcpServers` for a new repository, counted: `live` is how many are created
 * and not yet closed (a closed server has disposed of its context session), `most` the highest `live`.
 */
async function countedServers() {
  const servers = await contextMcpServers({ directory: await makeRepository() });
  const counts = { live: 0, most: 0 };
  const createServer = (): Server => {
    const server = servers.createServer();
    counts.live += 1;
    counts.most = Math.max(counts.most, counts.live);
    const dispose = server.onclose;
    server.onclose = () => {
      dispose?.();
      counts.live -= 1;
    };
    return server;
  };
  return { counts, createServer };
}

/** Run `batches` processes one after the other, each connecting `perBatch` clients that then vanish. */
async function vanish(url: string, batches: number, perBatch: number): Promise<void> {
  for (let batch = 0; batch < batches; batch += 1) {
    const { stdout } = await run(process.execPath, [vanishingClients, url, String(perBatch)]);
    expect(stdout).toBe(`${perBatch} clients served\n`);
  }
}

async function servedClient(url: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'after', version: '1.0.0' });
  await client.connect(transport);
  const result = await client.callTool({
    name: 'instructions_for_path',
    arguments: { path: 'packages/app/index.ts' },
  });
  return { client, transport, result };
}

describe('HTTP sessions whose clients vanish', () => {
  it('serves the 201st client after 200 vanished, never holds more than the cap, and closes every vanished session after the window', async () => {
    const { counts, createServer } = await countedServers();
    const lines: string[] = [];
    const http = await serveMcpOverHttp({
      createServer,
      port: 0,
      abandonedSessionMs: 1_000,
      log: (line) => lines.push(line),
    });
    try {
      await vanish(http.url, 8, 25);
      const last = await servedClient(http.url);
      expect(JSON.stringify(last.result.content)).toContain('packages/app/AGENTS.md');
      // Every vanished client's session closes, its server with it; the 201st stays.
      await waitUntil(() => http.sessions === 1 && counts.live === 1, { deadlineMs: 60_000 });
      expect(counts.most).toBeLessThanOrEqual(mcpHttpDefaults.maxSessions);
      expect(lines.filter((line) => line.includes('its client is gone')).length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.includes('refused')).length).toBe(0);
      await last.transport.terminateSession();
      await last.client.close();
      await waitUntil(() => http.sessions === 0 && counts.live === 0);
    } finally {
      await http.close();
    }
  }, 300_000);

  it('at the cap, closes the least recently used idle session for a new client instead of refusing it', async () => {
    const { counts, createServer } = await countedServers();
    const lines: string[] = [];
    const http = await serveMcpOverHttp({
      createServer,
      port: 0,
      maxSessions: 10,
      abandonedSessionMs: 3_600_000,
      log: (line) => lines.push(line),
    });
    try {
      await vanish(http.url, 3, 10);
      expect(http.sessions).toBe(10);
      expect(counts.most).toBe(10);
      const evictions = lines.filter((line) => line.includes('the least recently used idle one'));
      expect(evictions.length).toBe(20);
      // The first batch's sessions went first: the 10 sessions opened first are the 10 closed first.
      const opened = lines.flatMap((line) => /session (\S+) opened/.exec(line)?.[1] ?? []);
      const closed = evictions.map((line) => /closing session (\S+):/.exec(line)?.[1]);
      expect(new Set(closed.slice(0, 10))).toEqual(new Set(opened.slice(0, 10)));
      const last = await servedClient(http.url);
      expect(last.result.isError).toBeFalsy();
      expect(http.sessions).toBe(10);
      await last.client.close();
    } finally {
      await http.close();
    }
    expect(counts.live).toBe(0);
  }, 120_000);

  it('holds no place for a session whose server could not be created', async () => {
    const { createServer } = await countedServers();
    let failures = 1;
    const http = await serveMcpOverHttp({
      createServer: () => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('no server this time');
        }
        return createServer();
      },
      port: 0,
      maxSessions: 1,
    });
    try {
      const failed = new Client({ name: 'first', version: '1.0.0' });
      await expect(failed.connect(new StreamableHTTPClientTransport(new URL(http.url)))).rejects.toThrow();
      const client = await servedClient(http.url);
      expect(client.result.isError).toBeFalsy();
      expect(http.sessions).toBe(1);
      await client.client.close();
    } finally {
      await http.close();
    }
  });

  it('refuses a new client only when every session is busy, with a JSON-RPC error to its id saying why', async () => {
    const { createServer } = await countedServers();
    const http = await serveMcpOverHttp({ createServer, port: 0, maxSessions: 2 });
    const listening: Client[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        let streamOpen = () => {};
        const opened = new Promise<void>((resolve) => {
          streamOpen = resolve;
        });
        const client = new Client({ name: `listening-${index}`, version: '1.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(http.url), {
            fetch: async (input, init) => {
              const response = await fetch(input, init);
              if (init?.method === 'GET' && response.ok) streamOpen();
              return response;
            },
          }),
        );
        await opened;
        listening.push(client);
      }
      const response = await fetch(http.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'init-3',
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'third', version: '1' },
          },
        }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 'init-3',
        error: {
          code: -32000,
          message: expect.stringContaining('2 sessions are open and every one is busy'),
        },
      });
      expect(http.sessions).toBe(2);
      // A request to a session that is gone is answered to its id too.
      const gone = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': 'closed-long-ago',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 44, method: 'tools/list' }),
      });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ id: 44, error: { code: -32001 } });
    } finally {
      await Promise.all(listening.map((client) => client.close()));
      await http.close();
    }
  }, 60_000);
});
