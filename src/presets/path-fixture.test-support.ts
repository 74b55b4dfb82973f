import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';

/** A repository with every kind of file an agent can get for one path. */
export const everyKindOfFile: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'AGENTS.md': 'Run the tests before pushing.\n',
  'CLAUDE.md': 'See @docs/style.md\n',
  'docs/style.md': 'Two spaces.\n',
  '.cursor/rules/quotes.mdc': '---\nalwaysApply: true\n---\nSingle quotes.\n',
  '.cursor/rules/release.mdc':
    '---\ndescription: How to cut a release\nalwaysApply: false\n---\nTag, then publish.\n',
  '.cursor/rules/react.mdc':
    '---\nglobs: apps/web/**/*.tsx\nalwaysApply: false\n---\nComponents are functions.\n',
  '.claude/skills/pdf/SKILL.md':
    '---\nname: pdf\ndescription: Fill PDF forms.\n---\n\nUse the form filler.\n',
  'apps/web/AGENTS.md': 'The web app uses server components.\n',
  'apps/web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nNo default exports in apps/web.\n',
  'apps/web/src/page.tsx': 'export {};\n',
};

/** Write `files` into a fresh temporary directory (removed after the test); returns its real path. */
export async function writeRepository(files: Record<string, string>): Promise<string> {
  const root = await realpath(await useTemporaryDirectory());
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}
