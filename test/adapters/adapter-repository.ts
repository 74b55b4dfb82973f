import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/** The small repository every adapter test works in: a root AGENTS.md and a package with its own. */
export const adapterRepositoryFiles: Readonly<Record<string, string>> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': '# Root rules\nUse pnpm.\n',
  'README.md': '# Demo\n',
  'packages/x/AGENTS.md': '# Package x\nRun the x tests after a change.\n',
  'packages/x/src/index.ts': 'export const x = 1;\n',
  'packages/x/src/util.ts': 'export const y = 2;\n',
};

/** Write {@link adapterRepositoryFiles} into a fresh temporary directory, removed after the test. */
export async function createAdapterRepository(prefix = 'agent-context-adapter-'): Promise<string> {
  const root = await useTemporaryDirectory(prefix);
  for (const [path, text] of Object.entries(adapterRepositoryFiles)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}
