import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { AgentContextError } from '../errors.js';
import { localWorkspace } from './local-workspace.js';
import { readTextFile } from './read-text-file.js';

async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'packages', 'app'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(root, 'AGENTS.md'), 'root rules\n');
  await writeFile(path.join(root, 'packages', 'app', 'AGENTS.md'), 'app rules\n');
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  return { base, root, outside };
}

function makeFifo(filePath: string) {
  execFileSync('mkfifo', [filePath]);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AgentContextError);
    return (error as AgentContextError).code;
  }
  throw new Error('expected the operation to be refused');
}

describe('localWorkspace', () => {
  it('resolves relative paths against cwd and accepts absolute paths inside root', async () => {
    const { root } = await setUp();
    const workspace = localWorkspace(root, { cwd: 'packages/app' });
    expect((await readTextFile(workspace, 'AGENTS.md')).text).toBe('app rules\n');
    expect((await readTextFile(workspace, '../../AGENTS.md')).text).toBe('root rules\n');
    expect((await readTextFile(workspace, path.join(root, 'AGENTS.md'))).text).toBe('root rules\n');
  });

  it('refuses .. escapes, absolute paths outside root and NUL bytes with a typed error', async () => {
    const { root, outside } = await setUp();
    const workspace = localWorkspace(root);
    expect(await codeOf(workspace.readFile('../outside/secret.txt'))).toBe('path-outside-workspace');
    expect(await codeOf(workspace.readFile(path.join(outside, 'secret.txt')))).toBe('path-outside-workspace');
    expect(await codeOf(workspace.stat('AGENTS.md\0.png'))).toBe('invalid-path');
    expect(() => workspace.resolve('packages/../../x')).toThrow(/outside the workspace root/);
  });

  it('refuses a file symlink leaving root without touching its target (a FIFO that would block)', async () => {
    const { root, outside } = await setUp();
    makeFifo(path.join(outside, 'pipe'));
    await symlink(path.join(outside, 'pipe'), path.join(root, 'link.md'));
    const workspace = localWorkspace(root);
    expect(await codeOf(workspace.readFile('link.md'))).toBe('path-outside-workspace');
    expect(await codeOf(workspace.stat('link.md'))).toBe('path-outside-workspace');
  });

  it('refuses a directory symlink leaving root at any segment, relative or absolute', async () => {
    const { root, outside } = await setUp();
    await symlink('../../outside', path.join(root, 'packages', 'escape'));
    await symlink(outside, path.join(root, 'packages', 'app', 'absolute-escape'));
    const workspace = localWorkspace(root);
    const error = await workspace.readFile('packages/escape/secret.txt').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'path-outside-workspace', path: 'packages/escape/secret.txt' });
    expect((error as Error).message).toContain('symlink');
    expect(await codeOf(workspace.readdir('packages/app/absolute-escape'))).toBe('path-outside-workspace');
    expect(await codeOf(workspace.writeFile!('packages/escape/new.txt', 'x'))).toBe('path-outside-workspace');
  });

  it('follows symlinks that stay inside root and reports them', async () => {
    const { root } = await setUp();
    await symlink('AGENTS.md', path.join(root, 'CLAUDE.md'));
    await symlink('packages/app', path.join(root, 'app-link'));
    const workspace = localWorkspace(root);
    expect(await workspace.stat('CLAUDE.md')).toMatchObject({ kind: 'file', symlink: true });
    expect(await workspace.realpath('CLAUDE.md')).toBe(path.join(workspace.root, 'AGENTS.md'));
    expect((await readTextFile(workspace, 'app-link/AGENTS.md')).text).toBe('app rules\n');
  });

  it('reports a FIFO as other and never opens it', async () => {
    const { root } = await setUp();
    makeFifo(path.join(root, 'pipe'));
    const workspace = localWorkspace(root);
    expect(await workspace.stat('pipe')).toMatchObject({ kind: 'other' });
    expect(await codeOf(workspace.readFile('pipe'))).toBe('not-a-file');
    expect(await workspace.readdir('.')).toContainEqual({ name: 'pipe', kind: 'other' });
  });

  it('ends a symlink loop with symlink-loop instead of hanging', async () => {
    const { root } = await setUp();
    await symlink('b', path.join(root, 'a'));
    await symlink('a', path.join(root, 'b'));
    const workspace = localWorkspace(root);
    expect(await codeOf(workspace.readFile('a'))).toBe('symlink-loop');
  });

  it('returns the head of a file under maxBytes and says it was cut', async () => {
    const { root } = await setUp();
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(10_000));
    const result = await localWorkspace(root).readFile('big.txt', { maxBytes: 100 });
    expect(result.bytes.byteLength).toBe(100);
    expect(result).toMatchObject({ size: 10_000, truncated: true });
    const whole = await localWorkspace(root).readFile('big.txt', { maxBytes: 20_000 });
    expect(whole).toMatchObject({ size: 10_000, truncated: false });
  });

  it('returns undefined from stat for a missing path and not-found from readFile', async () => {
    const { root } = await setUp();
    const workspace = localWorkspace(root);
    expect(await workspace.stat('missing/deeper/file.md')).toBeUndefined();
    expect(await workspace.stat('AGENTS.md/child')).toBeUndefined();
    expect(await codeOf(workspace.readFile('missing.md'))).toBe('not-found');
    expect(await codeOf(workspace.readFile('packages'))).toBe('not-a-file');
    expect(await codeOf(workspace.readdir('AGENTS.md'))).toBe('not-a-directory');
  });

  it('lists a directory sorted by code point with symlinks unresolved', async () => {
    const { root } = await setUp();
    await writeFile(path.join(root, 'b.md'), '');
    await writeFile(path.join(root, 'B.md'), '');
    await writeFile(path.join(root, '\u{1F600}.md'), '');
    await writeFile(path.join(root, '\uFF5E.md'), '');
    await symlink('b.md', path.join(root, 'c.md'));
    const entries = await localWorkspace(root).readdir('.');
    expect(entries.map((entry) => entry.name)).toEqual([
      'AGENTS.md',
      'B.md',
      'b.md',
      'c.md',
      'packages',
      '\uFF5E.md',
      '\u{1F600}.md',
    ]);
    expect(entries.find((entry) => entry.name === 'c.md')?.kind).toBe('symlink');
  });

  it('sorts a directory of regular files only by code point too', async () => {
    const { root } = await setUp();
    const names = ['b.md', 'B.md', '\u{1F600}.md', '\uFF5E.md', '\uE000.md', 'a.md'];
    await mkdir(path.join(root, 'flat'));
    for (const name of names) await writeFile(path.join(root, 'flat', name), '');
    const entries = await localWorkspace(root).readdir('flat');
    expect(entries).toEqual(
      ['B.md', 'a.md', 'b.md', '\uE000.md', '\uFF5E.md', '\u{1F600}.md'].map((name) => ({
        name,
        kind: 'file',
      })),
    );
  });

  it('writes files creating parents, and refuses to overwrite in exclusive mode', async () => {
    const { root } = await setUp();
    const workspace = localWorkspace(root);
    await workspace.writeFile!('.context/tool-1.txt', 'result');
    expect(await readFile(path.join(root, '.context', 'tool-1.txt'), 'utf8')).toBe('result');
    expect(await codeOf(workspace.writeFile!('.context/tool-1.txt', 'other', { exclusive: true }))).toBe(
      'already-exists',
    );
    expect(await readFile(path.join(root, '.context', 'tool-1.txt'), 'utf8')).toBe('result');
  });

  it('allows host access when contained is false', async () => {
    const { root, outside } = await setUp();
    const workspace = localWorkspace(root, { contained: false });
    expect((await readTextFile(workspace, '../outside/secret.txt')).text).toBe('secret');
    expect((await readTextFile(workspace, path.join(outside, 'secret.txt'))).text).toBe('secret');
  });

  it('accepts paths under a symlinked alias of the root', async () => {
    const { base, root } = await setUp();
    const alias = path.join(base, 'alias');
    await symlink(root, alias);
    const workspace = localWorkspace(alias);
    expect(workspace.root).toBe(root);
    expect((await readTextFile(workspace, path.join(alias, 'AGENTS.md'))).text).toBe('root rules\n');
  });

  it('rejects a working directory outside root', async () => {
    const { root } = await setUp();
    expect(() => localWorkspace(root, { cwd: '../elsewhere' })).toThrow(/not inside the workspace root/);
  });

  it('refuses a root that does not exist or is not a directory, at construction, and never creates it', async () => {
    const { base, root } = await setUp();
    const missing = path.join(base, 'missing');
    for (const [candidate, reason] of [
      [missing, 'does not exist'],
      [path.join(root, 'AGENTS.md'), 'not a directory'],
    ] as const) {
      let thrown: unknown;
      try {
        localWorkspace(candidate, { cwd: 'sub' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AgentContextError);
      expect(thrown).toMatchObject({ code: 'not-found', path: candidate, reason });
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('resolves a working directory given through a symlink to its real path', async () => {
    const { base, root } = await setUp();
    await symlink(path.join(root, 'packages/app'), path.join(root, 'app-link'));
    await symlink(root, path.join(base, 'alias'));
    expect(localWorkspace(root, { cwd: 'app-link' }).cwd).toBe(path.join(root, 'packages/app'));
    expect(localWorkspace(root, { cwd: path.join(base, 'alias/packages') }).cwd).toBe(
      path.join(root, 'packages'),
    );
    await symlink(base, path.join(root, 'up'));
    expect(() => localWorkspace(root, { cwd: 'up' })).toThrow(/not inside the workspace root/);
  });

  it('removes a symlink itself, never its target', async () => {
    const { root } = await setUp();
    await symlink('AGENTS.md', path.join(root, 'CLAUDE.md'));
    const workspace = localWorkspace(root);
    await workspace.removeFile!('CLAUDE.md');
    expect(await workspace.stat('CLAUDE.md')).toBeUndefined();
    expect((await readTextFile(workspace, 'AGENTS.md')).text).toBe('root rules\n');
    expect(await codeOf(workspace.removeFile!('packages'))).toBe('not-a-file');
  });
});
