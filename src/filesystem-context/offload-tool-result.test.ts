import { mkdir, readdir, readFile, writeFile as writeHostFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { AgentContextError } from '../errors.js';
import type { ToolCall } from '../session/capability.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { fakeRun } from './fake-run.test-support.js';
import { filesystemContext } from './filesystem-context.js';
import type { OffloadOptions } from './filesystem-context-options.js';

async function setup(offload: boolean | OffloadOptions = true, wrap?: (workspace: Workspace) => Workspace) {
  const root = await useTemporaryDirectory();
  const workspace = wrap ? wrap(localWorkspace(root)) : localWorkspace(root);
  const capability = filesystemContext({ workspace, offload });
  const { run, events } = fakeRun(workspace);
  const call = async (toolName: string, id: string, output: unknown, isError = false) => {
    const toolCall: ToolCall = { id, toolName, input: {} };
    const change = await capability.afterToolCall?.(toolCall, { output, isError }, run);
    return change ? change.output : output;
  };
  return { root, call, events };
}

describe('filesystemContext offload', () => {
  it('offloads a 45,000-character result to .context/<tool>-<id>.txt with a short tool message', async () => {
    const { root, call, events } = await setup();
    const text = Array.from({ length: 3_000 }, (_, index) => `row ${String(index).padStart(10, '0')}\n`).join(
      '',
    );
    expect(text).toHaveLength(45_000);
    const output = (await call('bash', 'call_1', text)) as string;
    expect(output.length).toBeLessThan(2_000);
    expect(output).toContain('.context/bash-call_1.txt');
    expect(output).toContain('read_file');
    expect(await readFile(path.join(root, '.context/bash-call_1.txt'), 'utf8')).toBe(text);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'offloaded',
        reason: 'offload',
        path: '.context/bash-call_1.txt',
        trigger: 'call_1',
      }),
    ]);
  });

  it('never offloads read_file, so reading an offloaded file back returns it whole', async () => {
    const { call } = await setup();
    const text = 'r'.repeat(45_000);
    expect(await call('read_file', 'call_2', text)).toBe(text);
  });

  it('offloads one character over overChars but not exactly overChars', async () => {
    const { root, call } = await setup({ overChars: 100 });
    expect(await call('bash', 'exact', 'e'.repeat(100))).toBe('e'.repeat(100));
    expect(await call('bash', 'over', 'o'.repeat(101))).not.toBe('o'.repeat(101));
    expect(await readdir(path.join(root, '.context'))).toEqual(['bash-over.txt']);
  });

  it('keeps error results inline however long they are', async () => {
    const { root, call } = await setup({ overChars: 10 });
    expect(await call('bash', 'failed', 'stack trace '.repeat(100), true)).toBe('stack trace '.repeat(100));
    await expect(readdir(path.join(root, '.context'))).rejects.toThrow();
  });

  it('shows previewChars characters of the result, head and tail', async () => {
    const { call } = await setup({ overChars: 100, previewChars: 40 });
    const output = (await call(
      'bash',
      'p',
      `${'h'.repeat(20)}${'m'.repeat(1_000)}${'t'.repeat(20)}`,
    )) as string;
    expect(output.split('\n').slice(1, 4)).toEqual([
      'h'.repeat(20),
      expect.stringContaining('1000 characters omitted'),
      't'.repeat(20),
    ]);
    expect(output.split('\n')).toHaveLength(5);
  });

  it('writes to a custom directory, created on demand inside the workspace', async () => {
    const { root, call } = await setup({ overChars: 10, directory: 'tmp/tool-output' });
    const output = (await call('grep', 'id-7', 'match\n'.repeat(10))) as string;
    expect(output).toContain('tmp/tool-output/grep-id-7.txt');
    expect(await readFile(path.join(root, 'tmp/tool-output/grep-id-7.txt'), 'utf8')).toBe(
      'match\n'.repeat(10),
    );
  });

  it('adds a custom exclude list to read_file instead of replacing it', async () => {
    const { call } = await setup({ overChars: 10, exclude: ['web_fetch'] });
    const text = 'w'.repeat(50);
    expect(await call('web_fetch', 'a', text)).toBe(text);
    expect(await call('read_file', 'b', text)).toBe(text);
    expect(await call('bash', 'c', text)).not.toBe(text);
  });

  it('keeps the full result inline with a diagnostic when the write fails', async () => {
    const noSpace = async (filePath: string) => {
      throw new AgentContextError(`Could not write ${filePath}: ENOSPC`, {
        code: 'write-failed',
        reason: 'ENOSPC',
      });
    };
    const failing = (workspace: Workspace): Workspace => ({
      ...workspace,
      writeFile: noSpace,
      createFile: noSpace,
    });
    const { call, events } = await setup({ overChars: 10 }, failing);
    const text = 'k'.repeat(500);
    expect(await call('bash', 'call_9', text)).toBe(text);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'diagnostic',
        reason: 'offload',
        trigger: 'call_9',
        diagnostic: expect.objectContaining({
          code: 'offload-failed',
          message: expect.stringContaining('ENOSPC'),
        }),
      }),
    ]);
  });

  it('never splits a surrogate pair in the preview and writes the exact unicode text', async () => {
    const { root, call } = await setup({ overChars: 100, previewChars: 11 });
    const text = `é${'😀'.repeat(200)}ü`;
    const output = (await call('bash', 'u', text)) as string;
    expect(output.split('\n').slice(1, 4)).toEqual(['é😀😀', expect.any(String), '😀😀ü']);
    expect(output).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(await readFile(path.join(root, '.context/bash-u.txt'), 'utf8')).toBe(text);
  });

  it('offloads an object as JSON, measured compact and written indented', async () => {
    const { root, call } = await setup({ overChars: 1_000 });
    const small = { rows: [1, 2, 3] };
    expect(await call('query', 'small', small)).toBe(small);
    const big = { rows: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `row ${index}` })) };
    const output = await call('query', 'big', big);
    expect(typeof output).toBe('string');
    const written = await readFile(path.join(root, '.context/query-big.txt'), 'utf8');
    expect(written).toBe(JSON.stringify(big, null, 2));
    expect(JSON.parse(written)).toEqual(big);
  });

  it('offloads an array, and leaves numbers, bytes and unserialisable values alone', async () => {
    const { root, call, events } = await setup({ overChars: 10 });
    expect(typeof (await call('list', 'arr', ['a'.repeat(20)]))).toBe('string');
    expect(await readFile(path.join(root, '.context/list-arr.txt'), 'utf8')).toBe(
      `[\n  "${'a'.repeat(20)}"\n]`,
    );
    const bytes = new Uint8Array(100);
    expect(await call('bytes', 'b', bytes)).toBe(bytes);
    expect(await call('number', 'n', 12345678901234)).toBe(12345678901234);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(await call('cyclic', 'c', cyclic)).toBe(cyclic);
    expect(events.at(-1)?.diagnostic?.code).toBe('offload-failed');
  });

  it('never overwrites a file of another call: a taken name gets a numeric suffix', async () => {
    const { root, call } = await setup({ overChars: 10 });
    await mkdir(path.join(root, '.context'));
    await writeHostFile(path.join(root, '.context/bash-same.txt'), 'earlier call');
    const first = (await call('bash', 'same', 'first result!')) as string;
    const second = (await call('bash', 'same', 'second result'.repeat(2))) as string;
    expect(first).toContain('.context/bash-same.2.txt');
    expect(second).toContain('.context/bash-same.3.txt');
    expect(await readFile(path.join(root, '.context/bash-same.txt'), 'utf8')).toBe('earlier call');
    expect(await readFile(path.join(root, '.context/bash-same.2.txt'), 'utf8')).toBe('first result!');
  });

  it("leaves another call's file alone when a workspace reports an existing file as write-failed", async () => {
    // A host's own workspace: no createFile, and an exclusive writeFile that fails untyped.
    const strict = ({ createFile: _, ...workspace }: Workspace): Workspace => ({
      ...workspace,
      writeFile: async (filePath, data, options) => {
        if (options?.exclusive && (await workspace.stat(filePath))) {
          throw new AgentContextError(`Could not write ${filePath}: EEXIST`, {
            code: 'write-failed',
            reason: 'EEXIST',
          });
        }
        return workspace.writeFile!(filePath, data, options);
      },
    });
    const { root, call } = await setup({ overChars: 10 }, strict);
    await mkdir(path.join(root, '.context'));
    await writeHostFile(path.join(root, '.context/bash-x.txt'), 'earlier call');
    expect(await call('bash', 'x', 'new result here')).toContain('.context/bash-x.2.txt');
    expect(await readFile(path.join(root, '.context/bash-x.txt'), 'utf8')).toBe('earlier call');
  });

  it('removes the partial file a failed write left, and only that', async () => {
    const noSpace = (filePath: string) =>
      new AgentContextError(`Could not write ${filePath}: ENOSPC`, {
        code: 'write-failed',
        reason: 'ENOSPC',
      });
    const partial = (workspace: Workspace): Workspace => ({
      ...workspace,
      writeFile: async (filePath, data, options) => {
        await workspace.writeFile!(filePath, String(data).slice(0, 5), options);
        throw noSpace(filePath);
      },
      createFile: async (filePath, data) => {
        await workspace.createFile!(filePath, String(data).slice(0, 5));
        throw noSpace(filePath);
      },
    });
    const { root, call } = await setup({ overChars: 10 }, partial);
    await mkdir(path.join(root, '.context'));
    await writeHostFile(path.join(root, '.context/other-y.txt'), 'unrelated');
    expect(await call('bash', 'y', 'a long enough result')).toBe('a long enough result');
    expect(await readdir(path.join(root, '.context'))).toEqual(['other-y.txt']);
  });

  it('asks a workspace with createFile one request per offload, one more per taken name', async () => {
    let recording: ReturnType<typeof recordingWorkspace> | undefined;
    const { root, call } = await setup({ overChars: 10 }, (workspace) => {
      recording = recordingWorkspace(workspace);
      return recording;
    });
    expect(await call('bash', 'one', 'first result!')).toContain('.context/bash-one.txt');
    expect(recording!.calls.map((entry) => [entry.method, entry.path])).toEqual([
      ['createFile', '.context/bash-one.txt'],
    ]);
    recording!.clearCalls();
    await writeHostFile(path.join(root, '.context/bash-two.txt'), 'earlier call');
    expect(await call('bash', 'two', 'second result')).toContain('.context/bash-two.2.txt');
    expect(recording!.calls.map((entry) => [entry.method, entry.path])).toEqual([
      ['createFile', '.context/bash-two.txt'],
      ['createFile', '.context/bash-two.2.txt'],
    ]);
    expect(await readFile(path.join(root, '.context/bash-two.txt'), 'utf8')).toBe('earlier call');
  });

  it('asks a workspace without createFile the directory and the name first, then writes', async () => {
    let recording: ReturnType<typeof recordingWorkspace> | undefined;
    const { call } = await setup({ overChars: 10 }, ({ createFile: _, ...workspace }) => {
      recording = recordingWorkspace(workspace);
      return recording;
    });
    expect(await call('bash', 'one', 'first result!')).toContain('.context/bash-one.txt');
    expect(recording!.calls.map((entry) => [entry.method, entry.paths ?? entry.path])).toEqual([
      ['statPaths', ['.context', '.context/bash-one.txt']],
      ['writeFile', '.context/bash-one.txt'],
    ]);
  });

  it('says the offload directory is a file when a create fails below it', async () => {
    const { root, call, events } = await setup({ overChars: 10 });
    await writeHostFile(path.join(root, '.context'), 'not a folder');
    expect(await call('bash', 'f', 'a long enough result')).toBe('a long enough result');
    expect(events.at(-1)?.diagnostic?.message).toContain(
      '.context is a file, not a directory; remove or rename it',
    );
    expect(await readFile(path.join(root, '.context'), 'utf8')).toBe('not a folder');
  });

  it('gives parallel calls whose ids sanitise alike a file each', async () => {
    const { root, call } = await setup({ overChars: 10 });
    const results = ['a/b', 'a.b', 'a b', 'a:b'].map((id, index) => call('bash', id, `${index}`.repeat(20)));
    await Promise.all(results);
    const names = (await readdir(path.join(root, '.context'))).sort();
    expect(names).toEqual(['bash-a_b.2.txt', 'bash-a_b.3.txt', 'bash-a_b.4.txt', 'bash-a_b.txt']);
    const contents = await Promise.all(
      names.map((name) => readFile(path.join(root, '.context', name), 'utf8')),
    );
    expect(contents.sort()).toEqual(['0', '1', '2', '3'].map((digit) => digit.repeat(20)));
  });
});
