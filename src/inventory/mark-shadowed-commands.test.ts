import { describe, expect, it } from 'vitest';
import { entryRealPaths } from './entry-real-paths.js';
import type { InventoryCommand, InventoryRoot } from './inventory-result.js';
import { markShadowedCommands } from './mark-shadowed-commands.js';
import type { ScannedRoot } from './scanned-root.js';

function command(path: string, name: string | null): InventoryCommand {
  return { path, name, description: null, attributes: {}, diagnostics: [] };
}

function root(label: string, names: Array<string | null>, plugin?: string): ScannedRoot {
  const result = {
    root: label,
    commands: names.map((name, index) => command(`${label}/commands/${index}.md`, name)),
  } as unknown as InventoryRoot;
  return {
    place: { path: label, directory: label, level: 0, listAbsent: false, ...(plugin ? { plugin } : {}) },
    result,
    realPaths: entryRealPaths(),
  };
}

/** Each command as `path -> first path` when shadowed, with its diagnostic count. */
function marks(roots: ScannedRoot[]) {
  return roots.flatMap(({ result }) =>
    result.commands
      .filter((item) => item.shadowedBy !== undefined)
      .map((item) => `${item.path} -> ${item.shadowedBy} (${item.diagnostics.length})`),
  );
}

describe('markShadowedCommands', () => {
  it('marks nothing in one root whose names rise', () => {
    const alone = root('.claude', ['alpha', 'beta', null, 'gamma']);
    markShadowedCommands([alone]);
    expect(marks([alone])).toEqual([]);
  });

  it('marks a name that repeats in one root, however its names are ordered', () => {
    const repeated = root('.claude', ['build', 'build', 'deploy']);
    const unordered = root('.agents', ['zeta', 'alpha', 'zeta']);
    markShadowedCommands([repeated]);
    markShadowedCommands([unordered]);
    expect(marks([repeated, unordered])).toEqual([
      '.claude/commands/1.md -> .claude/commands/0.md (1)',
      '.agents/commands/2.md -> .agents/commands/0.md (1)',
    ]);
  });

  it('marks a name of a later root that an earlier root has, each rising on its own', () => {
    const near = root('.claude', ['a', 'b']);
    const far = root('../.claude', ['b', 'c']);
    markShadowedCommands([near, far]);
    expect(marks([near, far])).toEqual(['../.claude/commands/0.md -> .claude/commands/1.md (1)']);
  });

  it('compares a plugin only with itself', () => {
    const project = root('.claude', ['review']);
    const plugin = root('plugins/kit', ['kit:review', 'kit:review'], 'kit');
    const other = root('plugins/other', ['review'], 'other');
    markShadowedCommands([project, plugin, other]);
    expect(marks([project, plugin, other])).toEqual([
      'plugins/kit/commands/1.md -> plugins/kit/commands/0.md (1)',
    ]);
  });
});
