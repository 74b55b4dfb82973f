import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { expectedRules, makeRulesRepository } from '../../rules/rules-fixture.test-support.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['rules', ...args]);

describe('agent-context rules', () => {
  it('lists every rule by scope with its format, globs and base, then what was skipped', async () => {
    const { root } = await makeRulesRepository();
    const { code, stdout, stderr } = await run(root, []);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        'files (delivered when a matching file is touched):',
        '  .claude/rules/api/handlers.md (claude-code): packages/api/**/*.ts (base .)',
        '  .cursor/rules/react.mdc (cursor): web/**/*.tsx, web/**/*.jsx (base .)',
      ].join('\n'),
    );
    expect(stdout).toContain(
      '  .cursor/rules/release.mdc (cursor): How to cut a release: tags, changelog, npm',
    );
    expect(stdout).toContain('  .cursor/rules/history.mdc (cursor): @history');
    expect(stdout).toContain(
      'info: Skipped .windsurf/rules/api-copy.md: the same rule body as .claude/rules/api/handlers.md. [duplicate]',
    );
    expect(stdout).toContain('error: Skipped .continue/rules/broken-glob.md: its glob `src/[a.ts`');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '14 rules: 6 always, 5 files, 2 described, 1 manual; 4 skipped.',
    );
  });

  it('keeps a rule whose file name holds a line break on one line, the break shown as \\n', async () => {
    const { root } = await makeRulesRepository({
      '.cursor/rules/x\n  .cursor/rules/fake.mdc (cursor): **/*.ts (base .).mdc':
        '---\nglobs: docs/**\n---\nDocs rule.\n',
    });
    const { stdout } = await run(root, []);
    expect(stdout).toContain(
      '  .cursor/rules/x\\n  .cursor/rules/fake.mdc (cursor): **/*.ts (base .).mdc (cursor): docs/** (base .)\n',
    );
    expect(stdout).not.toContain('\n  .cursor/rules/fake.mdc');
  });

  it('says which rules apply to a file and which glob matched', async () => {
    const { root } = await makeRulesRepository();
    const { stdout } = await run(`${root}/packages/api`, ['--file', 'src/db/query.ts']);
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'Rules that apply to src/db/query.ts:',
      '  ../../.claude/rules/api/handlers.md (claude-code) matched packages/api/**/*.ts',
      '  ../../.kiro/steering/database.md (kiro) matched packages/api/src/db/**',
      '  and the 6 always rules',
    ]);
  });

  it('with --file, reads the rule folders of the subfolders on the way to the file', async () => {
    const { root } = await makeRulesRepository({
      'packages/api/.cursor/rules/errors.mdc': '---\nalwaysApply: true\n---\nErrors carry a stable code.\n',
      'packages/api/.cursor/rules/db.mdc': '---\nglobs: src/db/*.ts\n---\nOne query per function.\n',
      'web/.cursor/rules/web.mdc': '---\nalwaysApply: true\n---\nNot on the way.\n',
    });
    const { stdout } = await run(root, ['--file', 'packages/api/src/db/query.ts']);
    expect(stdout.split('\n').slice(0, 5)).toEqual([
      'Rules that apply to packages/api/src/db/query.ts:',
      '  .claude/rules/api/handlers.md (claude-code) matched packages/api/**/*.ts',
      '  .kiro/steering/database.md (kiro) matched packages/api/src/db/**',
      '  packages/api/.cursor/rules/db.mdc (cursor) matched src/db/*.ts',
      '  and the 7 always rules',
    ]);
    expect(stdout).toContain('  packages/api/.cursor/rules/errors.mdc (cursor): everything in packages/api');
    expect(stdout).toContain('  packages/api/.cursor/rules/db.mdc (cursor): src/db/*.ts (base packages/api)');
    expect(stdout).not.toContain('web.mdc');
    // Without --file, only the directories from the root down to the working directory are read.
    expect((await run(root, [])).stdout).not.toContain('packages/api/.cursor');
  });

  it('prints with --json the rules in load order, without host paths', async () => {
    const { root } = await makeRulesRepository();
    const { stdout } = await run(root, ['--json', '--file', 'web/b.tsx']);
    const report = JSON.parse(stdout);
    expect(report.rules.map((rule: { path: string }) => rule.path)).toEqual(
      expectedRules.map((rule) => rule[1]),
    );
    expect(report.file.matches).toEqual([
      { path: '.cursor/rules/react.mdc', format: 'cursor', glob: 'web/**/*.tsx' },
    ]);
    expect(JSON.stringify(report.rules)).not.toContain(root);
  });

  it('reads only the formats named, and refuses an unknown one', async () => {
    const { root } = await makeRulesRepository();
    const { code, stdout } = await run(root, ['--formats', 'kiro']);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '3 rules: 1 always, 1 files, 1 described, 0 manual; 0 skipped.',
    );
    expect(await run(root, ['--formats', 'emacs'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown format "emacs"'),
    });
  });
});
