import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';

const cli = path.join(repositoryRoot, 'dist/cli/main.js');

describe('agent-context mcp answers every request with an id', () => {
  it('answers an oversized request, a batch, JSON-RPC 1.0, array params and bad JSON, and keeps serving', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'AGENTS.md'), 'Use tabs.\n');
    const child = spawn(process.execPath, [cli, 'mcp', '--dir', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const replies = () =>
      stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown });
    const waitFor = async (count: number) => {
      for (let tries = 0; tries < 400 && replies().length < count; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const send = (line: string) => child.stdin.write(`${line}\n`);
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    await waitFor(1);
    child.stdin.write(
      `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(6 * 1024 * 1024)}"}}\n`,
    );
    send(JSON.stringify({ jsonrpc: '1.0', id: 3, method: 'ping' }));
    send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 4, method: 'ping' },
        { jsonrpc: '2.0', id: 5, method: 'ping' },
      ]),
    );
    send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/list', params: [1, 2] }));
    send('{not json');
    send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }));
    await waitFor(8);
    child.stdin.end();
    await new Promise((resolve) => child.once('close', resolve));
    const byId = replies().slice(1);
    expect(byId.map((reply) => [reply.id, reply.error?.code ?? 'result'])).toEqual([
      [null, -32600],
      [3, -32600],
      [4, -32600],
      [5, -32600],
      [6, -32600],
      [null, -32700],
      [7, 'result'],
    ]);
    expect(stderr).toContain('over 4194304 bytes');
  }, 60_000);
});
