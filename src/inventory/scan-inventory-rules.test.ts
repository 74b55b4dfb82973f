import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../test/support/test-repository.js';
import { AgentContextError } from '../errors.js';
import { loadRules } from '../rules/load-rules.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { listInventoryDiagnostics } from './inventory-result.js';
import { scanInventory } from './scan-inventory.js';

/**
 * A ticketing monorepo whose team writes rules for four assistants: one or more rules of every scope,
 * a rule copied between two formats, a glob that never closes, a rule with one good and one bad glob,
 * and a service with its own `.cursor/rules`.
 */
const files: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.claude/rules/commits.md': 'Write commit subjects in the imperative, under 60 characters.\n',
  '.claude/rules/frontend/styles.md':
    '---\npaths:\n  - "apps/web/**/*.css"\n  - "apps/web/**/*.scss"\n---\nUse the design tokens; no raw hex colours.\n',
  '.cursor/rules/payments.mdc':
    '---\ndescription: Payment handlers\nglobs: services/billing/**/*.ts\nalwaysApply: false\n---\nAmounts are integers in the smallest currency unit.\n',
  '.cursor/rules/oncall.mdc':
    '---\ndescription: What to check first when a ticket is marked as an outage\nalwaysApply: false\n---\nOpen the status page before touching code.\n',
  '.cursor/rules/legacy-notes.mdc': 'The v1 ticket importer is frozen; its owners left in 2021.\n',
  '.cursor/rules/broken.mdc': '---\nglobs: "services/[billing/*.ts"\n---\nThis bracket is never closed.\n',
  '.cursor/rules/mixed.mdc':
    '---\nglobs: "docs/**/*.md, src/[oops"\n---\nDocs link to the ticket that motivated them.\n',
  '.github/instructions/migrations.instructions.md':
    '---\napplyTo: "**/migrations/*.sql"\n---\nA migration that ran is never edited; add a new one.\n',
  '.windsurf/rules/commits-copy.md':
    '---\ntrigger: always_on\n---\nWrite commit subjects in the imperative, under 60 characters.\n',
  '.kiro/steering/glossary.md':
    '---\ninclusion: manual\n---\nA ticket is an issue a customer opened; a task is internal.\n',
  'services/billing/.cursor/rules/currency.mdc':
    '---\nalwaysApply: true\n---\nEvery amount carries its ISO 4217 currency code.\n',
  'services/billing/src/invoice.ts': 'export const invoice = 1;\n',
};

/** `[format, path, scope, globs, base]` of every rule listed from the repository root, in load order. */
const fromRoot = [
  ['claude-code', '.claude/rules/commits.md', 'always', undefined, '.'],
  [
    'claude-code',
    '.claude/rules/frontend/styles.md',
    'files',
    ['apps/web/**/*.css', 'apps/web/**/*.scss'],
    '.',
  ],
  ['cursor', '.cursor/rules/legacy-notes.mdc', 'manual', undefined, '.'],
  ['cursor', '.cursor/rules/mixed.mdc', 'files', ['docs/**/*.md'], '.'],
  ['cursor', '.cursor/rules/oncall.mdc', 'described', undefined, '.'],
  ['cursor', '.cursor/rules/payments.mdc', 'files', ['services/billing/**/*.ts'], '.'],
  [
    'github-copilot',
    '.github/instructions/migrations.instructions.md',
    'files',
    ['**/migrations/*.sql'],
    '.',
  ],
  ['kiro', '.kiro/steering/glossary.md', 'manual', undefined, '.'],
];

async function makeRepository() {
  return makeTestRepository(files);
}

describe('scanInventory: rules', () => {
  it('lists every rule with its format, scope, globs, description, base and level, without its body', async () => {
    const { workspace } = await makeRepository();
    const result = await scanInventory({ workspace });
    expect(result.rules?.map((rule) => [rule.format, rule.path, rule.scope, rule.globs, rule.base])).toEqual(
      fromRoot,
    );
    expect(result.rules?.find((rule) => rule.name === 'oncall')).toEqual({
      format: 'cursor',
      path: '.cursor/rules/oncall.mdc',
      name: 'oncall',
      scope: 'described',
      description: 'What to check first when a ticket is marked as an outage',
      base: '.',
      level: 'project',
      diagnostics: [],
    });
    for (const rule of result.rules ?? []) expect(Object.keys(rule)).not.toContain('body');
    expect(JSON.stringify(result)).not.toContain('smallest currency unit');
  });

  it('lists exactly what loadRules loads, in the same order', async () => {
    const { workspace } = await makeRepository();
    const [result, loaded] = await Promise.all([scanInventory({ workspace }), loadRules({ workspace })]);
    expect(result.rules?.map((rule) => rule.path)).toEqual(loaded.items.map((rule) => rule.path));
    expect(listInventoryDiagnostics(result)).toEqual(expect.arrayContaining(loaded.diagnostics));
  });

  it('puts a problem on the rule it concerns, and the files not loaded in ruleDiagnostics', async () => {
    const { workspace } = await makeRepository();
    const result = await scanInventory({ workspace });
    const mixed = result.rules?.find((rule) => rule.path === '.cursor/rules/mixed.mdc');
    expect(mixed?.diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code])).toEqual([
      ['warning', 'glob-ignored'],
    ]);
    expect(mixed?.diagnostics[0]?.message).toContain('`src/[oops`');
    expect(
      result.ruleDiagnostics?.map((diagnostic) => [diagnostic.severity, diagnostic.code, diagnostic.path]),
    ).toEqual([
      ['error', 'invalid-glob', '.cursor/rules/broken.mdc'],
      ['info', 'duplicate', '.windsurf/rules/commits-copy.md'],
    ]);
    // An invalid glob never turns its rule into one that applies everywhere.
    expect(result.rules?.map((rule) => rule.path)).not.toContain('.cursor/rules/broken.mdc');
    expect(listInventoryDiagnostics(result).map((diagnostic) => diagnostic.code)).toEqual([
      'invalid-glob',
      'duplicate',
      'glob-ignored',
    ]);
  });

  it('lists the rules of every directory up to the same ceiling as the asset roots', async () => {
    const { root } = await makeRepository();
    const workspace = localWorkspace(root, { cwd: 'services/billing/src' });
    const result = await scanInventory({ workspace, roots: ['.claude'] });
    expect(result.directories).toEqual(['.', '..', '../..', '../../..']);
    expect(result.rules?.at(-1)).toMatchObject({
      path: '../.cursor/rules/currency.mdc',
      scope: 'always',
      base: '..',
    });
    expect(result.rules?.[1]).toMatchObject({
      path: '../../../.claude/rules/frontend/styles.md',
      base: '../../..',
    });

    const ceiling = await scanInventory({ workspace, roots: ['.claude'], stopAt: '..' });
    expect(ceiling.directories).toEqual(['.', '..']);
    expect(ceiling.rules?.map((rule) => rule.path)).toEqual(['../.cursor/rules/currency.mdc']);
  });

  it('lists only the formats asked for, none with formats: [], and refuses an unknown one', async () => {
    const { workspace } = await makeRepository();
    const kiro = await scanInventory({ workspace, formats: ['kiro', 'github-copilot'] });
    expect(kiro.rules?.map((rule) => rule.path)).toEqual([
      '.github/instructions/migrations.instructions.md',
      '.kiro/steering/glossary.md',
    ]);
    expect(kiro.ruleDiagnostics).toBeUndefined();
    const none = await scanInventory({ workspace, formats: [] });
    expect(none.rules).toBeUndefined();
    expect(none.roots[0]?.exists).toBe(true);
    await expect(
      scanInventory({ workspace, formats: ['aider' as unknown as 'kiro'] }),
    ).rejects.toBeInstanceOf(AgentContextError);
  });

  it('lists user-level rules first only with userDirectory, labelled ~/', async () => {
    const { base, workspace } = await makeRepository();
    const home = path.join(base, 'home');
    await mkdir(path.join(home, '.claude/rules'), { recursive: true });
    await writeFile(path.join(home, '.claude/rules/personal.md'), 'Explain a change before making it.\n');
    const without = await scanInventory({ workspace, formats: ['claude-code'] });
    expect(without.rules?.map((rule) => rule.path)).not.toContain('~/.claude/rules/personal.md');
    const withUser = await scanInventory({ workspace, formats: ['claude-code'], userDirectory: home });
    expect(withUser.rules?.[0]).toMatchObject({
      path: '~/.claude/rules/personal.md',
      scope: 'always',
      level: 'user',
    });
    const missing = await scanInventory({
      workspace,
      formats: ['claude-code'],
      userDirectory: path.join(base, 'nobody'),
    });
    expect(missing.ruleDiagnostics?.map((diagnostic) => diagnostic.code)).toEqual([
      'user-directory-unreadable',
    ]);
  });

  it('keeps its size bounded by the number of rule files, not their length', async () => {
    const { workspace } = await makeTestRepository({
      '.cursor/rules/huge.mdc': `---\nglobs: "**/*.ts"\n---\n${'A long paragraph of guidance. '.repeat(10_000)}\n`,
    });
    const result = await scanInventory({ workspace, roots: [] });
    expect(result.rules).toHaveLength(1);
    expect(JSON.stringify(result).length).toBeLessThan(400);
  });
});
