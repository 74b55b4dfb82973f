import { describe, expect, it } from 'vitest';
import type { InventoryCommand, InventoryResult } from './inventory-result.js';
import { renderInventorySummary } from './render-inventory-summary.js';
import { renderInventoryTree, writeInventoryTree } from './render-inventory-tree.js';

const result: InventoryResult = {
  roots: [
    {
      root: '.claude',
      exists: true,
      skills: [
        {
          path: '.claude/skills/long/SKILL.md',
          directory: '.claude/skills/long',
          name: 'long',
          description: `Line one\nline two ${'word '.repeat(40)}`,
          attributes: {},
          duplicateOf: null,
          alsoIn: [],
          diagnostics: [],
        },
        {
          path: '.claude/skills/shared',
          directory: '.claude/skills/shared',
          name: null,
          description: null,
          attributes: {},
          duplicateOf: null,
          alsoIn: [],
          diagnostics: [
            {
              severity: 'warning',
              code: 'path-outside-workspace',
              message: 'Outside.',
              path: '.claude/skills/shared',
            },
          ],
        },
      ],
      agents: [],
      commands: [
        {
          path: '.claude/commands/frontend/build.md',
          name: 'build',
          description: 'Build the storefront.',
          attributes: { 'argument-hint': '[target]' },
          diagnostics: [],
        },
      ],
      settings: {
        path: '.claude/settings.json',
        hooks: [
          { event: 'Stop', matcher: null, handlers: 2 },
          { event: 'Stop', matcher: 'x', handlers: 1 },
        ],
        diagnostics: [],
      },
      diagnostics: [],
    },
    {
      root: '.agents',
      exists: false,
      skills: [],
      agents: [],
      commands: [],
      settings: null,
      diagnostics: [{ severity: 'error', code: 'read-failed', message: 'Denied.', path: '.agents' }],
    },
    { root: '.codex', exists: true, skills: [], agents: [], commands: [], settings: null, diagnostics: [] },
  ],
};

/** The same roots, with rules of every scope and their problems. */
const withRules: InventoryResult = {
  roots: [result.roots[2]!],
  rules: [
    {
      format: 'claude-code',
      path: '~/.claude/rules/mine.md',
      name: 'mine',
      scope: 'always',
      base: '.',
      level: 'user',
      diagnostics: [],
    },
    {
      format: 'cursor',
      path: '.cursor/rules/api.mdc',
      name: 'api',
      scope: 'files',
      globs: ['services/api/**/*.ts', 'services/api/**/*.tsx'],
      description: 'API handlers',
      base: '.',
      level: 'project',
      diagnostics: [
        {
          severity: 'warning',
          code: 'glob-ignored',
          message: 'Ignored `[x`.',
          path: '.cursor/rules/api.mdc',
        },
      ],
    },
    {
      format: 'kiro',
      path: '.kiro/steering/incidents.md',
      name: 'incidents',
      scope: 'described',
      description: `During an outage\n${'page the on-call first, '.repeat(5)}`,
      base: '.',
      level: 'project',
      diagnostics: [],
    },
    {
      format: 'cursor',
      path: '.cursor/rules/history.mdc',
      name: 'history',
      scope: 'manual',
      base: '.',
      level: 'project',
      diagnostics: [],
    },
  ],
  ruleDiagnostics: [
    { severity: 'error', code: 'invalid-glob', message: 'Skipped b.mdc.', path: '.cursor/rules/b.mdc' },
  ],
};

describe('renderInventoryTree', () => {
  it('puts descriptions on one line, cuts long ones, and lists diagnostics under their entry', () => {
    expect(renderInventoryTree(result, { maxDescriptionChars: 30 })).toBe(
      [
        '.claude',
        '├── skills',
        '│   ├── long: Line one line two word word w… (.claude/skills/long/SKILL.md)',
        '│   └── (no name) (.claude/skills/shared)',
        '│       └── warning: Outside. [path-outside-workspace]',
        '├── commands',
        '│   └── /build: Build the storefront. (.claude/commands/frontend/build.md)',
        '└── hooks (.claude/settings.json)',
        '    ├── Stop (2 handlers)',
        '    └── Stop [x] (1 handler)',
        '.agents (absent)',
        '└── error: Denied. [read-failed]',
        '.codex (no skills, agents, commands or hooks)',
        '3 roots scanned, 2 found: 2 skills, 0 agents, 1 command, 0 output styles, 0 context files, 2 hook groups; 1 error, 1 warning.',
        '',
      ].join('\n'),
    );
  });

  it('lists the rules by scope with their format and what decides when they apply', () => {
    expect(renderInventoryTree(withRules, { maxDescriptionChars: 40 })).toBe(
      [
        '.codex (no skills, agents, commands or hooks)',
        'rules',
        '├── error: Skipped b.mdc. [invalid-glob]',
        '├── always',
        '│   └── ~/.claude/rules/mine.md (claude-code)',
        '├── files',
        '│   └── .cursor/rules/api.mdc (cursor): services/api/**/*.ts, services/api/**/*.tsx (base .)',
        '│       └── warning: Ignored `[x`. [glob-ignored]',
        '├── described',
        '│   └── .kiro/steering/incidents.md (kiro): During an outage page the on-call first…',
        '└── manual',
        '    └── .cursor/rules/history.mdc (cursor): @history',
        '1 root scanned, 1 found: 0 skills, 0 agents, 0 commands, 0 output styles, 0 context files, 0 hook groups, 4 rules; 1 error, 1 warning.',
        '',
      ].join('\n'),
    );
    expect(renderInventoryTree({ roots: [], rules: [] }).split('\n')[0]).toBe('rules (none found)');
    expect(renderInventoryTree(result)).not.toContain('rules');
  });

  it('keeps every entry on one line when a name, a matcher or a plugin holds a line break', () => {
    const hostile: InventoryResult = {
      roots: [
        {
          root: '.claude',
          plugin: 'tools\n.fake (absent)',
          exists: true,
          skills: [],
          agents: [],
          commands: [
            {
              path: '.claude/commands/a\n└── /b.md',
              name: 'a\n└── /b',
              description: null,
              attributes: {},
              diagnostics: [],
            },
          ],
          settings: {
            path: '.claude/settings.json',
            hooks: [{ event: 'PreToolUse', matcher: 'Bash\r\nEdit', handlers: 1 }],
            diagnostics: [],
          },
          diagnostics: [],
        },
      ],
    };
    expect(renderInventoryTree(hostile).split('\n')).toEqual([
      '.claude (plugin tools\\n.fake (absent))',
      '├── commands',
      '│   └── /a\\n└── /b (.claude/commands/a\\n└── /b.md)',
      '└── hooks (.claude/settings.json)',
      '    └── PreToolUse [Bash\\nEdit] (1 handler)',
      '1 root scanned, 1 found: 0 skills, 0 agents, 1 command, 0 output styles, 0 context files, 1 hook group; no problems.',
      '',
    ]);
  });

  it('renders a section of 10,000 entries line by line, breaks shown wherever they fall, the result’s own diagnostics first', () => {
    const commands: InventoryCommand[] = Array.from({ length: 10_000 }, (_, index) => ({
      path: `.claude/commands/c${index}.md`,
      // Two names hold a line break (in the first chunk of lines and in the last); one entry has a diagnostic.
      name: index === 100 || index === 9_000 ? `c\u2028${index}` : `c${index}`,
      description: `Command ${index}.`,
      attributes: {},
      diagnostics:
        index === 5_000
          ? [
              {
                severity: 'warning' as const,
                code: 'invalid-name' as const,
                message: 'Odd\rone.',
                path: '.claude/commands/c5000.md',
              },
            ]
          : [],
    }));
    const big: InventoryResult = {
      roots: [
        { root: '.claude', exists: true, skills: [], agents: [], commands, settings: null, diagnostics: [] },
      ],
      diagnostics: [{ severity: 'info', code: 'depth-limit', message: 'Before\nthe tree.' }],
    };
    const lines = renderInventoryTree(big).split('\n');
    expect(lines).toHaveLength(1 + 2 + 10_000 + 1 + 1 + 1);
    expect(lines.slice(0, 4)).toEqual([
      'info: Before the tree. [depth-limit]',
      '.claude',
      '└── commands',
      '    ├── /c0: Command 0. (.claude/commands/c0.md)',
    ]);
    expect(lines).toContain('    ├── /c5000: Command 5000. (.claude/commands/c5000.md)');
    expect(lines).toContain('    │   └── warning: Odd one. [invalid-name]');
    expect(lines).toContain('    ├── /c\\n100: Command 100. (.claude/commands/c100.md)');
    expect(lines).toContain('    ├── /c\\n9000: Command 9000. (.claude/commands/c9000.md)');
    expect(lines.at(-3)).toBe('    └── /c9999: Command 9999. (.claude/commands/c9999.md)');
    expect(lines.at(-1)).toBe('');
    // Written a part at a time: whole lines each, the same text in all.
    const parts: string[] = [];
    writeInventoryTree(big, {}, (part) => parts.push(part));
    expect(parts.length).toBe(3);
    expect(parts.every((part) => part.endsWith('\n'))).toBe(true);
    expect(parts.join('')).toBe(lines.join('\n'));
  });

  it('colours only when asked', () => {
    expect(renderInventoryTree(result)).not.toContain('\u001b[');
    expect(renderInventoryTree(result, { color: true })).toContain('\u001b[33mwarning:\u001b[39m');
  });
});

describe('renderInventorySummary', () => {
  it('gives one line per root with counts, hook events and problem counts', () => {
    expect(renderInventorySummary(result)).toBe(
      [
        '.claude: 2 skills, 0 agents, 1 command, hooks Stop; 1 warning',
        '.agents: absent; 1 error',
        '.codex: 0 skills, 0 agents, 0 commands',
      ].join('\n'),
    );
    expect(renderInventorySummary({ roots: [] })).toBe('');
  });

  it('counts the rules by scope, with their problems, when the result lists them', () => {
    expect(renderInventorySummary(withRules)).toBe(
      [
        '.codex: 0 skills, 0 agents, 0 commands',
        'rules: 1 always, 1 files, 1 described, 1 manual; 1 error, 1 warning',
      ].join('\n'),
    );
    expect(renderInventorySummary({ roots: [], rules: [] })).toBe(
      'rules: 0 always, 0 files, 0 described, 0 manual',
    );
  });
});

describe('renderInventoryTree output styles and context files', () => {
  const withStylesAndContextFiles: InventoryResult = {
    roots: [
      {
        root: '.claude',
        exists: true,
        skills: [],
        agents: [],
        commands: [],
        settings: null,
        outputStyles: [
          {
            path: '.claude/output-styles/teacher.md',
            name: 'Teacher',
            description: 'Explains\neach step.',
            attributes: {},
            diagnostics: [],
          },
        ],
        diagnostics: [],
      },
      {
        root: '.gemini/extensions/tools',
        exists: true,
        skills: [],
        agents: [],
        commands: [],
        settings: null,
        contextFiles: ['.gemini/extensions/tools/GEMINI.md', '.gemini/extensions/tools/a\nb.md'],
        diagnostics: [],
      },
    ],
  };

  it('lists them as the JSON does, one line per entry', () => {
    const tree = renderInventoryTree(withStylesAndContextFiles);
    expect(tree).toContain(
      '.claude\n└── output styles\n    └── Teacher: Explains each step. (.claude/output-styles/teacher.md)',
    );
    expect(tree).toContain(
      '└── context files\n    ├── .gemini/extensions/tools/GEMINI.md\n    └── .gemini/extensions/tools/a\\nb.md',
    );
    expect(tree).not.toContain('(no skills, agents, commands or hooks)');
    // The count line counts what the tree shows, these two kinds too.
    expect(tree.split('\n').at(-2)).toBe(
      '2 roots scanned, 2 found: 0 skills, 0 agents, 0 commands, 1 output style, 2 context files, 0 hook groups; no problems.',
    );
  });

  it('are counted in the inspect summary of their root', () => {
    expect(renderInventorySummary(withStylesAndContextFiles)).toBe(
      [
        '.claude: 0 skills, 0 agents, 0 commands, 1 output style',
        '.gemini/extensions/tools: 0 skills, 0 agents, 0 commands, 2 context files',
      ].join('\n'),
    );
  });
});
