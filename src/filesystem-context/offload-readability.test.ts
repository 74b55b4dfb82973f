import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { pageLines } from '../tools/page-lines.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { filesystemContext } from './filesystem-context.js';

async function startRun(root: string) {
  const workspace = recordingWorkspace(localWorkspace(root));
  const session = createContextSession({
    workspace,
    capabilities: [filesystemContext({ offload: { overChars: 1_000 } }), fileTools()],
  });
  const run = await session.startRun();
  let id = 0;
  const call = async (toolName: string, input: unknown, execute?: () => string) =>
    run.executeTool({ id: `call_${++id}`, toolName, input }, execute);
  return { workspace, call };
}

/** Read every page of `label` through read_file, following the headers' offsets. */
async function readAllPages(call: Awaited<ReturnType<typeof startRun>>['call'], label: string) {
  const pages: string[] = [];
  let offset = 1;
  for (;;) {
    const result = await call('read_file', { path: label, offset });
    expect(result.isError).toBe(false);
    const output = result.output as string;
    const header = /^\[read_file: lines (\d+)-(\d+) of (\d+) of [^\n]*\]\n/.exec(output);
    if (header === null) return { pages: [output], text: output };
    pages.push(output);
    const [, , last, total] = header.map(Number) as [number, number, number, number];
    offset = last + 1;
    if (last === total)
      return { pages, text: pages.map((page) => page.slice(page.indexOf('\n') + 1)).join('') };
  }
}

describe('offloaded results read back with read_file', () => {
  it('reads a result holding a NUL, a leading BOM and unpaired surrogates; the preview says what was replaced', async () => {
    const root = await useTemporaryDirectory();
    const { call } = await startRun(root);
    const text = `\uFEFFstart\u0000middle \uD800 lone high, \uDC00 lone low, \uD83D\uDE00 a pair\n${'data line\n'.repeat(300)}`;
    const result = await call('bash', {}, () => text);
    const preview = result.output as string;
    expect(preview).toMatch(/; 2 unpaired surrogate characters are U\+FFFD in the file\)/);
    const label = /saved whole to (\S+) \(/.exec(preview)?.[1] as string;
    const expected = text.replace('\uD800', '\uFFFD').replace('\uDC00', '\uFFFD');
    expect(readFileSync(path.join(root, label)).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const { text: read } = await readAllPages(call, label);
    expect(read).toBe(expected);
  });

  it('says nothing about replacements when every character was kept', async () => {
    const root = await useTemporaryDirectory();
    const { call } = await startRun(root);
    const result = await call('bash', {}, () => 'plain\n'.repeat(500));
    expect(result.output).not.toMatch(/U\+FFFD/);
  });
});

describe('read_file paging a large file', () => {
  it('pages a file over 1 MiB from an index: every page as pageLines cuts it, each reading only its own bytes', async () => {
    const root = await useTemporaryDirectory();
    const lines = Array.from({ length: 40_000 }, (_, index) =>
      index % 997 === 0 ? `${'long é😀 '.repeat(4_000)}\n` : `line ${index} ünïcode 😀\n`,
    );
    const text = `\uFEFF${lines.join('')}`;
    writeFileSync(path.join(root, 'big.txt'), text);
    const { call, workspace } = await startRun(root);
    const first = await call('read_file', { path: 'big.txt' });
    workspace.clearCalls();
    const { pages, text: read } = await readAllPages(call, 'big.txt');
    expect(read).toBe(text);
    // The first page as the whole-text pager gives it, header included.
    const expectedFirst = pageLines(text, {
      offset: 1,
      limit: 2_000,
      maxChars: 100_000,
      maxLineChars: 20_000,
    });
    expect((first.output as string).endsWith(expectedFirst.text)).toBe(true);
    expect(first.output as string).toMatch(
      new RegExp(
        `^\\[read_file: lines 1-${expectedFirst.last} of ${expectedFirst.total} of big.txt \\(lines longer than 20000 characters count as several\\)`,
      ),
    );
    // The index was built by the first call: afterwards one stat and one ranged read per page.
    const reads = workspace.calls.filter((recorded) => recorded.method === 'readFile').length;
    expect(reads).toBe(pages.length);
  });

  it('rebuilds the index when the file changes', async () => {
    const root = await useTemporaryDirectory();
    const file = path.join(root, 'big.txt');
    writeFileSync(file, 'a\n'.repeat(700_000));
    const { call } = await startRun(root);
    expect((await call('read_file', { path: 'big.txt', offset: 3, limit: 1 })).output).toBe(
      '[read_file: lines 3-3 of 700000 of big.txt. To read on, call read_file with offset 4.]\na\n',
    );
    writeFileSync(file, `x\ny\nchanged\n${'b\n'.repeat(700_000)}`);
    expect((await call('read_file', { path: 'big.txt', offset: 3, limit: 1 })).output).toBe(
      '[read_file: lines 3-3 of 700003 of big.txt. To read on, call read_file with offset 4.]\nchanged\n',
    );
  });
});

describe('results offloaded by an earlier process', () => {
  it('reads them as text with read_file; other files holding a NUL stay binary', async () => {
    const root = await useTemporaryDirectory();
    const earlier = await startRun(root);
    const text = `head\u0000tail\n${'row\n'.repeat(400)}`;
    const preview = (await earlier.call('bash', {}, () => text)).output as string;
    const label = /saved whole to (\S+) \(/.exec(preview)?.[1] as string;
    expect(label).toBe('.context/bash-call_1.txt');
    writeFileSync(path.join(root, '.context/notes.bin'), 'a\u0000b\n');
    writeFileSync(path.join(root, 'data.txt'), 'a\u0000b\n');

    // A new workspace and session over the same directory, as in a later process: nothing of the
    // earlier one is remembered but the files on disk.
    const later = await startRun(root);
    const { text: read } = await readAllPages(later.call, label);
    expect(read).toBe(text);
    for (const binary of ['.context/notes.bin', 'data.txt']) {
      const result = await later.call('read_file', { path: binary });
      expect(result).toMatchObject({
        isError: true,
        output: `${binary} is a binary file; read_file only shows text.`,
      });
    }
  });
});
