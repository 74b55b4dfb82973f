import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { repositoryRoot } from '../../../test/support/cli.js';

/** The transports every test of the built `agent-context mcp` runs through. */
export const mcpTransports = ['stdio', 'http'] as const;

export type McpTransportName = (typeof mcpTransports)[number];

const cli = path.join(repositoryRoot, 'dist/cli/main.js');

/** A real `agent-context mcp --http` child process, listening. */
export interface HttpServerProcess {
  /** The endpoint it printed: `http://127.0.0.1:PORT/mcp`. */
  url: string;
  child: ChildProcess;
  /** Its standard error so far. */
  stderr(): string;
  /** SIGTERM, then its exit code and signal once it has exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start `agent-context mcp --http --port 0 --dir DIRECTORY ...args` and wait for its address line. */
export async function startHttpServer(
  directory: string,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<HttpServerProcess> {
  requireBuild();
  const child = spawn(
    process.execPath,
    [cli, 'mcp', '--http', '--port', '0', '--dir', directory, ...(options.args ?? [])],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } },
  );
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = / at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (found?.[1]) resolve(found[1]);
    });
    void exited.then(() => reject(new Error(`agent-context mcp --http exited before listening:\n${stderr}`)));
  });
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** An SDK client connected to the built `agent-context mcp` through one transport. */
export interface McpTestClient {
  client: Client;
  /** Close the client; over HTTP also stop the server, which must exit 0. */
  close(): Promise<void>;
}

/**
 * Connect the SDK's own client to `agent-context mcp --dir DIRECTORY`: over stdio (the client
 * starts the process) or over HTTP (a `--http` process, and the SDK's `StreamableHTTPClientTransport`).
 */
export async function connectClient(directory: string, transport: McpTransportName): Promise<McpTestClient> {
  requireBuild();
  const client = new Client({ name: 'agent-context-test', version: '1.0.0' });
  if (transport === 'stdio') {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli, 'mcp', '--dir', directory],
        stderr: 'pipe',
      }),
    );
    return { client, close: () => client.close() };
  }
  const server = await startHttpServer(directory);
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return {
    client,
    async close() {
      await client.close();
      const exit = await server.stop();
      if (exit.code !== 0) throw new Error(`agent-context mcp --http exited with ${JSON.stringify(exit)}`);
    },
  };
}

function requireBuild(): void {
  if (!existsSync(cli))
    throw new Error('dist/cli/main.js is missing: run `npm run build` before the MCP tests');
}
