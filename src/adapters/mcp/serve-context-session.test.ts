import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { processesWith, sleepMarker, waitUntil } from '../../../test/support/processes.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { commands } from '../../commands/commands.js';
import { hooks } from '../../hooks/hooks.js';
import { createContextSession } from '../../session/context-session.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { serveContextSession } from './context-mcp-server.js';
import { serveMcpOverHttp } from './serve-mcp-over-http.js';
import { serveMcpOverStdio } from './serve-mcp-over-stdio.js';

/**
 * A repository whose command `/slow` runs a shell line that sleeps an hour, and whose `PreToolUse`
 * hook does too (in the background and in the foreground, so the hook never answers): the processes
 * `marker` finds are those the session started.
 */
async function sleepyRepository(marker: string): Promise<string> {
  const root = await useTemporaryDirectory('agent-context-mcp-dispose-');
  await mkdir(path.join(root, '.git'));
  await mkdir(path.join(root, '.claude/commands'), { recursive: true });
  await writeFile(
    path.join(root, '.claude/commands/slow.md'),
    `---\nallowed-tools: Bash(sleep:*)\n---\nWait: !\`sleep ${marker} & sleep ${marker}\`\n`,
  );
  const hook = { type: 'command', command: `sleep ${marker} & sleep ${marker}` };
  await writeFile(
    path.join(root, '.claude/settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: '*', hooks: [hook] }] } }),
  );
  return root;
}

/** The server of one connection over `root`, whose session runs shell lines and hooks, with one tool. */
function sleepyServer(root: string) {
  const slashCommands = commands({ run: true });
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [
      slashCommands,
      hooks({ run: true }),
      {
        name: 'echo',
        tools: () => [
          {
            name: 'echo',
            description: 'Echo.',
            inputSchema: { type: 'object', properties: {} },
            execute: () => 'echo',
          },
        ],
      },
    ],
  });
  return serveContextSession(session, slashCommands);
}

/** The client's side of a stdio connection: its messages are lines written to the server's input. */
function lineTransport(toServer: PassThrough, fromServer: PassThrough): Transport {
  let buffered = '';
  const transport: Transport = {
    async start() {
      fromServer.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.trim() !== '') transport.onmessage?.(JSON.parse(line) as JSONRPCMessage);
        }
      });
    },
    async send(message) {
      toServer.write(`${JSON.stringify(message)}\n`);
    },
    async close() {
      toServer.end();
      transport.onclose?.();
    },
  };
  return transport;
}

describe('the context session of an MCP connection over stdio', () => {
  it('is disposed when the client closes the connection: its hook and shell line processes are killed', async () => {
    const marker = sleepMarker();
    const root = await sleepyRepository(marker);
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const served = await serveMcpOverStdio({
      server: sleepyServer(root),
      input: toServer,
      output: fromServer,
      log: () => undefined,
    });
    const client = new Client({ name: 'leaving', version: '1.0.0' });
    await client.connect(lineTransport(toServer, fromServer));
    const prompt = client.getPrompt({ name: 'slow' }).catch(() => 'ended');
    const call = client.callTool({ name: 'echo', arguments: {} }).catch(() => 'ended');
    // Two of each: the background and the foreground sleep of the shell line and of the hook.
    await waitUntil(() => processesWith(marker).length >= 4);
    await client.close();
    await served.closed;
    await waitUntil(() => processesWith(marker).length === 0);
    void prompt;
    void call;
  });
});

/**
 * The server's own sessions start no process (shell lines stay off), so these sessions allow them: a
 * prompt whose shell line sleeps an hour is a process the session started, still running when the
 * connection closes.
 */
describe('the context session of an MCP connection', () => {
  it.each([
    ['the client deletes its session', 'delete'],
    ['the server shuts down', 'shutdown'],
  ] as const)(
    'is disposed when %s: the hook and shell line processes it was running are killed',
    async (_, ending) => {
      const marker = sleepMarker();
      const root = await sleepyRepository(marker);
      const http = await serveMcpOverHttp({ port: 0, createServer: () => sleepyServer(root) });
      const transport = new StreamableHTTPClientTransport(new URL(http.url));
      const client = new Client({ name: 'leaving', version: '1.0.0' });
      try {
        await client.connect(transport);
        const prompt = client.getPrompt({ name: 'slow' }).then(
          () => 'answered',
          () => 'ended with the connection',
        );
        const call = client.callTool({ name: 'echo', arguments: {} }).catch(() => 'ended');
        // Two of each: the background and the foreground sleep of the shell line and of the hook.
        await waitUntil(() => processesWith(marker).length >= 4);
        if (ending === 'delete') await transport.terminateSession();
        else await http.close();
        expect(http.sessions).toBe(0);
        await waitUntil(() => processesWith(marker).length === 0);
        await client.close();
        expect(await prompt).toBe('ended with the connection');
        void call;
      } finally {
        await client.close();
        await http.close();
      }
    },
  );
});
