import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { connectionRuns } from './connection-runs.js';
import { serveSessionTools } from './serve-session-tools.js';

describe('serveSessionTools', () => {
  it('serves a burst of calls from one run, at most 4 executing at once, every call answered', async () => {
    let running = 0;
    let most = 0;
    const session = createContextSession({
      workspace: memoryWorkspace({}),
      capabilities: [
        {
          name: 'slow',
          tools: () => [
            {
              name: 'slow',
              description: 'Waits a little.',
              inputSchema: z.object({ index: z.number() }),
              async execute({ index }: { index: number }) {
                running += 1;
                most = Math.max(most, running);
                await new Promise((resolve) => setTimeout(resolve, 5));
                running -= 1;
                return `done ${index}`;
              },
            },
          ],
        },
      ],
    });
    let runs = 0;
    const server = new Server({ name: 'test', version: '1.0.0' });
    serveSessionTools(
      server,
      connectionRuns(() => {
        runs += 1;
        return session.startRun();
      }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) => client.callTool({ name: 'slow', arguments: { index } })),
      );
      expect(results.map((result) => (result.content as Array<{ text: string }>)[0]?.text)).toEqual(
        Array.from({ length: 40 }, (_, index) => `done ${index}`),
      );
      expect(runs).toBe(1);
      expect(most).toBeLessThanOrEqual(4);
      expect(most).toBeGreaterThan(1);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
