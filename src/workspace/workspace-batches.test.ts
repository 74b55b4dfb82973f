import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { localWorkspace } from './local-workspace.js';
import { memoryWorkspace } from './memory-workspace.js';
import { readOnlyWorkspace } from './read-only-workspace.js';
import { recordingWorkspace } from './recording-workspace.js';
import type { BatchOutcome, ListRequest, Workspace } from './workspace.js';
import { workspaceBatches } from './workspace-batches.js';

/** A repository with links inside, a link leaving the root, a link to nothing and a rule folder. */
async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  await mkdir(path.join(root, 'packages', 'app', '.cursor', 'rules', 'deep'), { recursive: true });
  await mkdir(path.join(root, 'packages', 'app', '.claude'), { recursive: true });
  await mkdir(path.join(base, 'outside'));
  await writeFile(path.join(base, 'outside', 'secret.md'), 'secret');
  await writeFile(path.join(root, 'AGENTS.md'), 'root rules\n');
  await writeFile(path.join(root, 'packages', 'app', 'AGENTS.md'), 'app rules\n');
  await writeFile(path.join(root, 'packages', 'app', '.claude', 'CLAUDE.md'), 'claude rules\n');
  await writeFile(path.join(root, 'packages', 'app', '.cursor', 'rules', 'api.mdc'), 'api');
  await writeFile(path.join(root, 'packages', 'app', '.cursor', 'rules', 'deep', 'db.mdc'), 'db rule');
  await writeFile(path.join(root, 'packages', 'app', 'index.ts'), 'export {};\n');
  await symlink('AGENTS.md', path.join(root, 'packages', 'app', 'CLAUDE.md'));
  await symlink('../../../outside/secret.md', path.join(root, 'packages', 'app', 'GEMINI.md'));
  await symlink('missing.md', path.join(root, 'packages', 'app', 'CLAUDE.local.md'));
  return root;
}

const requests: ListRequest[] = [
  {
    path: 'packages/app',
    names: ['AGENTS.md', 'CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md', 'GEMINI.md', 'none.md'],
    read: { maxBytes: 4 },
  },
  { path: 'packages/app', names: ['.cursor/rules', '.windsurf/rules'], depth: 8 },
  { path: 'packages', depth: 2 },
  { path: 'missing' },
  { path: 'AGENTS.md' },
  { path: '../outside' },
  // One or two names: looked up one by one on the local disk, not found in a whole listing.
  { path: 'packages/app', names: ['GEMINI.md'] },
  { path: 'packages/app', names: ['CLAUDE.md', 'none.md'], read: { maxBytes: 4 } },
  { path: 'packages/app', names: ['index.ts/x', 'CLAUDE.local.md'] },
  { path: 'packages/app', names: ['.cursor/rules'], depth: 1 },
  { path: 'AGENTS.md', names: ['x'] },
];

/** Outcomes with errors reduced to their codes and times left out, to compare two workspaces. */
function comparable(outcomes: ReadonlyArray<BatchOutcome<unknown>>): unknown {
  return JSON.parse(
    JSON.stringify(
      outcomes.map((outcome) => (outcome.ok ? { value: outcome.value } : { error: codeOf(outcome.error) })),
      (key, value) => {
        if (key === 'modifiedMs') return undefined;
        if (key === 'error') return codeOf(value);
        if (value instanceof Uint8Array) return Buffer.from(value).toString();
        return value;
      },
    ),
  );
}

function codeOf(error: unknown): unknown {
  return isAgentContextError(error) ? error.code : typeof error === 'string' ? error : String(error);
}

/** The same workspace without batch operations: the fallback answers with single calls. */
function withoutBatches(workspace: Workspace): Workspace {
  const { statPaths: _stat, readFiles: _read, listDirectories: _list, ...single } = workspace;
  return single;
}

describe('batch operations', () => {
  it('list named paths, rule folders to a depth and whole trees, with links followed inside the root only', async () => {
    const root = await setUp();
    const [named, rules, tree, missing, file, outside] =
      await localWorkspace(root).listDirectories!(requests);
    expect(named).toMatchObject({ ok: true });
    const entries = named!.ok ? named!.value.entries : [];
    expect(entries.map((entry) => [entry.path, entry.kind, entry.symlink])).toEqual([
      ['.claude', 'directory', false],
      ['.claude/CLAUDE.md', 'file', false],
      ['AGENTS.md', 'file', false],
      ['CLAUDE.local.md', 'other', true],
      ['CLAUDE.md', 'file', true],
      ['GEMINI.md', 'other', true],
    ]);
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    expect(byPath.get('CLAUDE.md')?.realPath).toBe(path.join(root, 'packages/app/AGENTS.md'));
    expect(Buffer.from(byPath.get('AGENTS.md')!.contents!.bytes).toString()).toBe('app ');
    expect(byPath.get('AGENTS.md')!.contents!.truncated).toBe(true);
    expect(byPath.get('AGENTS.md')!.size).toBe(10);
    expect(codeOf(byPath.get('GEMINI.md')!.error)).toBe('path-outside-workspace');
    expect(byPath.get('GEMINI.md')!.contents).toBeUndefined();
    expect(codeOf(byPath.get('CLAUDE.local.md')!.error)).toBe('not-found');

    expect(rules!.ok && rules!.value.entries.map((entry) => entry.path)).toEqual([
      '.cursor',
      '.cursor/rules',
      '.cursor/rules/api.mdc',
      '.cursor/rules/deep',
      '.cursor/rules/deep/db.mdc',
    ]);
    expect(tree!.ok && tree!.value.entries.map((entry) => entry.path)).toEqual([
      'app',
      'app/.claude',
      'app/.cursor',
      'app/AGENTS.md',
      'app/CLAUDE.local.md',
      'app/CLAUDE.md',
      'app/GEMINI.md',
      'app/index.ts',
    ]);
    expect(missing).toMatchObject({ ok: false });
    expect(codeOf(!missing!.ok && missing!.error)).toBe('not-found');
    expect(codeOf(!file!.ok && file!.error)).toBe('not-a-directory');
    expect(codeOf(!outside!.ok && outside!.error)).toBe('path-outside-workspace');
  });

  it('answer as the single calls do: local, the fallback over single calls, memory, read-only and recording alike', async () => {
    const root = await setUp();
    const local = localWorkspace(root);
    const expected = comparable(await local.listDirectories!(requests));
    const fallback = workspaceBatches(withoutBatches(local));
    expect(comparable(await fallback.listDirectories(requests))).toEqual(expected);
    expect(comparable(await workspaceBatches(readOnlyWorkspace(local)).listDirectories(requests))).toEqual(
      expected,
    );
    expect(comparable(await recordingWorkspace(local).listDirectories!(requests))).toEqual(expected);

    const paths = [
      'AGENTS.md',
      'packages/app/CLAUDE.md',
      'packages/app/GEMINI.md',
      'none.md',
      '../x',
      'packages',
    ];
    const stats = await local.statPaths!(paths);
    expect(comparable(stats)).toEqual(comparable(await fallback.statPaths(paths)));
    expect(stats.map((outcome) => (outcome.ok ? outcome.value?.kind : codeOf(outcome.error)))).toEqual([
      'file',
      'file',
      'path-outside-workspace',
      undefined,
      'path-outside-workspace',
      'directory',
    ]);
    const reads = await local.readFiles!(paths, { maxBytes: 6 });
    expect(comparable(reads)).toEqual(comparable(await fallback.readFiles(paths, { maxBytes: 6 })));
    expect(
      reads.map((outcome) =>
        outcome.ok ? Buffer.from(outcome.value.bytes).toString() : codeOf(outcome.error),
      ),
    ).toEqual([
      'root r',
      'app ru',
      'path-outside-workspace',
      'not-found',
      'path-outside-workspace',
      'not-a-file',
    ]);

    const memory = memoryWorkspace(
      { 'AGENTS.md': 'root rules\n', 'packages/app/AGENTS.md': 'app rules\n', 'packages/app/x/y.md': 'y' },
      { symlinks: { 'packages/app/CLAUDE.md': 'AGENTS.md' } },
    );
    const [listed] = await memory.listDirectories!([
      { path: 'packages/app', names: ['AGENTS.md', 'CLAUDE.md', 'x'], depth: 1, read: { maxBytes: 100 } },
    ]);
    expect(
      listed!.ok &&
        listed!.value.entries.map((entry) => [
          entry.path,
          entry.realPath,
          entry.contents && Buffer.from(entry.contents.bytes).toString(),
        ]),
    ).toEqual([
      ['AGENTS.md', '/workspace/packages/app/AGENTS.md', 'app rules\n'],
      ['CLAUDE.md', '/workspace/packages/app/AGENTS.md', 'app rules\n'],
      ['x', '/workspace/packages/app/x', undefined],
      ['x/y.md', '/workspace/packages/app/x/y.md', 'y'],
    ]);
  });

  it('are one recorded call each, and the fallback helper uses a workspace’s own batches when it has them', async () => {
    const root = await setUp();
    const recording = recordingWorkspace(localWorkspace(root));
    await workspaceBatches(recording).listDirectories(requests);
    await workspaceBatches(recording).statPaths(['AGENTS.md', 'packages']);
    expect(recording.calls.map((call) => [call.method, call.paths])).toEqual([
      ['listDirectories', requests.map((request) => request.path)],
      ['statPaths', ['AGENTS.md', 'packages']],
    ]);
    // Without batches of its own, the recording shows the single calls the helper makes instead.
    const single = recordingWorkspace(withoutBatches(localWorkspace(root)));
    expect(single.listDirectories).toBeUndefined();
    await workspaceBatches(single).listDirectories([{ path: 'packages/app', names: ['AGENTS.md'] }]);
    expect(single.calls.map((call) => call.method)).toEqual(['realpath', 'readdir', 'stat']);
  });
});
