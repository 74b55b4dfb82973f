import { describe, expect, it } from 'vitest';
import { planRepository } from './plan-repository.js';
import { expectedRuleDeliveries, plannedGlobMatches, planRules } from './plan-rules.js';
import { generateTouchEvents } from './touch-events.js';

const plan = planRepository({ seed: 5, packages: 4, directories: 60, otherFiles: 300 });

describe('planRules', () => {
  it('gives the same rules for the same seed, unique bodies, and the three formats in turn', () => {
    const rules = planRules(plan, { count: 30 });
    expect(planRules(plan, { count: 30 })).toEqual(rules);
    expect(planRules(plan, { count: 30, seed: 4 })).not.toEqual(rules);
    expect(new Set(rules.map((rule) => rule.path)).size).toBe(30);
    const bodies = rules.map((rule) => rule.text.slice(rule.text.indexOf('\n---\n') + 5));
    expect(new Set(bodies).size).toBe(30);
    expect(rules.slice(0, 3).map((rule) => rule.format)).toEqual(['claude-code', 'cursor', 'github-copilot']);
    expect(rules[0]!.path).toMatch(/^\.claude\/rules\/rule-0000\.md$/);
    expect(rules[1]!.path).toMatch(/^\.cursor\/rules\/rule-0001\.mdc$/);
    expect(rules[2]!.path).toMatch(/^\.github\/instructions\/rule-0002\.instructions\.md$/);
  });

  it('writes each format the way its assistant reads it', () => {
    const [claude, cursor, copilot] = planRules(plan, { count: 3 });
    expect(claude!.text).toMatch(/^---\npaths:\n( {2}- "[^"]+"\n)+---\n# Rule 0000\n/);
    expect(cursor!.text).toContain(`globs: `);
    expect(cursor!.text).toContain('alwaysApply: false\n');
    expect(copilot!.text).toMatch(/^---\napplyTo: "[^"]+"\n---\n/);
  });
});

describe('plannedGlobMatches', () => {
  it.each([
    ['packages/a/src/**/*.ts', 'packages/a/src/x.ts', true],
    ['packages/a/src/**/*.ts', 'packages/a/src/deep/er/x.ts', true],
    ['packages/a/src/**/*.ts', 'packages/a/src/x.tsx', false],
    ['packages/a/src/**/*.ts', 'packages/a/src-1/x.ts', false],
    ['packages/a/**/*.{ts,tsx}', 'packages/a/b/x.tsx', true],
    ['packages/a/**/*.{ts,tsx}', 'packages/a/x.ts', true],
    ['packages/a/**/*.{ts,tsx}', 'packages/a/x.json', false],
    ['packages/a/*.json', 'packages/a/x.json', true],
    ['packages/a/*.json', 'packages/a/b/x.json', false],
    ['packages/a/server/**', 'packages/a/server/x/y.md', true],
    ['packages/a/server/**', 'packages/a/server-2/y.md', false],
    ['**/*.css', 'packages/a/b/c.css', true],
    ['*.md', 'packages/a/README.md', true],
    ['*.md', 'packages/a/notes.mdx', false],
  ])('%s against %s is %s', (glob, path, expected) => {
    expect(plannedGlobMatches(glob, path)).toBe(expected);
  });

  it('reads a glob without a slash as the root only for Claude Code and Cursor', () => {
    expect(plannedGlobMatches('*.md', 'README.md', 'cursor')).toBe(true);
    expect(plannedGlobMatches('*.md', 'packages/a/README.md', 'cursor')).toBe(false);
    expect(plannedGlobMatches('*.md', 'packages/a/README.md', 'claude-code')).toBe(false);
    expect(plannedGlobMatches('*.md', 'packages/a/README.md', 'github-copilot')).toBe(true);
  });
});

describe('expectedRuleDeliveries', () => {
  it('delivers each rule once, at the first file read it matches, never on a listing', () => {
    const rules = planRules(plan, { count: 60 });
    const events = generateTouchEvents(plan, { count: 2_000, seed: 9 });
    const answers = expectedRuleDeliveries(rules, events);
    const delivered = answers.flat();
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.length).toBeGreaterThan(20);
    for (const [index, event] of events.entries()) {
      if (event.kind === 'directory') expect(answers[index]).toEqual([]);
      for (const path of answers[index]!) {
        const rule = rules.find((candidate) => candidate.path === path)!;
        expect(rule.globs.some((glob) => plannedGlobMatches(glob, event.path, rule.format))).toBe(true);
      }
    }
  });
});
