import { describe, expect, it } from 'vitest';
import { compareWithTruth, expectedSurfacing } from './expected-surfacing.js';
import type { RepositoryPlan } from './plan-repository.js';

const plan = {
  instructionFiles: ['a/AGENTS.md', 'a/CLAUDE.md', 'a/b/c/AGENTS.md', 'a/b/CLAUDE.md', 'x/AGENTS.md'],
} as unknown as RepositoryPlan;

describe('expectedSurfacing', () => {
  it('surfaces the whole chain below the root, outermost first, AGENTS.md before CLAUDE.md', () => {
    const truth = expectedSurfacing(plan, [{ path: 'a/b/c/file.ts', kind: 'file' }]);
    expect(truth).toEqual([['a/AGENTS.md', 'a/CLAUDE.md', 'a/b/CLAUDE.md', 'a/b/c/AGENTS.md']]);
  });

  it('surfaces each file once per session, and a listed directory includes its own file', () => {
    const truth = expectedSurfacing(plan, [
      { path: 'a/b/file.ts', kind: 'file' },
      { path: 'a/b/c', kind: 'directory' },
      { path: 'a/b/c/other.ts', kind: 'file' },
    ]);
    expect(truth).toEqual([['a/AGENTS.md', 'a/CLAUDE.md', 'a/b/CLAUDE.md'], ['a/b/c/AGENTS.md'], []]);
  });

  it('surfaces nothing for a file at the top level, but the file of a top-level directory listed', () => {
    expect(expectedSurfacing(plan, [{ path: 'x', kind: 'file' }])).toEqual([[]]);
    expect(expectedSurfacing(plan, [{ path: 'x', kind: 'directory' }])).toEqual([['x/AGENTS.md']]);
  });
});

describe('compareWithTruth', () => {
  it('counts exact events, missed files and extra files', () => {
    const truth = [['a/AGENTS.md', 'a/b/CLAUDE.md'], [], ['x/AGENTS.md']];
    const answers = [['a/b/CLAUDE.md'], ['a/AGENTS.md'], ['x/AGENTS.md']];
    expect(compareWithTruth(truth, answers)).toEqual({
      exactEvents: 1,
      events: 3,
      missedFiles: 1,
      extraFiles: 1,
    });
  });

  it('does not count an event with a file surfaced twice as exact', () => {
    expect(compareWithTruth([['a/AGENTS.md']], [['a/AGENTS.md', 'a/AGENTS.md']]).exactEvents).toBe(0);
  });
});
