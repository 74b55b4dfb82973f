import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { guardedInput, maxRequestBytes, tooLargeMessage } from './guarded-input.js';

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
      [2, -32600],
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

describe('guardedInput', () => {
  /** Every line that reaches the SDK's side, every answer written back and every log line. */
  const feed = async (chunks: Buffer[]) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const logged: string[] = [];
    const passed = guardedInput(input, output, (line) => logged.push(line));
    const read = (stream: Readable) =>
      new Promise<string>((resolve) => {
        let text = '';
        stream.on('data', (chunk) => {
          text += chunk;
        });
        stream.on('end', () => resolve(text));
      });
    const passedText = read(passed);
    for (const chunk of chunks) input.write(chunk);
    input.end();
    const text = await passedText;
    output.end();
    const answers = (await read(output)).split('\n').filter((line) => line !== '');
    return { passed: text.split('\n').filter((line) => line !== ''), answers, logged };
  };
  const ping = `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`;
  const oversized = (bytes: number) =>
    `${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping', params: { pad: 'x'.repeat(bytes) } })}\n`;

  it('refuses a line over the limit that arrives whole in one chunk, and passes the next one on', async () => {
    const result = await feed([Buffer.from(oversized(maxRequestBytes) + ping)]);
    expect(result.passed).toEqual([ping.trim()]);
    expect(result.answers.map((answer) => JSON.parse(answer))).toEqual([
      { jsonrpc: '2.0', id: 8, error: { code: -32600, message: tooLargeMessage } },
    ]);
    expect(result.logged).toHaveLength(1);
  });

  it('answers a line over the limit with the id written after its params, or null when it has none', async () => {
    const late = `{"method":"tools/call","params":{"pad":"${'x'.repeat(maxRequestBytes)}"},"jsonrpc":"2.0","id":"late-1"}\n`;
    const none = `{"method":"notifications/x","params":{"pad":"${'x'.repeat(maxRequestBytes)}"},"jsonrpc":"2.0"}\n`;
    const lateBytes = Buffer.from(late);
    const result = await feed([
      lateBytes.subarray(0, 70_000),
      lateBytes.subarray(70_000),
      Buffer.from(none),
      Buffer.from(ping),
    ]);
    expect(result.passed).toEqual([ping.trim()]);
    expect(result.answers.map((answer) => JSON.parse(answer).id)).toEqual(['late-1', null]);
    expect(result.answers.every((answer) => answer.includes(String(maxRequestBytes)))).toBe(true);
  });

  it('refuses a line over the limit that ends in the chunk that makes it too large', async () => {
    const line = Buffer.from(oversized(maxRequestBytes));
    const result = await feed([line.subarray(0, 1000), line.subarray(1000), Buffer.from(ping)]);
    expect(result.passed).toEqual([ping.trim()]);
    expect(result.answers).toHaveLength(1);
  });

  it('passes on a line just under the limit, split over chunks', async () => {
    const line = Buffer.from(oversized(maxRequestBytes - 200));
    expect(line.length - 1).toBeLessThanOrEqual(maxRequestBytes);
    const result = await feed([line.subarray(0, 3), line.subarray(3)]);
    expect(result.passed).toHaveLength(1);
    expect(result.answers).toEqual([]);
  });
});
