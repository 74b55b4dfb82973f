import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localWorkspace } from '../../src/workspace/local-workspace.js';
import { useTemporaryDirectory } from './temporary-directory.js';

/**
 * Test support: a repository in a fresh temporary directory (removed after the test), holding
 * `files` (path -> text) and symbolic `links` (path -> target as written). The repository is
 * `BASE/repo`, so a test can put files outside it in `BASE`.
 */
export async function makeTestRepository(files: Record<string, string>, links: Record<string, string> = {}) {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'repo');
  await mkdir(root);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  for (const [name, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await symlink(target, path.join(root, name));
  }
  return { base, root, workspace: localWorkspace(root) };
}

/** A minimal valid `SKILL.md`. */
export function skillFile(name: string, description = `The ${name} skill.`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`;
}
