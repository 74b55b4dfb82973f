import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localWorkspace, shellWorkspace } from '../../src/index.js';
import { countingExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import { assistantFilesShape, buildShape, repositoryShapes } from '../repository-shapes/repository-shapes.js';
import { bwrapWorks, sandboxed } from './bwrap-sandbox.js';
import { readingOf } from './workspace-reading.js';

if (!bwrapWorks) {
  console.warn(
    'shellWorkspace in bwrap: skipped, bubblewrap (bwrap) is not installed or cannot create a sandbox here',
  );
}

describe.skipIf(!bwrapWorks)('shellWorkspace whose exec runs inside bwrap', () => {
  for (const shape of [repositoryShapes[1]!, assistantFilesShape]) {
    it(`gives what localWorkspace gives: ${shape.name}`, async () => {
      const localRoot = await buildShape(shape);
      const local = await readingOf(localWorkspace(localRoot, { cwd: shape.cwd }), shape, localRoot);
      const root = await buildShape(shape);
      const exec = countingExec(sandboxed(root));
      const shell = await readingOf(shellWorkspace({ root: '/repo', cwd: shape.cwd, exec }), shape, root);
      expect(shell).toEqual(local);
      expect(exec.calls).toBeGreaterThan(0);
      // Every operation starts a sandbox of its own; on a busy machine that takes longer than the
      // suite's 30 s default, which is no sign of a fault.
    }, 120_000);
  }

  it('sees nothing of the host: a link to a host file is refused, and the host file is not there anyway', async () => {
    const root = await buildShape({ name: 'one file', files: { 'AGENTS.md': 'rules\n' }, cwd: '.' });
    const secret = path.join(path.dirname(root), 'host-secret.txt');
    await writeFile(secret, 'host secret');
    await symlink(secret, path.join(root, 'to-host'));
    await symlink('../host-secret.txt', path.join(root, 'up'));
    const workspace = shellWorkspace({ root: '/repo', exec: sandboxed(root) });
    await expect(workspace.readFile('up')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    await expect(workspace.readFile('to-host')).rejects.toMatchObject({ code: 'path-outside-workspace' });
    expect(new TextDecoder().decode((await workspace.readFile('AGENTS.md')).bytes)).toBe('rules\n');
    // Without the script's own check, the sandbox still has no such file.
    const raw = await sandboxed(root)(`cat ${JSON.stringify(secret)} || echo absent`);
    expect(raw.stdout).toContain('absent');
  });
});
