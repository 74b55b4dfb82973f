import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LocalFilesystem } from '@mastra/core/workspace';
import { FilesystemBackend } from 'deepagents';
import { describe, expect, it } from 'vitest';
import { deepagentsWorkspace } from '../../src/adapters/langchain/index.js';
import { mastraWorkspace } from '../../src/adapters/mastra/index.js';
import { isAgentContextError } from '../../src/errors.js';
import { localWorkspace, memoryWorkspace, shellWorkspace, type Workspace } from '../../src/index.js';
import { countingExec, localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { bwrapWorks, sandboxed } from './bwrap-sandbox.js';

/** A repository with a file, a folder, a dangling link and a link out of the root. */
async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  await mkdir(path.join(root, 'app', 'folder'), { recursive: true });
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(root, 'app', 'AGENTS.md'), 'app rules\n');
  await symlink('missing.md', path.join(root, 'app', 'dangling.md'));
  await symlink('../../outside', path.join(root, 'app', 'linked'));
  return { base, root };
}

/** The code a call threw, or `ok`. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return isAgentContextError(error) ? error.code : `untyped: ${String(error)}`;
  }
}

interface Subject {
  name: string;
  /** The workspace over `root` (a host directory), and how many requests it made so far, when it counts them. */
  open(root: string): { workspace: Workspace; requests?: () => number };
  /** False when the layer under it cannot create atomically (checked by the concurrency case). */
  atomic: boolean;
}

const subjects: Subject[] = [
  { name: 'localWorkspace', open: (root) => ({ workspace: localWorkspace(root) }), atomic: true },
  {
    name: 'shellWorkspace over sh',
    open: (root) => {
      const exec = countingExec(localShellExec());
      return { workspace: shellWorkspace({ root, exec }), requests: () => exec.calls };
    },
    atomic: true,
  },
  ...(bwrapWorks
    ? [
        {
          name: 'shellWorkspace inside bwrap',
          open: (root: string) => {
            const exec = countingExec(sandboxed(root));
            return { workspace: shellWorkspace({ root: '/repo', exec }), requests: () => exec.calls };
          },
          atomic: true,
        },
      ]
    : []),
  {
    name: 'mastraWorkspace over a LocalFilesystem',
    open: (root) => ({ workspace: mastraWorkspace(new LocalFilesystem({ basePath: root })) }),
    atomic: true,
  },
];

describe.each(subjects)('createFile of $name', ({ open, atomic }) => {
  it('creates a new file and its parents, in one request', async () => {
    const { root } = await setUp();
    const { workspace, requests } = open(root);
    await workspace.createFile!('app/new/deeper/out.txt', 'first\n');
    if (requests) expect(requests()).toBe(1);
    expect(await readFile(path.join(root, 'app/new/deeper/out.txt'), 'utf8')).toBe('first\n');
    await workspace.createFile!('app/bytes.bin', new Uint8Array([0, 255, 10, 0]));
    expect([...(await readFile(path.join(root, 'app/bytes.bin')))]).toEqual([0, 255, 10, 0]);
  });

  it('refuses a file, a folder and a dangling link at the path, typed, and writes nothing', async () => {
    const { root } = await setUp();
    const { workspace } = open(root);
    expect(await outcome(workspace.createFile!('app/AGENTS.md', 'again'))).toBe('already-exists');
    expect(await readFile(path.join(root, 'app/AGENTS.md'), 'utf8')).toBe('app rules\n');
    expect(await outcome(workspace.createFile!('app/folder', 'x'))).toBe('already-exists');
    expect(await outcome(workspace.createFile!('app/dangling.md', 'x'))).toBe('already-exists');
    // The link is never written through.
    expect(existsSync(path.join(root, 'app/missing.md'))).toBe(false);
    expect(await outcome(workspace.writeFile!('app/dangling.md', 'x', { exclusive: true }))).toBe(
      'already-exists',
    );
    expect(existsSync(path.join(root, 'app/missing.md'))).toBe(false);
  });

  it('refuses the way out, by name and through a link, before anything is created', async () => {
    const { root, base } = await setUp();
    const { workspace } = open(root);
    expect(await outcome(workspace.createFile!('../outside/evil.md', 'x'))).toBe('path-outside-workspace');
    expect(await outcome(workspace.createFile!('app/linked/evil.md', 'x'))).toBe('path-outside-workspace');
    expect(await outcome(workspace.createFile!('app/linked/new/evil.md', 'x'))).toBe(
      'path-outside-workspace',
    );
    expect(existsSync(path.join(base, 'outside/evil.md'))).toBe(false);
    expect(existsSync(path.join(base, 'outside/new'))).toBe(false);
  });

  it.skipIf(!atomic)(
    'lets one of many parallel creates of one path win',
    async () => {
      const { root } = await setUp();
      const { workspace } = open(root);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          outcome(workspace.createFile!('app/race.txt', `writer ${index}`)),
        ),
      );
      expect(outcomes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(outcomes.filter((code) => code === 'already-exists')).toHaveLength(7);
      const winner = outcomes.indexOf('ok');
      expect(await readFile(path.join(root, 'app/race.txt'), 'utf8')).toBe(`writer ${winner}`);
    },
    60_000,
  );
});

describe('createFile of memoryWorkspace', () => {
  const workspace = () =>
    memoryWorkspace(
      { 'app/AGENTS.md': 'app rules\n' },
      {
        directories: ['app/folder'],
        symlinks: { 'app/dangling.md': 'missing.md', 'app/linked': '/elsewhere' },
      },
    );

  it('creates a new file, and refuses a file, a folder and a dangling link at the path', async () => {
    const memory = workspace();
    await memory.createFile!('app/new/out.txt', 'first\n');
    expect(new TextDecoder().decode((await memory.readFile('app/new/out.txt')).bytes)).toBe('first\n');
    expect(await outcome(memory.createFile!('app/new/out.txt', 'again'))).toBe('already-exists');
    expect(await outcome(memory.createFile!('app/AGENTS.md', 'again'))).toBe('already-exists');
    expect(await outcome(memory.createFile!('app/folder', 'x'))).toBe('already-exists');
    expect(await outcome(memory.createFile!('app/dangling.md', 'x'))).toBe('already-exists');
    expect(await memory.stat('app/missing.md')).toBeUndefined();
    expect(await outcome(memory.createFile!('app/linked/evil.md', 'x'))).toBe('path-outside-workspace');
    expect(await outcome(memory.createFile!('../evil.md', 'x'))).toBe('path-outside-workspace');
  });

  it('has none when read-only', () => {
    expect(memoryWorkspace({}, { writable: false }).createFile).toBeUndefined();
  });
});

describe('deepagentsWorkspace', () => {
  it('has no createFile (the backend only replaces), and its exclusive write still refuses a file', async () => {
    const { root } = await setUp();
    const workspace = deepagentsWorkspace(new FilesystemBackend({ rootDir: root, virtualMode: true }));
    expect(workspace.createFile).toBeUndefined();
    expect(await outcome(workspace.writeFile!('app/AGENTS.md', 'again', { exclusive: true }))).toBe(
      'already-exists',
    );
    expect(await readFile(path.join(root, 'app/AGENTS.md'), 'utf8')).toBe('app rules\n');
  });
});
