import { describe, expect, it } from 'vitest';
import { localWorkspace } from '../workspace/local-workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import {
  createDiscoveryTree,
  currentDiscoveryTree,
  discoverIn,
  labelsOf,
} from './discovery-fixtures.test-support.js';

describe('discoverInstructions walk-up', () => {
  it('loads the ancestor file before the workspace file', async () => {
    const result = await discoverIn(
      { '.git/HEAD': 'ref', 'AGENTS.md': 'root rules', 'packages/app/AGENTS.md': 'app rules' },
      'packages/app',
    );
    expect(labelsOf(result)).toEqual(['../../AGENTS.md', 'AGENTS.md']);
    expect(result.items.map((item) => item.text)).toEqual(['root rules', 'app rules']);
    expect(result.items.every((item) => item.reason === 'walk-up')).toBe(true);
    expect(result.ceiling).toBe(currentDiscoveryTree().root);
    expect(result.ceilingReason).toBe('root-marker');
    expect(result.diagnostics).toEqual([]);
  });

  it('searches every directory between the project root and the workspace', async () => {
    const result = await discoverIn(
      {
        '.git': 'gitdir: elsewhere',
        'CLAUDE.md': 'a',
        'packages/CLAUDE.md': 'b',
        'packages/app/src/CLAUDE.md': 'c',
      },
      'packages/app/src',
    );
    expect(labelsOf(result)).toEqual(['../../../CLAUDE.md', '../../CLAUDE.md', 'CLAUDE.md']);
    expect(result.searched).toEqual([
      currentDiscoveryTree().root,
      currentDiscoveryTree().at('packages'),
      currentDiscoveryTree().at('packages/app'),
      currentDiscoveryTree().at('packages/app/src'),
    ]);
  });

  it('loads only the workspace directory when no root marker exists', async () => {
    const result = await discoverIn({ 'AGENTS.md': 'root', 'app/AGENTS.md': 'app' }, 'app');
    expect(labelsOf(result)).toEqual(['AGENTS.md']);
    expect(result.ceilingReason).toBe('no-root-marker');
  });

  it('uses custom root markers', async () => {
    const result = await discoverIn(
      { 'pnpm-workspace.yaml': '', 'AGENTS.md': 'root', 'app/AGENTS.md': 'app' },
      'app',
      {
        rootMarkers: ['pnpm-workspace.yaml'],
      },
    );
    expect(labelsOf(result)).toEqual(['../AGENTS.md', 'AGENTS.md']);
  });

  it('loads only the workspace directory when stopAt is the workspace', async () => {
    const result = await discoverIn({ '.git/HEAD': '', 'AGENTS.md': 'root', 'app/AGENTS.md': 'app' }, 'app', {
      stopAt: '.',
    });
    expect(labelsOf(result)).toEqual(['AGENTS.md']);
    expect(result.ceilingReason).toBe('stop-at');
    const fromAbsolute = await discoverInstructions({
      workspace: localWorkspace(currentDiscoveryTree().root, { cwd: 'app' }),
      stopAt: currentDiscoveryTree().at('app'),
    });
    expect(labelsOf(fromAbsolute)).toEqual(['AGENTS.md']);
  });

  it('walks up to stopAt without a root marker', async () => {
    const tree = await createDiscoveryTree({ 'AGENTS.md': 'root', 'a/AGENTS.md': 'a', 'a/b/AGENTS.md': 'b' });
    const workspace = localWorkspace(tree.root, { cwd: 'a/b' });
    expect(labelsOf(await discoverInstructions({ workspace, stopAt: tree.root }))).toEqual([
      '../../AGENTS.md',
      '../AGENTS.md',
      'AGENTS.md',
    ]);
    expect(labelsOf(await discoverInstructions({ workspace, stopAt: '..' }))).toEqual([
      '../AGENTS.md',
      'AGENTS.md',
    ]);
  });

  it('never walks above the workspace root, even when stopAt is higher', async () => {
    const tree = await createDiscoveryTree({
      'AGENTS.md': 'outside',
      'inner/AGENTS.md': 'root',
      'inner/a/AGENTS.md': 'a',
    });
    const workspace = localWorkspace(tree.at('inner'), { cwd: 'a' });
    const result = await discoverInstructions({ workspace, stopAt: tree.root });
    expect(labelsOf(result)).toEqual(['../AGENTS.md', 'AGENTS.md']);
    expect(result.ceiling).toBe(tree.at('inner'));
  });

  it('loads the workspace alone, without error, when stopAt is not an ancestor', async () => {
    const result = await discoverIn(
      { '.git/HEAD': '', 'AGENTS.md': 'root', 'a/AGENTS.md': 'a', 'b/x': '' },
      'a',
      {
        stopAt: '../b',
      },
    );
    expect(labelsOf(result)).toEqual(['AGENTS.md']);
    expect(result.ceilingReason).toBe('stop-at-not-ancestor');
    expect(result.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(['info']);
  });

  it('loads both filenames of one directory in order, and only the first with perDirectory first', async () => {
    const files = { 'CLAUDE.md': 'claude', 'AGENTS.md': 'agents' };
    expect(labelsOf(await discoverIn(files, '.'))).toEqual(['AGENTS.md', 'CLAUDE.md']);
    const workspace = localWorkspace(currentDiscoveryTree().root);
    expect(labelsOf(await discoverInstructions({ workspace, perDirectory: 'first' }))).toEqual(['AGENTS.md']);
    expect(
      labelsOf(await discoverInstructions({ workspace, filenames: ['CLAUDE.md', 'AGENTS.md'] })),
    ).toEqual(['CLAUDE.md', 'AGENTS.md']);
  });

  it('falls back to the next filename with perDirectory first when the first is unusable', async () => {
    const result = await discoverIn(
      { 'AGENTS.md': new Uint8Array([0x61, 0, 0x62]), 'CLAUDE.md': 'claude' },
      '.',
      {
        perDirectory: 'first',
      },
    );
    expect(labelsOf(result)).toEqual(['CLAUDE.md']);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['binary-file']);
  });

  it('loads a symlinked AGENTS.md -> CLAUDE.md once', async () => {
    const result = await discoverIn(
      { 'CLAUDE.md': 'shared rules' },
      '.',
      {},
      { symlinks: { 'AGENTS.md': 'CLAUDE.md' } },
    );
    expect(labelsOf(result)).toEqual(['AGENTS.md']);
    expect(result.items[0]?.realPath).toBe(currentDiscoveryTree().at('CLAUDE.md'));
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['duplicate', 'CLAUDE.md'],
    ]);
  });

  it('loads identical text in ancestor and workspace once, at the ancestor position', async () => {
    const result = await discoverIn(
      { '.git/HEAD': '', 'AGENTS.md': 'same', 'app/CLAUDE.md': 'other', 'app/AGENTS.md': 'same' },
      'app',
    );
    expect(labelsOf(result)).toEqual(['../AGENTS.md', 'CLAUDE.md']);
    expect(result.diagnostics[0]?.message).toContain('same text as ../AGENTS.md');
  });

  it('finds nothing in an empty tree', async () => {
    const result = await discoverIn({}, '.', {}, { directories: ['empty'] });
    expect(result.items).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it('decodes invalid UTF-8 with U+FFFD and no diagnostic', async () => {
    const bytes = new Uint8Array([0x63, 0x61, 0x66, 0xe9, ...new TextEncoder().encode(' instructions')]);
    const result = await discoverIn({ 'AGENTS.md': bytes }, '.');
    expect(result.items[0]?.text).toBe('caf\uFFFD instructions');
    expect(result.diagnostics).toEqual([]);
  });

  it('drops a byte order mark', async () => {
    const result = await discoverIn({ 'AGENTS.md': '\uFEFFUse pnpm.' }, '.');
    expect(result.items[0]?.text).toBe('Use pnpm.');
    expect(result.items[0]?.characters).toBe(9);
  });

  it('throws for options that cannot work', async () => {
    const tree = await createDiscoveryTree({});
    const workspace = localWorkspace(tree.root);
    await expect(discoverInstructions({ workspace, filenames: [] })).rejects.toMatchObject({
      code: 'invalid-option',
    });
  });
});
