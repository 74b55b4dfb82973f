import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { processesWith, sleepMarker, waitUntil } from '../../../test/support/processes.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { commands } from '../../commands/commands.js';
import { createContextSession } from '../../session/context-session.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { serveContextSession } from './context-mcp-server.js';
import { serveMcpOverHttp } from './serve-mcp-over-http.js';

/**
 * The server's own sessions start no process (shell lines stay off), so these sessions allow them: a
 * prompt whose shell line sleeps an hour is a process the session started, still running when the
 * connection closes.
 */
describe('the context session of an MCP connection', () => {
  it.each([
    ['the client deletes its session', 'delete'],
    ['the server shuts down', 'shutdown'],
  ] as const)('is disposed when %s: the shell line it was running is killed', async (_, ending) => {
    const marker = sleepMarker();
    const root = await useTemporaryDirectory('agent-context-mcp-dispose-');
    await mkdir(path.join(root, '.git'));
    await mkdir(path.join(root, '.claude/commands'), { recursive: true });
    await writeFile(
      path.join(root, '.claude/commands/slow.md'),
      `Wait: !\`sleep ${marker} & sleep ${marker}\`\n`,
    );
    const http = await serveMcpOverHttp({
      port: 0,
      createServer: () => {
        const slashCommands = commands({ run: true });
        const session = createContextSession({
          workspace: localWorkspace(root),
          capabilities: [slashCommands],
        });
        return serveContextSession(session, slashCommands);
      },
    });
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const client = new Client({ name: 'leaving', version: '1.0.0' });
    try {
      await client.connect(transport);
      const prompt = client.getPrompt({ name: 'slow' }).then(
        () => 'answered',
        () => 'ended with the connection',
      );
      await waitUntil(() => processesWith(marker).length >= 2);
      if (ending === 'delete') await transport.terminateSession();
      else await http.close();
      expect(http.sessions).toBe(0);
      await waitUntil(() => processesWith(marker).length === 0);
      await client.close();
      expect(await prompt).toBe('ended with the connection');
    } finally {
      await client.close();
      await http.close();
    }
  });
});
