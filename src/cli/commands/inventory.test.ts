import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, runBuiltCli, runCliInProcess } from '../../../test/support/cli.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import { scanInventory } from '../../inventory/scan-inventory.js';
import { localWorkspace } from '../../workspace/local-workspace.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['inventory', ...args]);

async function makeRepository(files: Record<string, string>) {
  const root = await useTemporaryDirectory();
  await mkdir(path.join(root, '.git'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

const files = {
  '.claude/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDFs.\n---\n',
  '.claude/skills/xlsx/SKILL.md': '---\nname: sheets\ndescription: Reads spreadsheets.\n---\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews diffs.\n---\n',
  '.claude/commands/api/new-route.md': '# New route\n\nAdd a route named $ARGUMENTS.\n',
  '.claude/settings.json': JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{}] }] } }),
};

describe('agent-context inventory', () => {
  it('prints the map as a tree, each diagnostic under its entry', async () => {
    const root = await makeRepository(files);
    const { code, stdout, stderr } = await run(root, []);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '.claude',
        '├── skills',
        '│   ├── pdf: Reads PDFs. (.claude/skills/pdf/SKILL.md)',
        '│   └── sheets: Reads spreadsheets. (.claude/skills/xlsx/SKILL.md)',
        '│       └── warning: The skill name "sheets" does not match its folder "xlsx"; rename one of them. [name-folder-mismatch]',
        '├── agents',
        '│   └── reviewer: Reviews diffs. (.claude/agents/reviewer.md)',
        '├── commands',
        '│   └── /new-route: Add a route named $ARGUMENTS. (.claude/commands/api/new-route.md)',
        '└── hooks (.claude/settings.json)',
        '    └── PreToolUse [Bash] (1 handler)',
        '.agents (absent)',
        '.codex (absent)',
        '.grok (absent)',
        '.gemini (absent)',
        '.github (absent)',
        '.cursor (absent)',
        '.opencode (absent)',
        'rules (none found)',
        '8 roots scanned, 1 found: 2 skills, 1 agent, 1 command, 0 output styles, 0 context files, 1 hook group, 0 rules; 1 warning.',
        '',
      ].join('\n'),
    );
  });

  it('prints with --json exactly what scanInventory returns', async () => {
    const root = await makeRepository(files);
    const { code, stdout } = await run(root, ['--json', '--roots', '.claude,.cursor']);
    expect(code).toBe(0);
    const expected = await scanInventory({ workspace: localWorkspace(root), roots: ['.claude', '.cursor'] });
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('scans the directory given, relative to the current one, inside its repository', async () => {
    const root = await makeRepository({
      'shared/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints.\n---\n',
      'packages/app/.claude/agents/a.md': '---\nname: a\ndescription: A.\n---\n',
    });
    await mkdir(path.join(root, 'packages/app/.claude/skills'), { recursive: true });
    await symlink('../../../../shared/skills/lint', path.join(root, 'packages/app/.claude/skills/lint'));
    const { code, stdout } = await run(root, ['packages/app', '--roots', '.claude']);
    expect(code).toBe(0);
    expect(stdout).toContain('lint: Lints. (.claude/skills/lint/SKILL.md)');
    expect(stdout).toContain('a: A. (.claude/agents/a.md)');
  });

  it('exits with 1 when a file could not be read or parsed', async () => {
    const root = await makeRepository({ '.claude/skills/bad/SKILL.md': 'no frontmatter\n' });
    const { code, stdout } = await run(root, ['--roots', '.claude']);
    expect(code).toBe(1);
    expect(stdout).toContain('error: .claude/skills/bad/SKILL.md has no frontmatter');
  });

  it('refuses a path that is not a directory and a malformed option', async () => {
    const root = await makeRepository({ 'file.txt': 'x' });
    expect(await run(root, ['file.txt'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a directory'),
    });
    expect(await run(root, ['--roots', ','])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--roots'),
    });
    expect(await run(root, ['--roots', '../up'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('../up'),
    });
  });
});

/** A web shop whose team keeps rules for three assistants, one with a glob that never closes. */
const ruleFiles = {
  '.claude/skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Reads PDFs.\n---\n',
  '.claude/rules/reviews.md': 'Every change gets a second reviewer.\n',
  '.cursor/rules/checkout.mdc':
    '---\ndescription: Checkout flow\nglobs: shop/checkout/**/*.tsx, shop/cart/**\nalwaysApply: false\n---\nPrices are formatted by the shared helper.\n',
  '.cursor/rules/tax.mdc':
    '---\ndescription: How sales tax is computed per region\nalwaysApply: false\n---\nTax tables live in the tax service.\n',
  '.github/instructions/emails.instructions.md':
    '---\napplyTo: "emails/[templates/*.mjml"\n---\nEmails are tested in three clients.\n',
  '.kiro/steering/history.md': '---\ninclusion: manual\n---\nThe first storefront was a PHP app.\n',
};

describe('agent-context inventory: rules (the built CLI)', () => {
  it('prints the rules by scope with format and globs, and exits 1 for a rule that could not be used', async () => {
    const root = await makeRepository(ruleFiles);
    const { code, stdout, stderr } = runBuiltCli(['inventory', '--roots', '.claude'], root);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        '.claude',
        '└── skills',
        '    └── pdf: Reads PDFs. (.claude/skills/pdf/SKILL.md)',
        'rules',
        '├── error: Skipped .github/instructions/emails.instructions.md: its glob `emails/[templates/*.mjml` (a `[` has no `]` after it) is invalid, so it applies to no file (it is never applied to every file). [invalid-glob]',
        '├── always',
        '│   └── .claude/rules/reviews.md (claude-code)',
        '├── files',
        '│   └── .cursor/rules/checkout.mdc (cursor): shop/checkout/**/*.tsx, shop/cart/** (base .)',
        '├── described',
        '│   └── .cursor/rules/tax.mdc (cursor): How sales tax is computed per region',
        '└── manual',
        '    └── .kiro/steering/history.md (kiro): @history',
        '1 root scanned, 1 found: 1 skill, 0 agents, 0 commands, 0 output styles, 0 context files, 0 hook groups, 4 rules; 1 error.',
        '',
      ].join('\n'),
    );
  });

  it('prints with --json what scanInventory returns, rules included, and reads the formats and user rules asked for', async () => {
    const root = await makeRepository(ruleFiles);
    const home = await useTemporaryDirectory();
    await mkdir(path.join(home, '.claude/rules'), { recursive: true });
    await writeFile(path.join(home, '.claude/rules/mine.md'), 'Explain before editing.\n');
    const json = runBuiltCli(['inventory', '--json'], root);
    expect(JSON.parse(json.stdout)).toEqual(await scanInventory({ workspace: localWorkspace(root) }));
    expect(JSON.parse(json.stdout).rules).toHaveLength(4);

    const some = runBuiltCli(
      ['inventory', '--json', '--formats', 'cursor,claude-code', '--user', home],
      root,
    );
    expect(some.code).toBe(0);
    expect(
      JSON.parse(some.stdout).rules.map((rule: { path: string; scope: string }) => [rule.path, rule.scope]),
    ).toEqual([
      ['~/.claude/rules/mine.md', 'always'],
      ['.claude/rules/reviews.md', 'always'],
      ['.cursor/rules/checkout.mdc', 'files'],
      ['.cursor/rules/tax.mdc', 'described'],
    ]);
    const unknown = runBuiltCli(['inventory', '--formats', 'aider'], root);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown format "aider"');
  });
});

describe('agent-context inventory in a pipeline', () => {
  it('exits quietly with status 0 when the reader closes the pipe early', async () => {
    const root = await useTemporaryDirectory();
    for (let index = 0; index < 1500; index++) {
      const folder = path.join(root, '.claude', 'skills', `skill-${index}`);
      await mkdir(folder, { recursive: true });
      await writeFile(
        path.join(folder, 'SKILL.md'),
        `---\nname: skill-${index}\ndescription: ${'x'.repeat(80)}\n---\n`,
      );
    }
    const cli = path.join(repositoryRoot, 'dist/cli/main.js');
    const script = `node ${JSON.stringify(cli)} inventory ${JSON.stringify(root)} | head -c 10 >/dev/null; echo "status=\${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(result.stdout.trim()).toBe('status=0');
    expect(result.stderr).not.toContain('EPIPE');
  });
});
