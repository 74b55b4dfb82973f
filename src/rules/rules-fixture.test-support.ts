import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { makeTestRepository } from '../../test/support/test-repository.js';

/**
 * Test support: a monorepo where a team keeps rules for several assistants, one or more of every
 * kind per format, plus the mistakes real repositories have (a rule copied between formats, an
 * unknown trigger, an empty body, an unusable glob). Returned with the expected load order.
 */
export const rulesRepositoryFiles: Record<string, string> = {
  'AGENTS.md': 'Run every script through pnpm.\n',
  '.claude/rules/testing.md': 'Reproduce a bug with a failing test before fixing it.\n',
  '.claude/rules/api/handlers.md':
    '---\npaths:\n  - "packages/api/**/*.ts"\n---\n\nHandlers validate their input with zod before any work.\n',
  '.cursor/rules/react.mdc':
    '---\ndescription: React components\nglobs: web/**/*.tsx, web/**/*.jsx\nalwaysApply: false\n---\nComponents are functions; state lives in hooks.\n',
  '.cursor/rules/release.mdc':
    '---\ndescription: How to cut a release: tags, changelog, npm\nalwaysApply: false\n---\nBump the version, tag it, then publish from CI only.\n',
  '.cursor/rules/history.mdc': 'Why the old billing module still exists: the 2019 contracts.\n',
  '.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nPrefer early returns over nested branches.\n',
  '.cursorrules': 'Answer in British English.\n',
  '.github/copilot-instructions.md': 'Every public function has a doc comment.\n',
  '.github/instructions/sql.instructions.md':
    '---\napplyTo: "**/*.sql"\n---\nMigrations are append-only; never edit an applied one.\n',
  '.github/instructions/everywhere.instructions.md': '---\napplyTo: "**"\n---\nNo default exports.\n',
  '.windsurf/rules/api-copy.md':
    '---\ntrigger: glob\nglobs: packages/api/**/*.ts\n---\nHandlers validate their input with zod before any work.\n',
  '.windsurf/rules/odd.md': '---\ntrigger: sometimes\n---\nThis trigger does not exist.\n',
  '.clinerules/docs.md': '---\npaths:\n  - "docs/**"\n---\nDocs use sentence-case headings.\n',
  '.kiro/steering/database.md':
    '---\ninclusion: fileMatch\nfileMatchPattern: "packages/api/src/db/**"\n---\nQueries go through the repository layer.\n',
  '.kiro/steering/product.md': 'The product is an invoicing service for small shops.\n',
  '.kiro/steering/incidents.md':
    '---\ninclusion: auto\ndescription: What to do during a production incident\n---\nPage the on-call first, then open a channel.\n',
  '.continue/rules/empty.md': '---\nglobs: "**/*.go"\n---\n\n',
  '.continue/rules/broken-glob.md': '---\nglobs: "src/[a.ts"\n---\nThis glob never closes its bracket.\n',
  'packages/api/src/a.ts': 'export const a = 1;\n',
  'packages/api/src/c.ts': 'export const c = 3;\n',
  'packages/api/src/db/query.ts': 'export const query = 1;\n',
  'web/b.tsx': 'export const B = () => null;\n',
};

/** `[format, path, scope, globs]` of each rule the fixture loads, in load order. */
export const expectedRules: Array<[string, string, string, string[] | undefined]> = [
  ['claude-code', '.claude/rules/api/handlers.md', 'files', ['packages/api/**/*.ts']],
  ['claude-code', '.claude/rules/testing.md', 'always', undefined],
  ['cursor', '.cursor/rules/history.mdc', 'manual', undefined],
  ['cursor', '.cursor/rules/react.mdc', 'files', ['web/**/*.tsx', 'web/**/*.jsx']],
  ['cursor', '.cursor/rules/release.mdc', 'described', undefined],
  ['cursor', '.cursor/rules/style.mdc', 'always', undefined],
  ['cursor', '.cursorrules', 'always', undefined],
  ['github-copilot', '.github/copilot-instructions.md', 'always', undefined],
  ['github-copilot', '.github/instructions/everywhere.instructions.md', 'always', undefined],
  ['github-copilot', '.github/instructions/sql.instructions.md', 'files', ['**/*.sql']],
  ['cline', '.clinerules/docs.md', 'files', ['docs/**']],
  ['kiro', '.kiro/steering/database.md', 'files', ['packages/api/src/db/**']],
  ['kiro', '.kiro/steering/incidents.md', 'described', undefined],
  ['kiro', '.kiro/steering/product.md', 'always', undefined],
];

/** The fixture in a fresh temporary directory (with a `.git` marker), removed after the test. */
export async function makeRulesRepository(extra: Record<string, string> = {}) {
  const repository = await makeTestRepository({ ...rulesRepositoryFiles, ...extra });
  await mkdir(path.join(repository.root, '.git'));
  return repository;
}
