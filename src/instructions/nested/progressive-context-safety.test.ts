import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../workspace/workspace.js';
import { currentTree, hostRead, instructionCalls, setup } from './progressive-fixture.test-support.js';

// The ext-context path-safety cases: one path per directory, escapes read nothing, failures are nonfatal.
describe('progressiveContext path safety (ext-context cases)', () => {
  it('counts nested/./deep/../deep and its absolute form as one path', async () => {
    const { conversation, workspace, root, session } = await setup();
    await conversation.call('read_file', { path: 'nested/./deep/../deep/file.ts' });
    const checks = instructionCalls(workspace).length;
    await conversation.call('read_file', { path: `${root}/nested/deep/file.ts` });
    await conversation.call('read', { path: 'nested/deep/file.ts' }, hostRead());
    expect(instructionCalls(workspace)).toHaveLength(checks);
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'nested/AGENTS.md',
      'nested/deep/CLAUDE.md',
    ]);
  });

  it('reads nothing for ../outside and an absolute path outside the workspace', async () => {
    const { conversation, workspace } = await setup();
    await conversation.call('read', { path: '../outside/secret/x.ts' }, hostRead('secret'));
    await conversation.call(
      'read',
      { path: `${currentTree().at('outside')}/secret/x.ts` },
      hostRead('secret'),
    );
    expect(workspace.calls).toEqual([]);
    expect(conversation.prompt().some((line) => line.startsWith('hidden:'))).toBe(false);
  });

  it('reads nothing through a symlinked subdirectory that points outside', async () => {
    const { conversation, workspace, events } = await setup();
    await conversation.call('read', { path: 'linked/x.ts' }, hostRead('secret'));
    expect(workspace.calls.filter((call) => call.method === 'readFile')).toEqual([]);
    expect(conversation.prompt().join('\n')).not.toContain('SECRET');
    expect(events.some((event) => event.diagnostic?.code === 'symlink-refused')).toBe(true);
  });

  it('treats a failed read as nonfatal and does not retry the directory', async () => {
    // A wrapper that changes a single call leaves out the batches, which would answer around it.
    const failing = ({
      listDirectories: _list,
      statPaths: _stat,
      readFiles: _read,
      ...workspace
    }: Workspace): Workspace => ({
      ...workspace,
      resolve: (path) => workspace.resolve(path),
      stat: (path) => workspace.stat(path),
      readdir: (path) => workspace.readdir(path),
      realpath: (path) => workspace.realpath(path),
      readFile: async (path, options) => {
        if (path.endsWith('nested/AGENTS.md')) throw new Error('EIO: input/output error');
        return workspace.readFile(path, options);
      },
    });
    const { conversation, workspace, events, root } = await setup(failing);
    await conversation.call('read_file', { path: 'nested/file.ts' });
    expect(conversation.prompt().some((line) => line.startsWith('hidden:'))).toBe(false);
    expect(events.find((event) => event.type === 'skipped')?.diagnostic?.code).toBe('read-failed');

    await conversation.call('read_file', { path: 'nested/a&b.ts' });
    await conversation.call('read_file', { path: 'other/x.ts' });
    const reads = workspace.calls.filter(
      (call) => call.method === 'readFile' && call.resolved === `${root}/nested/AGENTS.md`,
    );
    expect(reads).toHaveLength(1);
    expect(conversation.prompt().at(-1)).toContain(`## ${root}/other/AGENTS.md`);
  });
});
