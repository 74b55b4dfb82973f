import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../../test/support/cli.js';
import { makeTestRepository, skillFile } from '../../../test/support/test-repository.js';

const run = (cwd: string, args: string[]) => runCliInProcess(cwd, ['commands', ...args]);

async function repository(): Promise<string> {
  const { root } = await makeTestRepository({
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.claude/commands/ship.md':
      '---\ndescription: Ship it.\nargument-hint: <version>\n---\nShip $ARGUMENTS now.\n',
    '.claude/commands/team/ship.md': 'A second ship, shadowed.\n',
    '.gemini/commands/git/commit.toml': 'description = "Commit"\nprompt = "Commit: !{git diff --staged}"\n',
    '.claude/skills/pdf/SKILL.md': skillFile('pdf', 'Read PDF files.'),
    '.claude-plugin/marketplace.json': JSON.stringify({
      plugins: [{ name: 'review', source: './plugins/review' }],
    }),
    'plugins/review/commands/check.md': 'Check $ARGUMENTS.\n',
  });
  return root;
}

describe('agent-context commands', () => {
  it('lists the commands a user could type, with where each comes from and what was left out', async () => {
    const { code, stdout, stderr } = await run(await repository(), []);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '4 commands:',
        '  /pdf: Read PDF files.',
        '    skill, .claude/skills/pdf/SKILL.md',
        '  /ship <version>: Ship it.',
        '    claude, .claude/commands/ship.md',
        '  /git:commit: Commit',
        '    gemini, .gemini/commands/git/commit.toml',
        '  /review:check: Check $ARGUMENTS.',
        '    claude, plugins/review/commands/check.md',
        'info: The command /ship of .claude/commands/team/ship.md is shadowed by .claude/commands/ship.md, which has the same name.',
        '',
      ].join('\n'),
    );
  });

  it('--expand prints what the model gets, shell lines not run, and exits 1 for an input no command takes', async () => {
    const root = await repository();
    const shipped = await run(root, ['--expand', '/ship 1.2.0']);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toBe(
      '/ship (claude, .claude/commands/ship.md) gives the model:\n\nShip 1.2.0 now.\n',
    );
    const committed = await run(root, ['--expand', '/git:commit']);
    expect(committed.stdout).toContain('[shell command not run: git diff --staged]');
    expect(committed.stdout).toMatch(/^skipped: .*git diff --staged/m);
    const plugin = await run(root, ['--expand', '/check the parser', '--json']);
    expect(JSON.parse(plugin.stdout)).toMatchObject({
      text: 'Check the parser.\n',
      command: { name: 'review:check', format: 'claude', path: 'plugins/review/commands/check.md' },
    });
    const unknown = await run(root, ['--expand', '/deploy now']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe(
      'No command: /deploy now would reach the model unchanged.\nskipped: Unknown command /deploy: the input passes through unchanged.\n',
    );
  });
  it('from a package of a monorepo: the root commands, a plugin whose commands folder is a link, linked skills', async () => {
    const { root } = await makeTestRepository(
      {
        '.git/HEAD': 'ref: refs/heads/main\n',
        'AGENTS.md': 'Root rules.\n',
        '.claude/skills/pdf/SKILL.md': skillFile('pdf', 'Read PDF files.'),
        '.claude/commands/ship.md': 'Ship $ARGUMENTS.\n',
        'shared/commands/check.md': 'Check $ARGUMENTS carefully.\n',
        '.claude-plugin/marketplace.json': JSON.stringify({
          plugins: [{ name: 'review', source: './plugins/review' }],
        }),
        'plugins/review/plugin.json': '{}\n',
        'packages/app/AGENTS.md': 'App rules.\n',
      },
      {
        'CLAUDE.md': 'AGENTS.md',
        '.agents/skills': '../.claude/skills',
        'plugins/review/commands': '../../shared/commands',
      },
    );
    const listed = await run(path.join(root, 'packages/app'), []);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(
      [
        '3 commands:',
        '  /pdf: Read PDF files.',
        '    skill, ../../.claude/skills/pdf/SKILL.md',
        '  /ship: Ship $ARGUMENTS.',
        '    claude, ../../.claude/commands/ship.md',
        '  /review:check: Check $ARGUMENTS carefully.',
        '    claude, ../../plugins/review/commands/check.md',
        '',
      ].join('\n'),
    );
    const expanded = await run(path.join(root, 'packages/app'), ['--expand', '/check the api']);
    expect(expanded.stdout).toBe(
      '/review:check (claude, ../../plugins/review/commands/check.md) gives the model:\n\nCheck the api carefully.\n',
    );
  });
});
