import { describe, expect, it } from 'vitest';
import type { InventoryResult } from './inventory-result.js';
import { renderInventorySummary } from './render-inventory-summary.js';
import { renderInventoryTree } from './render-inventory-tree.js';

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
              code: 'symlink-outside-workspace',
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
          name: 'frontend:build',
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

describe('renderInventoryTree', () => {
  it('puts descriptions on one line, cuts long ones, and lists diagnostics under their entry', () => {
    expect(renderInventoryTree(result, { maxDescriptionChars: 30 })).toBe(
      [
        '.claude',
        '├── skills',
        '│   ├── long: Line one line two word word wo… (.claude/skills/long/SKILL.md)',
        '│   └── (no name) (.claude/skills/shared)',
        '│       └── warning: Outside. [symlink-outside-workspace]',
        '├── commands',
        '│   └── /frontend:build: Build the storefront. (.claude/commands/frontend/build.md)',
        '└── hooks (.claude/settings.json)',
        '    ├── Stop (2 handlers)',
        '    └── Stop [x] (1 handler)',
        '.agents (absent)',
        '└── error: Denied. [read-failed]',
        '.codex (no skills, agents, commands or hooks)',
        '3 roots scanned, 2 found: 2 skills, 0 agents, 1 command, 2 hook groups; 1 error, 1 warning.',
        '',
      ].join('\n'),
    );
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
});
