import { describe, expect, it } from 'vitest';
import { localWorkspace, shellWorkspace } from '../../src/index.js';
import { countingExec, localShellExec } from '../../src/workspace/shell/shell-exec.test-support.js';
import { assistantFilesShape, buildShape, repositoryShapes } from '../repository-shapes/repository-shapes.js';
import { readingOf } from './workspace-reading.js';

const shapes = [...repositoryShapes, assistantFilesShape];

describe('shellWorkspace over a real sh gives what localWorkspace gives', () => {
  for (const shape of shapes) {
    it(shape.name, async () => {
      const localRoot = await buildShape(shape);
      const local = await readingOf(localWorkspace(localRoot, { cwd: shape.cwd }), shape, localRoot);
      const root = await buildShape(shape);
      const exec = countingExec(localShellExec());
      const shell = await readingOf(shellWorkspace({ root, cwd: shape.cwd, exec }), shape, root);
      // The two trees are built alike in two directories: labels are relative, so answers are equal.
      expect(shell).toEqual(local);
      expect(shell.written).toContain('line of a long search result');
      expect(exec.calls).toBeGreaterThan(0);
      // The comparison is not of two empty answers.
      expect(shell.touches.length).toBeGreaterThan(0);
      if (shape.name.includes('skills')) expect(shell.loaded.length).toBeGreaterThan(0);
    });
  }
});
