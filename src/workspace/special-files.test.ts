import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from './local-workspace.js';
import { openVerified, platformVerification } from './open-verified.js';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A root holding a FIFO (`pipe`) and a listening Unix socket (`socket`), plus an outside file. */
async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  execFileSync('mkfifo', [path.join(root, 'pipe')]);
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path.join(root, 'socket'), resolve));
  writeFileSync(path.join(outside, 'shared.txt'), 'OUTSIDE');
  return { root, outside };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAgentContextError(error)) return error.code;
    throw error;
  }
  throw new Error('expected the operation to be refused');
}

describe('special files', () => {
  it.each(['pipe', 'socket'])('refuses %s for every open, without blocking', async (name) => {
    const { root } = await setUp();
    const workspace = localWorkspace(root);
    expect(await codeOf(workspace.readFile(name))).toBe('not-a-file');
    expect(await codeOf(workspace.readdir(name))).toBe('not-a-directory');
    expect(await codeOf(workspace.writeFile!(name, 'x'))).toBe('not-a-file');
    expect(await codeOf(workspace.writeFile!(name, 'x', { exclusive: true }))).toBe('already-exists');
    expect((await workspace.stat(name))?.kind).toBe('other');
  });

  it('names what the special file is', async () => {
    const { root } = await setUp();
    const workspace = localWorkspace(root);
    await expect(workspace.readFile('pipe')).rejects.toThrow(/pipe is a named pipe \(FIFO\)/);
    await expect(workspace.writeFile!('socket', 'x')).rejects.toThrow(/socket is a socket/);
  });

  it('keeps the thread pool free: many writes to a FIFO, then ordinary reads still answer', async () => {
    const { root } = await setUp();
    const workspace = localWorkspace(root);
    writeFileSync(path.join(root, 'plain.txt'), 'plain');
    const writes = Array.from({ length: 16 }, () => codeOf(workspace.writeFile!('pipe', 'x')));
    expect(new Set(await Promise.all(writes))).toEqual(new Set(['not-a-file']));
    expect(Buffer.from((await workspace.readFile('plain.txt')).bytes).toString()).toBe('plain');
  });

  it('refuses a FIFO or socket that replaces a checked file before the open', async () => {
    const { root } = await setUp();
    const context = {
      realRoot: root,
      requested: 'pipe',
      method: platformVerification,
      recheck: async () => path.join(root, 'pipe'),
    };
    // Opened straight away, as if the check had seen a regular file there.
    expect(await codeOf(openVerified(path.join(root, 'pipe'), 'file', context))).toBe('not-a-file');
    expect(await codeOf(openVerified(path.join(root, 'socket'), 'file', context))).toBe('not-a-file');
  });

  it('gives the file tools a clear error for special files', async () => {
    const { root } = await setUp();
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools({ write: true })],
    });
    const run = await session.startRun();
    const read = await run.executeTool({ id: '1', toolName: 'read_file', input: { path: 'pipe' } });
    expect(read).toEqual({
      output: '"pipe" is a named pipe (FIFO), not a regular file; it was not opened.',
      isError: true,
    });
    const write = await run.executeTool({
      id: '2',
      toolName: 'write_file',
      input: { path: 'socket', content: 'x' },
    });
    expect(write).toEqual({
      output: '"socket" is a socket, not a regular file; it was not opened.',
      isError: true,
    });
    const list = await run.executeTool({ id: '3', toolName: 'list_directory', input: { path: 'pipe' } });
    expect(list).toEqual({ output: '"pipe" is not a directory.', isError: true });
  });
});

describe('hard links', () => {
  it('reads a hard-linked file by default, and refuses it with refuseHardLinks', async () => {
    const { root, outside } = await setUp();
    linkSync(path.join(outside, 'shared.txt'), path.join(root, 'linked.txt'));
    expect(Buffer.from((await localWorkspace(root).readFile('linked.txt')).bytes).toString()).toBe('OUTSIDE');
    const strict = localWorkspace(root, { refuseHardLinks: true });
    expect(await codeOf(strict.readFile('linked.txt'))).toBe('hard-linked');
    writeFileSync(path.join(root, 'single.txt'), 'one name');
    expect(Buffer.from((await strict.readFile('single.txt')).bytes).toString()).toBe('one name');
  });

  it('never writes through a hard link: the file is replaced, the outside name keeps its bytes', async () => {
    const { root, outside } = await setUp();
    linkSync(path.join(outside, 'shared.txt'), path.join(root, 'linked.txt'));
    await fs.chmod(path.join(root, 'linked.txt'), 0o640);
    await localWorkspace(root).writeFile!('linked.txt', 'INSIDE');
    expect(readFileSync(path.join(outside, 'shared.txt'), 'utf8')).toBe('OUTSIDE');
    expect(readFileSync(path.join(root, 'linked.txt'), 'utf8')).toBe('INSIDE');
    expect(statSync(path.join(root, 'linked.txt')).mode & 0o777).toBe(0o640);
    expect(statSync(path.join(root, 'linked.txt')).nlink).toBe(1);
    expect((await fs.readdir(root)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('verification by device and inode (the method used where /proc is missing)', () => {
  it('refuses a descriptor that is not the object the check now finds', async () => {
    const { root, outside } = await setUp();
    writeFileSync(path.join(root, 'inside.txt'), 'INSIDE');
    const context = {
      realRoot: root,
      requested: 'inside.txt',
      method: 'inode' as const,
      recheck: async () => path.join(root, 'inside.txt'),
    };
    const opened = await openVerified(path.join(root, 'inside.txt'), 'file', context);
    await opened.handle.close();
    expect(opened.path).toBe(path.join(root, 'inside.txt'));
    // The open went elsewhere (as through a swapped-in symlink): the inodes differ.
    expect(await codeOf(openVerified(path.join(outside, 'shared.txt'), 'file', context))).toBe(
      'path-outside-workspace',
    );
    // The path vanished by the time of the second check.
    const vanished = { ...context, recheck: async () => undefined };
    expect(await codeOf(openVerified(path.join(root, 'inside.txt'), 'file', vanished))).toBe(
      'path-outside-workspace',
    );
  });
});
