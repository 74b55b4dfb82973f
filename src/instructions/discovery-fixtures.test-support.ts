import { afterEach } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { type DiscoverInstructionsOptions, discoverInstructions } from './discover-instructions.js';

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** Write `files` to a fresh temporary tree (removed after the test) and discover from `cwd` in it. */
export async function discoverIn(
  files: Record<string, string | Uint8Array>,
  cwd: string,
  options: Omit<DiscoverInstructionsOptions, 'workspace'> = {},
  extra: Parameters<typeof createTemporaryTree>[1] = {},
) {
  tree = await createTemporaryTree(files, extra);
  return discoverInstructions({ workspace: localWorkspace(tree.root, { cwd }), ...options });
}

/** Write `files` to a fresh temporary tree, removed after the test. */
export async function createDiscoveryTree(
  files: Record<string, string | Uint8Array>,
  extra: Parameters<typeof createTemporaryTree>[1] = {},
): Promise<TemporaryTree> {
  tree = await createTemporaryTree(files, extra);
  return tree;
}

/** The tree of the last {@link discoverIn}, for tests that look at it afterwards. */
export function currentDiscoveryTree(): TemporaryTree {
  if (!tree) throw new Error('discoverIn has not run in this test');
  return tree;
}

/** The labels of the discovered files, in load order. */
export const labelsOf = (result: { items: Array<{ label: string }> }) =>
  result.items.map((item) => item.label);
