import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestRepository, skillFile } from '../../test/support/test-repository.js';
import { AgentContextError } from '../errors.js';
import { discoverInstructions } from '../instructions/discover-instructions.js';
import { listInventoryDiagnostics } from '../inventory/inventory-result.js';
import { scanInventory } from '../inventory/scan-inventory.js';
import { loadRules } from '../rules/load-rules.js';
import { isInside } from './paths.js';
import { withUnreadableDirectories } from './unreadable-directories.js';
import type { Workspace } from './workspace.js';

const files = {
  'AGENTS.md': 'Use pnpm.\n',
  '.claude/CLAUDE.md': 'Claude notes.\n',
  '.claude/skills/review/SKILL.md': skillFile('review'),
  '.claude/agents/helper.md': '---\nname: helper\ndescription: Helps.\n---\nHelp.\n',
  '.claude/rules/style.md': 'Two spaces.\n',
  '.claude/settings.json': '{}\n',
  '.clinerules/tone.md': 'Be brief.\n',
  '.cursor/rules/web.mdc': '---\nglobs: web/**\n---\nWeb rule.\n',
};

/**
 * A workspace over a real repository that refuses one directory as `chmod 000` does: the directory
 * itself can be looked at, but not listed, and nothing below it can be reached (EACCES); a refused
 * file can be looked at, not read. Records every path asked below it.
 */
function refusingWorkspace(inner: Workspace, refused: string, kind: 'directory' | 'file' = 'directory') {
  const below: string[] = [];
  const refuse = (requested: string, opening: boolean) => {
    const absolute = inner.resolve(requested);
    const blocked = absolute !== refused ? isInside(refused, absolute) : opening;
    if (!blocked) return;
    if (absolute !== refused) below.push(absolute);
    throw new AgentContextError(`Could not read ${absolute}: permission denied (EACCES)`, {
      code: 'read-failed',
      path: requested,
      reason: 'EACCES',
    });
  };
  const workspace: Workspace = {
    root: inner.root,
    cwd: inner.cwd,
    resolve: (requested) => inner.resolve(requested),
    stat: async (requested) => {
      refuse(requested, false);
      return inner.stat(requested);
    },
    readdir: async (requested) => {
      refuse(requested, true);
      return inner.readdir(requested);
    },
    realpath: async (requested) => {
      refuse(requested, false);
      return inner.realpath(requested);
    },
    readFile: async (requested, options) => {
      refuse(requested, kind === 'file');
      return inner.readFile(requested, options);
    },
  };
  return { workspace, below };
}

async function repository() {
  const made = await makeTestRepository(files);
  await mkdir(path.join(made.root, '.git'));
  return made;
}

describe('a directory that cannot be read', () => {
  it('is one diagnostic of the inventory, on its root, which says it is unreadable, not absent', async () => {
    const { root, workspace: local } = await repository();
    const { workspace } = refusingWorkspace(local, `${root}/.claude`);
    const result = await scanInventory({ workspace });
    expect(listInventoryDiagnostics(result).map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['unreadable-directory', '.claude'],
    ]);
    const claude = result.roots.find((entry) => entry.root === '.claude');
    expect(claude).toMatchObject({ exists: false, unreadable: '.claude', skills: [], agents: [] });
    expect(claude?.diagnostics[0]?.message).toBe(
      'Could not read the directory .claude: permission denied (EACCES); nothing in it or below it was checked. Check the permissions of the directory.',
    );
    // The other roots and the rules are read as usual.
    expect(result.rules?.map((rule) => rule.path)).toEqual(['.cursor/rules/web.mdc', '.clinerules/tone.md']);
    expect(result.roots.find((entry) => entry.root === '.cursor')?.unreadable).toBeUndefined();
  });

  it('is one diagnostic of the rules and of the instructions, and nothing below it is asked again in the operation', async () => {
    const { root, workspace: local } = await repository();
    const { workspace, below } = refusingWorkspace(local, `${root}/.claude`);
    const { rules, discovery, askedAfter } = await withUnreadableDirectories(async () => {
      const rules = await loadRules({ workspace });
      const asked = below.length;
      const discovery = await discoverInstructions({ workspace });
      return { rules, discovery, askedAfter: below.length - asked };
    });
    expect(rules.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['unreadable-directory', '.claude'],
    ]);
    expect(rules.skipped).toHaveLength(1);
    expect(discovery.items.map((file) => file.label)).toEqual(['AGENTS.md']);
    expect(discovery.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['unreadable-directory', '.claude'],
    ]);
    expect(askedAfter).toBe(0);
  });

  it('when it is the working directory, is the one diagnostic of every loader, and every root says it was not checked', async () => {
    const { root, workspace: local } = await repository();
    const { workspace } = refusingWorkspace(local, root);
    const discovery = await discoverInstructions({ workspace });
    expect(discovery.items).toEqual([]);
    expect(discovery.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['unreadable-directory', '.'],
    ]);
    const rules = await loadRules({ workspace });
    expect(rules.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Could not read the directory . (the working directory): permission denied (EACCES); nothing in it or below it was checked. Check the permissions of the directory.',
    ]);
    const inventory = await scanInventory({ workspace });
    expect(listInventoryDiagnostics(inventory).map((diagnostic) => diagnostic.code)).toEqual([
      'unreadable-directory',
    ]);
    expect(inventory.diagnostics?.[0]?.path).toBe('.');
    expect(new Set(inventory.roots.map((entry) => entry.unreadable))).toEqual(new Set(['.']));
  });

  it('leaves a file that cannot be read as that file’s own diagnostic', async () => {
    const { root, workspace: local } = await repository();
    const { workspace } = refusingWorkspace(local, `${root}/.clinerules/tone.md`, 'file');
    const rules = await loadRules({ workspace });
    expect(rules.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['read-failed', '.clinerules/tone.md'],
    ]);
  });
});
