import { mkdir, readdir, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { listOffloadedFiles, removeOffloadedFiles } from './offloaded-files.js';

const hour = 3_600_000;

/** A `.context` directory with files aged in hours: name -> age. */
async function offloadDirectory(files: Record<string, number>): Promise<string> {
  const root = await useTemporaryDirectory();
  await mkdir(path.join(root, '.context'));
  const now = Date.now();
  for (const [name, ageHours] of Object.entries(files)) {
    const file = path.join(root, '.context', name);
    await writeFile(file, name);
    const time = new Date(now - ageHours * hour);
    await utimes(file, time, time);
  }
  return root;
}

describe('listOffloadedFiles', () => {
  it('lists offloaded results with tool, call id, size and time, ignoring other files', async () => {
    const root = await offloadDirectory({
      'bash-call_1.txt': 2,
      'web_fetch-toolu-9.2.txt': 0,
      'notes.md': 1,
    });
    await mkdir(path.join(root, '.context/grep-dir.txt'));
    await symlink('bash-call_1.txt', path.join(root, '.context/bash-link.txt'));
    const { items, diagnostics } = await listOffloadedFiles(localWorkspace(root));
    expect(diagnostics).toEqual([]);
    expect(
      items.map(({ name, path, toolName, callId, size }) => ({ name, path, toolName, callId, size })),
    ).toEqual([
      {
        name: 'bash-call_1.txt',
        path: '.context/bash-call_1.txt',
        toolName: 'bash',
        callId: 'call_1',
        size: 15,
      },
      {
        name: 'web_fetch-toolu-9.2.txt',
        path: '.context/web_fetch-toolu-9.2.txt',
        toolName: 'web_fetch',
        callId: 'toolu-9',
        size: 23,
      },
    ]);
    expect(Date.now() - items[0]!.modifiedMs).toBeGreaterThanOrEqual(2 * hour);
  });

  it('returns nothing for a directory that does not exist yet', async () => {
    expect(await listOffloadedFiles(memoryWorkspace({}), 'nothing-here')).toEqual({
      items: [],
      diagnostics: [],
    });
  });
});

describe('removeOffloadedFiles', () => {
  it('removes only offloaded results older than the given age', async () => {
    const root = await offloadDirectory({ 'bash-old.txt': 30, 'bash-new.txt': 1, 'keep.md': 100 });
    const { items } = await removeOffloadedFiles(localWorkspace(root), { olderThanMs: 24 * hour });
    expect(items.map((file) => file.name)).toEqual(['bash-old.txt']);
    expect((await readdir(path.join(root, '.context'))).sort()).toEqual(['bash-new.txt', 'keep.md']);
  });

  it('needs a workspace that can remove files', async () => {
    const workspace = memoryWorkspace({}, { writable: false });
    await expect(removeOffloadedFiles(workspace, { olderThanMs: 0 })).rejects.toMatchObject({
      code: 'workspace-not-writable',
    });
  });
});
