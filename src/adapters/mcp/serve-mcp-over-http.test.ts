import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect as connectSocket } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { type HttpServerProcess, startHttpServer } from './mcp-test-clients.test-support.js';
import { serveMcpOverHttp } from './serve-mcp-over-http.js';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** POST one body to the endpoint with the headers given (plus the ones MCP asks for). */
async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A request with a Host header of our choosing (fetch does not let a caller set it). */
function postWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(initialize));
  });
}

async function makeRepository(): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-mcp-http-');
  await mkdir(path.join(root, '.git'));
  await mkdir(path.join(root, 'packages/app'), { recursive: true });
  await writeFile(path.join(root, 'AGENTS.md'), '# Shop\nUse pnpm.\n');
  await writeFile(path.join(root, 'packages/app/AGENTS.md'), '# App\nRun the app tests.\n');
  return root;
}

function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>;
  return content.map((part) => part.text ?? '').join('');
}

function portIsClosed(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectSocket(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('agent-context mcp --http (a real child process)', () => {
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startHttpServer(await makeRepository(), {
      args: ['--allow-origin', 'http://localhost:6274'],
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 100 concurrent clients, each in its own session, with the same answers', async () => {
    const clients = Array.from({ length: 100 }, () => new Client({ name: 'load', version: '1.0.0' }));
    const answers = await Promise.all(
      clients.map(async (client) => {
        const transport = new StreamableHTTPClientTransport(new URL(server.url));
        await client.connect(transport);
        const result = await client.callTool({
          name: 'instructions_for_path',
          arguments: { path: 'packages/app/index.ts' },
        });
        return { session: transport.sessionId, text: textOf(result) };
      }),
    );
    expect(new Set(answers.map((answer) => answer.session)).size).toBe(100);
    const first = answers[0]!.text;
    expect(first).toContain('- packages/app/AGENTS.md: nested instructions');
    expect(answers.every((answer) => answer.text === first)).toBe(true);
    await Promise.all(clients.map((client) => client.close()));
  }, 120_000);

  it('refuses a foreign Origin (DNS rebinding) and a foreign Host, and accepts its own and the allowed', async () => {
    const foreign = await post(server.url, JSON.stringify(initialize), { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toMatchObject({ error: { message: expect.stringContaining('origin') } });
    expect((await post(server.url, JSON.stringify(initialize), { origin: 'null' })).status).toBe(403);
    const port = new URL(server.url).port;
    const own = await post(server.url, JSON.stringify(initialize), { origin: `http://localhost:${port}` });
    expect(own.status).toBe(200);
    const allowed = await post(server.url, JSON.stringify(initialize), { origin: 'http://localhost:6274' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    expect(allowed.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await postWithHost(server.url, `rebound.example:${port}`)).toBe(403);
    expect(await postWithHost(server.url, `localhost:${port}`)).toBe(200);
    expect(server.stderr()).toContain('refused a POST request (403)');
  });

  it('answers every malformed request and keeps serving', async () => {
    const tooLarge = await post(server.url, `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text)).toMatchObject({ id: null, error: { code: -32600 } });
    // The SDK client writes the id after the params: the answer still goes to it.
    const withId = await post(
      server.url,
      `{"method":"tools/call","params":{"pad":"${'x'.repeat(9_000_000)}"},"jsonrpc":"2.0","id":9}`,
    );
    expect(withId.status).toBe(413);
    expect(JSON.parse(withId.text)).toMatchObject({
      id: 9,
      error: { code: -32600, message: expect.stringContaining('4194304 bytes') },
    });
    const notJson = await post(server.url, '{not json');
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.text)).toMatchObject({ error: { code: -32700 } });
    const notInitialize = await post(server.url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    expect(notInitialize.status).toBe(400);
    expect(JSON.parse(notInitialize.text)).toMatchObject({ id: 2, error: { code: -32000 } });
    // A client's probe before initialize gets the answer stdio gives it: method not found, to its id.
    const discover = await post(
      server.url,
      JSON.stringify({ jsonrpc: '2.0', id: 'probe-1', method: 'server/discover', params: {} }),
    );
    expect(JSON.parse(discover.text)).toMatchObject({
      id: 'probe-1',
      error: { code: -32601, message: expect.stringContaining('server/discover') },
    });
    const unknownSession = await post(server.url, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }), {
      'mcp-session-id': 'no-such-session',
    });
    expect(unknownSession.status).toBe(404);
    expect(JSON.parse(unknownSession.text)).toMatchObject({ id: 3, error: { code: -32001 } });
    expect((await fetch(new URL('/other', server.url))).status).toBe(404);
    expect((await post(server.url, JSON.stringify(initialize))).status).toBe(200);
  });

  it('closes every session on SIGTERM and exits 0, leaving nothing listening', async () => {
    const client = new Client({ name: 'last', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await client.listTools()).tools.length).toBe(4);
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toMatch(/SIGTERM: closed \d+ sessions?; stopped\.\n$/);
    expect(await portIsClosed(server.url)).toBe(true);
    await client.close();
  });
});

describe('agent-context mcp --http with a bearer token', () => {
  const token = 'a'.repeat(24) + 'b'.repeat(24);

  it('refuses a request without the token or with a wrong one, and serves the SDK client that sends it', async () => {
    const server = await startHttpServer(await makeRepository(), { env: { AGENT_CONTEXT_MCP_TOKEN: token } });
    try {
      expect(server.stderr()).toContain('(bearer token required)');
      const missing = await post(server.url, JSON.stringify(initialize));
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toContain('Bearer');
      const wrong = await post(server.url, JSON.stringify(initialize), {
        authorization: `Bearer ${'c'.repeat(48)}`,
      });
      expect(wrong.status).toBe(401);
      const refused = new Client({ name: 'no-token', version: '1.0.0' });
      await expect(refused.connect(new StreamableHTTPClientTransport(new URL(server.url)))).rejects.toThrow();
      const client = new Client({ name: 'token', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('instructions_for_path');
      await client.close();
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
  }, 60_000);

  it('will not listen on another address without a token, nor with a short one (exit 2)', async () => {
    const base = await makeRepository();
    const open = await runCliInProcess(base, ['mcp', '--http', '--host', '0.0.0.0', '--port', '0']);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('--host 0.0.0.0 is not a loopback address: set AGENT_CONTEXT_MCP_TOKEN');
    const stdio = await runCliInProcess(base, ['mcp', '--port', '7']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--port needs --http');
    const badPort = await runCliInProcess(base, ['mcp', '--http', '--port', '70000']);
    expect(badPort.code).toBe(2);
    await expect(
      serveMcpOverHttp({ createServer: () => new Server({ name: 'x', version: '1' }), host: '0.0.0.0' }),
    ).rejects.toMatchObject({ code: 'invalid-option' });
    await expect(
      serveMcpOverHttp({
        createServer: () => new Server({ name: 'x', version: '1' }),
        port: 0,
        token: 'short',
      }),
    ).rejects.toMatchObject({ code: 'invalid-option' });
  });
});

describe('serveMcpOverHttp limits', () => {
  /** A server with one slow tool that counts how many of its calls run at once, across sessions. */
  function slowServers() {
    const counts = { running: 0, most: 0 };
    const createServer = () => {
      const server = new Server({ name: 'slow', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [{ name: 'slow', inputSchema: { type: 'object' } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, async () => {
        counts.running += 1;
        counts.most = Math.max(counts.most, counts.running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        counts.running -= 1;
        return { content: [{ type: 'text', text: 'done' }] };
      });
      return server;
    };
    return { counts, createServer };
  }

  it('handles at most maxConcurrentRequests at once across sessions, and answers every one', async () => {
    const { counts, createServer } = slowServers();
    const http = await serveMcpOverHttp({ createServer, port: 0, maxConcurrentRequests: 3 });
    try {
      const clients = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const client = new Client({ name: 'c', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
          return client;
        }),
      );
      const results = await Promise.all(
        clients.flatMap((client) => [1, 2].map(() => client.callTool({ name: 'slow', arguments: {} }))),
      );
      expect(results.map(textOf)).toEqual(Array.from({ length: 12 }, () => 'done'));
      expect(counts.most).toBe(3);
      expect(http.sessions).toBe(6);
      await Promise.all(clients.map((client) => client.close()));
    } finally {
      await http.close();
    }
  });

  it('makes room at maxSessions by closing the least recently used idle session, and closes idle sessions', async () => {
    const { createServer } = slowServers();
    const http = await serveMcpOverHttp({ createServer, port: 0, maxSessions: 2, idleSessionMs: 1_500 });
    try {
      const sessionIds: (string | null)[] = [];
      for (let index = 0; index < 3; index += 1) {
        const answer = await post(http.url, JSON.stringify(initialize));
        expect(answer.status).toBe(200);
        sessionIds.push(answer.headers.get('mcp-session-id'));
      }
      expect(http.sessions).toBe(2);
      const first = await post(http.url, JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }), {
        'mcp-session-id': sessionIds[0] ?? '',
      });
      expect(first.status).toBe(404);
      expect(JSON.parse(first.text)).toMatchObject({ id: 5, error: { code: -32001 } });
      for (let tries = 0; tries < 200 && http.sessions > 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(http.sessions).toBe(0);
      expect((await post(http.url, JSON.stringify(initialize))).status).toBe(200);
    } finally {
      await http.close();
    }
  });
});
