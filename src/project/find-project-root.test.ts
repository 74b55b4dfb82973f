import { afterEach, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { findProjectRoot } from './find-project-root.js';

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

describe('findProjectRoot', () => {
  it('finds the nearest ancestor holding a .git directory', async () => {
    tree = await createTemporaryTree({ '.git/HEAD': '', 'packages/app/src/main.ts': '' });
    expect(await findProjectRoot(tree.at('packages/app/src'))).toBe(tree.root);
  });

  it('accepts a .git file (a worktree) and stops at the nearest marker', async () => {
    tree = await createTemporaryTree({
      '.git/HEAD': '',
      'vendor/lib/.git': 'gitdir: x',
      'vendor/lib/src/a.ts': '',
    });
    expect(await findProjectRoot(tree.at('vendor/lib/src'))).toBe(tree.at('vendor/lib'));
  });

  it('uses the given root markers', async () => {
    tree = await createTemporaryTree({ 'repo/pnpm-workspace.yaml': '', 'repo/app/a.ts': '' });
    expect(await findProjectRoot(tree.at('repo/app'), { rootMarkers: ['pnpm-workspace.yaml'] })).toBe(
      tree.at('repo'),
    );
  });

  it('returns undefined when no directory up to the file-system root has a marker', async () => {
    tree = await createTemporaryTree({ 'a/b.ts': '' });
    expect(
      await findProjectRoot(tree.at('a'), { rootMarkers: ['.no-such-marker-agent-context'] }),
    ).toBeUndefined();
  });
});
