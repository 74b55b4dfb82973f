import { describe, expect, it } from 'vitest';
import { type ListingPrimitives, listDirectoriesWith, singleCallPrimitives } from './list-directories.js';
import { memoryWorkspace } from './memory-workspace.js';

/** Primitives of a memory workspace that count the directory reads, by lexical path. */
function countingPrimitives(files: Record<string, string>) {
  const inner = singleCallPrimitives(memoryWorkspace(files, { root: '/repo' }));
  const reads: string[] = [];
  const primitives: ListingPrimitives = {
    ...inner,
    entries(absolute, real, filtered) {
      reads.push(absolute);
      return inner.entries(absolute, real, filtered);
    },
  };
  return { primitives, reads };
}

describe('listDirectoriesWith', () => {
  it('reads a directory searched by name in several requests of one batch once', async () => {
    const { primitives, reads } = countingPrimitives({
      'AGENTS.md': 'root rules\n',
      '.claude/settings.json': '{}\n',
      '.claude/commands/review.md': 'Review.\n',
      'src/index.ts': 'export {};\n',
    });
    const outcomes = await listDirectoriesWith(primitives, [
      { path: '/repo', names: ['.git'] },
      { path: '/repo', names: ['AGENTS.md', 'CLAUDE.md'], read: { maxBytes: 100 } },
      { path: '/repo', names: ['.claude/settings.json', '.claude/commands'], depth: 1 },
    ]);
    expect(
      outcomes.map((outcome) => (outcome.ok ? outcome.value.entries.map((entry) => entry.path) : [])),
    ).toEqual([
      [],
      ['AGENTS.md'],
      ['.claude', '.claude/commands', '.claude/commands/review.md', '.claude/settings.json'],
    ]);
    // The root once for the three searches, `.claude` once; a full listing (`commands`) as asked.
    expect(reads.filter((path) => path === '/repo')).toHaveLength(1);
    expect(reads.filter((path) => path === '/repo/.claude')).toHaveLength(1);
    // A new batch reads again: the tree may have changed between batches.
    await listDirectoriesWith(primitives, [{ path: '/repo', names: ['.git'] }]);
    expect(reads.filter((path) => path === '/repo')).toHaveLength(2);
  });

  it('does not keep a failed read: the next request of the batch meets it on its own', async () => {
    const { primitives } = countingPrimitives({ 'AGENTS.md': 'root rules\n' });
    let failures = 1;
    const flaky: ListingPrimitives = {
      ...primitives,
      entries(absolute, real, filtered) {
        if (failures-- > 0) return Promise.reject(new Error('busy'));
        return primitives.entries(absolute, real, filtered);
      },
    };
    const outcomes = await listDirectoriesWith(flaky, [
      { path: '/repo', names: ['AGENTS.md'] },
      { path: '/repo', names: ['AGENTS.md'] },
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, true]);
  });
});
