import { describe, expect, it } from 'vitest';
import {
  makeTestRepository as makeRepository,
  skillFile as skill,
} from '../../test/support/test-repository.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { renderInventorySummary } from './render-inventory-summary.js';
import { renderInventoryTree } from './render-inventory-tree.js';
import { scanInventory } from './scan-inventory.js';

const agent = (name: string) => `---\nname: ${name}\ndescription: The ${name} agent.\n---\nWork.\n`;

describe('asset roots at every level', () => {
  it('looks in the working directory and every ancestor up to the project root, nearest first', async () => {
    const { root } = await makeRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.agents/skills/release/SKILL.md': skill('release'),
      '.agents/skills/lint/SKILL.md': skill('lint'),
      'web/.claude/skills/lint/SKILL.md': skill('lint', 'The web lint rules.'),
      'web/src/features/evals/index.ts': 'export {};\n',
    });
    const workspace = localWorkspace(root, { cwd: 'web/src/features/evals' });
    const result = await scanInventory({ workspace, roots: ['.claude', '.agents'] });
    expect(result.directories).toEqual(['.', '..', '../..', '../../..', '../../../..']);
    expect(result.roots.map((entry) => [entry.root, entry.directory, entry.exists])).toEqual([
      ['.claude', '.', false],
      ['.agents', '.', false],
      ['../../../.claude', '../../..', true],
      ['../../../../.agents', '../../../..', true],
    ]);
    const skills = result.roots.flatMap((entry) => entry.skills);
    expect(skills.map((entry) => [entry.path, entry.shadowedBy ?? null, entry.duplicateOf])).toEqual([
      ['../../../.claude/skills/lint/SKILL.md', null, null],
      ['../../../../.agents/skills/lint/SKILL.md', '../../../.claude/skills/lint/SKILL.md', null],
      ['../../../../.agents/skills/release/SKILL.md', null, null],
    ]);
    expect(skills[1]?.diagnostics).toEqual([
      expect.objectContaining({ severity: 'info', code: 'skill-shadowed' }),
    ]);
  });

  it('stops at stopAt, and at the working directory alone with stopAt "."', async () => {
    const { root } = await makeRepository({
      '.git/HEAD': 'x\n',
      '.claude/skills/top/SKILL.md': skill('top'),
      'packages/app/.claude/agents/app.md': agent('app'),
    });
    const workspace = localWorkspace(root, { cwd: 'packages/app' });
    const alone = await scanInventory({ workspace, roots: ['.claude'], stopAt: '.' });
    expect(alone.roots.map((entry) => entry.root)).toEqual(['.claude']);
    const toPackages = await scanInventory({ workspace, roots: ['.claude'], stopAt: '..' });
    expect(toPackages.directories).toEqual(['.', '..']);
    const whole = await scanInventory({ workspace, roots: ['.claude'] });
    expect(whole.roots.map((entry) => entry.root)).toEqual(['.claude', '../../.claude']);
  });

  it('scans plugin folders named by the marketplace file, labelled with the plugin name', async () => {
    const { workspace } = await makeRepository({
      '.git/HEAD': 'x\n',
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'team-tools',
        plugins: [
          { name: 'review-kit', source: './plugins/review-kit' },
          { name: 'remote', source: { source: 'github', repo: 'someone/elsewhere' } },
          { name: 'gone', source: './plugins/gone' },
          { source: './plugins/nameless' },
        ],
      }),
      'plugins/review-kit/.claude-plugin/plugin.json': '{"name":"review-kit"}',
      'plugins/review-kit/agents/checker.md': agent('checker'),
      'plugins/review-kit/skills/lint/SKILL.md': skill('lint'),
      'plugins/review-kit/commands/check.md': 'Check the diff.\n',
      'plugins/review-kit/hooks/hooks.json': JSON.stringify({
        hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'fmt' }] }] },
      }),
      '.claude/skills/lint/SKILL.md': skill('lint'),
    });
    const result = await scanInventory({ workspace, roots: ['.claude'] });
    const [claude, review, gone] = result.roots;
    expect(result.roots.map((entry) => [entry.root, entry.plugin ?? null, entry.exists])).toEqual([
      ['.claude', null, true],
      ['plugins/review-kit', 'review-kit', true],
      ['plugins/gone', 'gone', false],
    ]);
    expect(review?.agents.map((entry) => entry.name)).toEqual(['checker']);
    expect(review?.commands.map((entry) => entry.name)).toEqual(['review-kit:check']);
    expect(review?.hookFiles).toEqual([
      {
        path: 'plugins/review-kit/hooks/hooks.json',
        hooks: [{ event: 'PostToolUse', matcher: 'Edit', handlers: 1 }],
        diagnostics: [],
      },
    ]);
    // A plugin's skills are namespaced by the plugin: no clash with the project's skill of that name.
    expect(review?.skills[0]?.diagnostics).toEqual([]);
    expect(claude?.skills[0]?.alsoIn).toEqual([]);
    expect(gone?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['plugin-not-found']);
    expect(result.diagnostics?.map((diagnostic) => diagnostic.message)).toEqual([
      '`plugins[3]` has no `name`; skipped.',
    ]);
  });

  it('reads hooks from settings.local.json and hooks.json files, and never says "no settings" where one exists', async () => {
    const { workspace } = await makeRepository({
      '.claude/settings.local.json': JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] },
      }),
      '.codex/hooks.json': JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'setup' }] }] },
      }),
      '.cursor/hooks.json': JSON.stringify({
        version: 1,
        hooks: { afterFileEdit: [{ command: 'format' }, { command: 'lint' }] },
      }),
    });
    const result = await scanInventory({ workspace, roots: ['.claude', '.codex', '.cursor'] });
    expect(result.roots.map((entry) => [entry.settings, entry.hookFiles])).toEqual([
      [
        null,
        [
          {
            path: '.claude/settings.local.json',
            hooks: [{ event: 'Stop', matcher: null, handlers: 1 }],
            diagnostics: [],
          },
        ],
      ],
      [
        null,
        [
          {
            path: '.codex/hooks.json',
            hooks: [{ event: 'SessionStart', matcher: null, handlers: 1 }],
            diagnostics: [],
          },
        ],
      ],
      [
        null,
        [
          {
            path: '.cursor/hooks.json',
            hooks: [
              { event: 'afterFileEdit', matcher: null, handlers: 1 },
              { event: 'afterFileEdit', matcher: null, handlers: 1 },
            ],
            diagnostics: [],
          },
        ],
      ],
    ]);
    const tree = renderInventoryTree(result);
    expect(tree).not.toContain('settings)');
    expect(tree).toContain('hooks (.codex/hooks.json)\n    └── SessionStart (1 handler)');
    expect(tree).toMatch(/4 hook groups/);
    expect(renderInventorySummary(result)).toBe(
      [
        '.claude: 0 skills, 0 agents, 0 commands, hooks Stop',
        '.codex: 0 skills, 0 agents, 0 commands, hooks SessionStart',
        '.cursor: 0 skills, 0 agents, 0 commands, hooks afterFileEdit',
        'rules: 0 always, 0 files, 0 described, 0 manual',
      ].join('\n'),
    );
  });
});
