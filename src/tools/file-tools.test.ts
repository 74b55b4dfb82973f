import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentContextError } from '../errors.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { fileTools } from './file-tools.js';

let parent: string;
let root: string;
beforeEach(async () => {
  parent = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-context-tools-')));
  root = path.join(parent, 'repo');
  await fs.mkdir(path.join(root, 'src/nested'), { recursive: true });
  await fs.mkdir(path.join(parent, 'outside'));
  await fs.writeFile(path.join(parent, 'outside/secret.txt'), 'secret');
  await fs.writeFile(path.join(root, 'src/a.ts'), 'line 1\nline 2\nline 3\n');
  await fs.writeFile(path.join(root, 'src/binary.bin'), Buffer.from([1, 0, 2]));
  await fs.writeFile(path.join(root, 'empty.txt'), '');
  await fs.symlink('../outside', path.join(root, 'out'));
});
afterEach(async () => {
  await fs.rm(parent, { recursive: true, force: true });
});

async function runWith(options: Parameters<typeof fileTools>[0] = {}) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools(options)],
  });
  const run = await session.startRun();
  let id = 0;
  const call = (toolName: string, input: unknown) => run.executeTool({ id: `call_${++id}`, toolName, input });
  return { run, call };
}

describe('fileTools', () => {
  it('offers read_file, list_directory and the search tools, write_file only when asked', async () => {
    expect((await runWith()).run.tools.map((tool) => tool.name)).toEqual([
      'read_file',
      'list_directory',
      'find_files',
      'search_files',
    ]);
    expect((await runWith({ write: true, search: false })).run.tools.map((tool) => tool.name)).toEqual([
      'read_file',
      'list_directory',
      'write_file',
    ]);
  });

  it('reads a file exactly as written and reports it as touched', async () => {
    const { call } = await runWith();
    expect(await call('read_file', { path: 'src/a.ts' })).toEqual({
      output: 'line 1\nline 2\nline 3\n',
      isError: false,
      touched: [{ path: 'src/a.ts', kind: 'file' }],
    });
  });

  it('pages with a header that says how to read on', async () => {
    const { call } = await runWith();
    expect((await call('read_file', { path: 'src/a.ts', limit: 2 })).output).toBe(
      '[read_file: lines 1-2 of 3 of src/a.ts. To read on, call read_file with offset 3.]\nline 1\nline 2\n',
    );
    expect((await call('read_file', { path: 'src/a.ts', offset: 3 })).output).toBe(
      '[read_file: lines 3-3 of 3 of src/a.ts. This is the end of the file.]\nline 3\n',
    );
  });

  it('reads a large single-line file back exactly, page by page', async () => {
    const text = Array.from({ length: 30_000 }, (_, index) => String.fromCharCode(97 + (index % 26)))
      .join('')
      .repeat(8);
    await fs.writeFile(path.join(root, 'big.txt'), text);
    const { call } = await runWith({ maxChars: 50_000, maxLineChars: 50_000 });
    let offset = 1;
    let joined = '';
    for (let pages = 0; pages < 10; pages += 1) {
      const { output, isError } = await call('read_file', { path: 'big.txt', offset });
      expect(isError).toBe(false);
      const [header, ...body] = String(output).split('\n');
      joined += body.join('\n');
      const next = /offset (\d+)/.exec(header!);
      if (!next) break;
      offset = Number(next[1]);
    }
    expect(joined).toBe(text);
  });

  it('returns clear tool errors for missing, binary, directory, escaping and past-the-end reads', async () => {
    const { call } = await runWith();
    const errors = await Promise.all([
      call('read_file', { path: 'src/missing.ts' }),
      call('read_file', { path: 'src/binary.bin' }),
      call('read_file', { path: 'src' }),
      call('read_file', { path: '../outside/secret.txt' }),
      call('read_file', { path: 'out/secret.txt' }),
      call('read_file', { path: 'src/a.ts', offset: 9 }),
    ]);
    expect(errors.map((result) => [result.isError, result.output])).toEqual([
      [true, '"src/missing.ts" does not exist.'],
      [true, 'src/binary.bin is a binary file; read_file only shows text.'],
      [true, '"src" is not a regular file (for a directory, use list_directory).'],
      [
        true,
        '"../outside/secret.txt" is outside the workspace; use a path inside it (relative to the working directory).',
      ],
      [
        true,
        '"out/secret.txt" is outside the workspace; use a path inside it (relative to the working directory).',
      ],
      [true, 'offset 9 is past the end of src/a.ts, which has 3 lines.'],
    ]);
    expect(errors.every((result) => result.touched === undefined)).toBe(true);
  });

  it('says so when a file is empty', async () => {
    const { call } = await runWith();
    expect((await call('read_file', { path: 'empty.txt' })).output).toBe('[read_file: empty.txt is empty.]');
  });

  it('lists a directory with markers and a cut, and reports it as touched', async () => {
    const { call } = await runWith({ maxEntries: 2 });
    expect(await call('list_directory', { path: '.' })).toEqual({
      output: 'empty.txt\nout@\n[1 more]',
      isError: false,
      touched: [{ path: '.', kind: 'directory' }],
    });
    expect((await call('list_directory', { path: 'src' })).output).toBe('a.ts\nbinary.bin\n[1 more]');
    expect((await call('list_directory', { path: 'src/nested' })).output).toBe(
      '[list_directory: src/nested is empty.]',
    );
    expect((await call('list_directory', { path: 'src/a.ts' })).output).toBe(
      '"src/a.ts" is not a directory.',
    );
  });

  it('writes files inside the workspace and refuses escapes', async () => {
    const { call } = await runWith({ write: true });
    expect(await call('write_file', { path: 'src/nested/new.ts', content: 'new\n' })).toEqual({
      output: 'Wrote 4 characters to src/nested/new.ts.',
      isError: false,
      touched: [{ path: 'src/nested/new.ts', kind: 'file' }],
    });
    expect(await fs.readFile(path.join(root, 'src/nested/new.ts'), 'utf8')).toBe('new\n');
    expect((await call('write_file', { path: 'out/evil.txt', content: 'x' })).isError).toBe(true);
    await expect(fs.stat(path.join(parent, 'outside/evil.txt'))).rejects.toThrow();
  });

  it('refuses write: true on a read-only workspace when created', () => {
    expect(() => fileTools({ workspace: memoryWorkspace({}, { writable: false }), write: true })).toThrow(
      AgentContextError,
    );
  });
});
