import { describe, expect, it } from 'vitest';
import { memoryWorkspace } from './memory-workspace.js';
import { readTextFile } from './read-text-file.js';
import { recordingWorkspace } from './recording-workspace.js';

describe('memoryWorkspace', () => {
  it('serves files relative to cwd and implies their directories', async () => {
    const workspace = memoryWorkspace(
      { 'AGENTS.md': 'root', 'packages/app/AGENTS.md': 'app' },
      { cwd: 'packages' },
    );
    expect((await readTextFile(workspace, 'app/AGENTS.md')).text).toBe('app');
    expect(await workspace.stat('app')).toMatchObject({ kind: 'directory' });
    expect(await workspace.readdir('/workspace')).toEqual([
      { name: 'AGENTS.md', kind: 'file' },
      { name: 'packages', kind: 'directory' },
    ]);
  });

  it('refuses escapes and symlinks that leave the root', async () => {
    const workspace = memoryWorkspace(
      { 'a.md': 'a' },
      { symlinks: { 'inside.md': 'a.md', 'outside.md': '../etc/passwd', 'directory-escape': '/etc' } },
    );
    expect((await readTextFile(workspace, 'inside.md')).text).toBe('a');
    await expect(workspace.readFile('../x')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    await expect(workspace.readFile('outside.md')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    await expect(workspace.stat('directory-escape/passwd')).rejects.toMatchObject({
      code: 'path-outside-workspace',
    });
  });

  it('ends a symlink loop with symlink-loop', async () => {
    const workspace = memoryWorkspace({}, { symlinks: { a: 'b', b: 'a' } });
    await expect(workspace.stat('a')).rejects.toMatchObject({ code: 'symlink-loop' });
  });

  it('has no writeFile when read-only, and writes exclusively when asked', async () => {
    expect(memoryWorkspace({}, { writable: false }).writeFile).toBeUndefined();
    const workspace = memoryWorkspace({});
    await workspace.writeFile!('.context/out.txt', 'one', { exclusive: true });
    await expect(workspace.writeFile!('.context/out.txt', 'two', { exclusive: true })).rejects.toMatchObject({
      code: 'already-exists',
    });
    expect((await readTextFile(workspace, '.context/out.txt')).text).toBe('one');
  });
});

describe('recordingWorkspace', () => {
  it('records every call with its resolved path, including refused ones', async () => {
    const workspace = recordingWorkspace(memoryWorkspace({ 'a.md': 'a' }));
    await workspace.stat('a.md');
    await workspace.readFile('a.md');
    await workspace.readFile('../b.md').catch(() => undefined);
    expect(workspace.calls).toEqual([
      { method: 'stat', path: 'a.md', resolved: '/workspace/a.md' },
      { method: 'readFile', path: 'a.md', resolved: '/workspace/a.md' },
      { method: 'readFile', path: '../b.md', resolved: undefined },
    ]);
  });
});
