import { describe, expect, it } from 'vitest';
import { entryLabels, toLabel } from './labels.js';

describe('entryLabels', () => {
  it('labels the entries of directories as toLabel does, one directory after the other', () => {
    const places = [
      { root: '/repo', cwd: '/repo' },
      { root: '/repo', cwd: '/repo/web/src' },
      { root: '/', cwd: '/' },
      { root: '/', cwd: '/repo' },
    ];
    const directories = [
      '/repo',
      '/repo/.claude/commands',
      '/repo/web',
      '/repo/web/src/a',
      '/',
      '/elsewhere',
      '/repo/./x',
    ];
    const names = ['build.md', 'x', '.hidden', 'a b.md'];
    for (const workspace of places) {
      const labels = entryLabels(workspace);
      for (const directory of directories) {
        for (const name of names) {
          const path = directory === '/' ? `/${name}` : `${directory}/${name}`;
          expect(labels(directory, path), `${JSON.stringify(workspace)} ${path}`).toBe(
            toLabel(workspace, path),
          );
        }
        // A path not directly in the directory is labelled on its own.
        for (const path of [`${directory}/a/b.md`, '/repo/other.md', `${directory}/..`, directory]) {
          expect(labels(directory, path)).toBe(toLabel(workspace, path));
        }
      }
    }
  });
});
