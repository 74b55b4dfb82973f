import { afterEach, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { type DiscoverInstructionsOptions, discoverInstructions } from './discover-instructions.js';

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function discoverIn(
  files: Record<string, string>,
  options: Omit<DiscoverInstructionsOptions, 'workspace'> = {},
) {
  tree = await createTemporaryTree(files);
  return discoverInstructions({ workspace: localWorkspace(tree.at('repo'), { cwd: 'app' }), ...options });
}

describe('discoverInstructions imports', () => {
  it('loads an import relative to the importing file, right after it', async () => {
    const result = await discoverIn({
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': 'Root. See @docs/style.md',
      'repo/docs/style.md': 'Style guide.',
      'repo/app/AGENTS.md': 'App.',
    });
    expect(result.items.map((item) => [item.label, item.reason, item.importDepth])).toEqual([
      ['../AGENTS.md', 'walk-up', 0],
      ['../docs/style.md', 'import', 1],
      ['AGENTS.md', 'walk-up', 0],
    ]);
    expect(result.items[1]?.importedBy).toBe(tree!.at('repo/AGENTS.md'));
    expect(result.items[0]?.imports).toEqual([
      {
        specifier: 'docs/style.md',
        path: tree!.at('repo/docs/style.md'),
        label: '../docs/style.md',
        status: 'loaded',
      },
    ]);
    expect(result.items[0]?.text).toBe('Root. See @docs/style.md');
  });

  it('follows nested imports to 5 hops and refuses the 6th with a marker', async () => {
    const files: Record<string, string> = { 'repo/.git/HEAD': '', 'repo/app/AGENTS.md': 'start @hop1.md' };
    for (let hop = 1; hop <= 6; hop += 1) files[`repo/app/hop${hop}.md`] = `hop ${hop} @hop${hop + 1}.md`;
    const result = await discoverIn(files);
    expect(result.items.map((item) => item.label)).toEqual([
      'AGENTS.md',
      'hop1.md',
      'hop2.md',
      'hop3.md',
      'hop4.md',
      'hop5.md',
    ]);
    expect(result.items[5]?.text).toBe('hop 5 <!-- import failed: hop6.md (depth limit of 5 exceeded) -->');
    expect(result.diagnostics).toMatchObject([{ severity: 'error', code: 'import-failed', path: 'hop5.md' }]);
  });

  it('cuts a cycle a -> b -> a and loads each file once', async () => {
    const result = await discoverIn({
      'repo/.git/HEAD': '',
      'repo/app/AGENTS.md': 'a imports @b.md',
      'repo/app/b.md': 'b imports @AGENTS.md',
    });
    expect(result.items.map((item) => item.label)).toEqual(['AGENTS.md', 'b.md']);
    expect(result.items[1]?.imports).toMatchObject([{ specifier: 'AGENTS.md', status: 'cycle' }]);
    expect(result.items[1]?.text).toBe('b imports @AGENTS.md');
    expect(result.diagnostics).toMatchObject([{ severity: 'info', code: 'import-cycle' }]);
  });

  it('leaves @path alone inside inline code and fenced blocks', async () => {
    const text = 'Use `@missing.md` literally.\n\n```\n@also-missing.md\n```\n';
    const result = await discoverIn({ 'repo/.git/HEAD': '', 'repo/app/AGENTS.md': text });
    expect(result.items[0]?.text).toBe(text);
    expect(result.items[0]?.imports).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it('replaces a missing import with a marker and reports it', async () => {
    const result = await discoverIn({
      'repo/.git/HEAD': '',
      'repo/app/AGENTS.md': 'Read @notes/missing.md first.',
    });
    expect(result.items[0]?.text).toBe('Read <!-- import failed: notes/missing.md (not found) --> first.');
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'import-failed',
        message: 'Import @notes/missing.md in AGENTS.md failed: not found.',
        path: 'AGENTS.md',
      },
    ]);
  });

  it('refuses an import outside the workspace root without reading it', async () => {
    tree = await createTemporaryTree({
      'secret.md': 'secret',
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': 'See @../secret.md',
    });
    const workspace = recordingWorkspace(localWorkspace(tree.at('repo')));
    const result = await discoverInstructions({ workspace });
    expect(result.items[0]?.text).toBe(
      'See <!-- import failed: ../secret.md (outside the workspace root) -->',
    );
    expect(workspace.calls.some((call) => call.path.includes('secret'))).toBe(false);
  });

  it('refuses an import through a symlinked directory leaving the root, without reading it', async () => {
    tree = await createTemporaryTree(
      { 'outside/notes.md': 'secret', 'repo/.git/HEAD': '', 'repo/AGENTS.md': 'See @linked/notes.md' },
      { symlinks: { 'repo/linked': '../outside' } },
    );
    const workspace = recordingWorkspace(localWorkspace(tree.at('repo')));
    const result = await discoverInstructions({ workspace });
    expect(result.items.map((item) => item.label)).toEqual(['AGENTS.md']);
    expect(result.items[0]?.text).toBe(
      'See <!-- import failed: linked/notes.md (symlink leaves the workspace root) -->',
    );
    expect(workspace.calls.filter((call) => call.method === 'readFile').map((call) => call.path)).toEqual([
      tree.at('repo/AGENTS.md'),
    ]);
  });

  it('reads an import outside the root through externalWorkspace when allowed', async () => {
    tree = await createTemporaryTree({
      'shared.md': 'shared',
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': 'See @../shared.md',
    });
    const result = await discoverInstructions({
      workspace: localWorkspace(tree.at('repo')),
      allowExternalImports: true,
      externalWorkspace: localWorkspace('/', { contained: false }),
    });
    expect(result.items.map((item) => [item.label, item.text])).toEqual([
      ['AGENTS.md', 'See @../shared.md'],
      [tree.at('shared.md'), 'shared'],
    ]);
  });

  it('resolves @~/ against userDirectory only when external imports are allowed', async () => {
    tree = await createTemporaryTree({
      'home/notes.md': 'home notes',
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': '@~/notes.md',
    });
    const workspace = localWorkspace(tree.at('repo'));
    const refused = await discoverInstructions({ workspace, userDirectory: tree.at('home') });
    expect(refused.items[0]?.text).toBe(
      '<!-- import failed: ~/notes.md (home imports need allowExternalImports) -->',
    );
    const allowed = await discoverInstructions({
      workspace,
      userDirectory: tree.at('home'),
      allowExternalImports: true,
      externalWorkspace: localWorkspace(tree.at('home')),
    });
    expect(allowed.items.map((item) => item.text)).toEqual(['@~/notes.md', 'home notes']);
  });

  it('reports an import refused by a contained workspace with a marker', async () => {
    tree = await createTemporaryTree({
      'shared.md': 'x',
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': '@../shared.md',
    });
    const result = await discoverInstructions({
      workspace: localWorkspace(tree.at('repo')),
      allowExternalImports: true,
    });
    expect(result.items[0]?.text).toMatch(/^<!-- import failed: \.\.\/shared\.md \(.+\) -->$/);
    expect(result.diagnostics[0]?.code).toBe('import-failed');
  });

  it('yields the AGENTS.md text once for a CLAUDE.md holding @AGENTS.md beside it', async () => {
    const files = {
      'repo/.git/HEAD': '',
      'repo/app/AGENTS.md': 'The rules.',
      'repo/app/CLAUDE.md': '@AGENTS.md\n',
    };
    const agentsFirst = await discoverIn(files);
    const texts = agentsFirst.items.map((item) => item.text);
    expect(texts.filter((text) => text === 'The rules.')).toHaveLength(1);
    expect(agentsFirst.items[1]?.imports).toMatchObject([{ status: 'already-loaded' }]);

    const claudeFirst = await discoverInstructions({
      workspace: localWorkspace(tree!.at('repo'), { cwd: 'app' }),
      filenames: ['CLAUDE.md', 'AGENTS.md'],
    });
    expect(claudeFirst.items.map((item) => [item.label, item.reason])).toEqual([
      ['CLAUDE.md', 'walk-up'],
      ['AGENTS.md', 'import'],
    ]);
    expect(claudeFirst.diagnostics).toMatchObject([{ code: 'duplicate', path: 'AGENTS.md' }]);
  });
});

describe('discoverInstructions: identical importing files in two directories', () => {
  // A monorepo where every package's CLAUDE.md is the line `@AGENTS.md`, identical to the root's.
  const monorepo = {
    'repo/.git/HEAD': '',
    'repo/CLAUDE.md': '@AGENTS.md\n',
    'repo/AGENTS.md': 'Root rules.',
    'repo/packages/front/CLAUDE.md': '@AGENTS.md\n',
    'repo/packages/front/AGENTS.md': 'Front-end rules.',
    'repo/packages/back/CLAUDE.md': '@AGENTS.md\n',
    'repo/packages/back/AGENTS.md': 'Back-end rules.',
  };

  it.each(['front', 'back'])(
    "loads the %s package's AGENTS.md through its own CLAUDE.md (Claude Code's file set)",
    async (name) => {
      tree = await createTemporaryTree(monorepo);
      const result = await discoverInstructions({
        workspace: localWorkspace(tree.at('repo'), { cwd: `packages/${name}` }),
        filenames: ['CLAUDE.md'],
      });
      expect(result.items.map((item) => [item.label, item.reason])).toEqual([
        ['../../CLAUDE.md', 'walk-up'],
        ['../../AGENTS.md', 'import'],
        ['CLAUDE.md', 'walk-up'],
        ['AGENTS.md', 'import'],
      ]);
      expect(result.items[3]?.text).toBe(`${name === 'front' ? 'Front' : 'Back'}-end rules.`);
      expect(result.diagnostics.filter((diagnostic) => diagnostic.code === 'duplicate')).toEqual([]);
    },
  );

  it('still loads once two identical files of one directory that import the same files', async () => {
    tree = await createTemporaryTree({
      'repo/.git/HEAD': '',
      'repo/app/AGENTS.md': 'See @notes.md',
      'repo/app/CLAUDE.md': 'See @notes.md',
      'repo/app/notes.md': 'Notes.',
    });
    const result = await discoverInstructions({ workspace: localWorkspace(tree.at('repo'), { cwd: 'app' }) });
    expect(result.items.map((item) => item.label)).toEqual(['AGENTS.md', 'notes.md']);
    expect(result.diagnostics).toMatchObject([{ code: 'duplicate', path: 'CLAUDE.md' }]);
  });

  it('still loads identical texts without imports once, wherever they are', async () => {
    tree = await createTemporaryTree({
      'repo/.git/HEAD': '',
      'repo/CLAUDE.md': 'Be brief.',
      'repo/app/CLAUDE.md': 'Be brief.',
    });
    const result = await discoverInstructions({ workspace: localWorkspace(tree.at('repo'), { cwd: 'app' }) });
    expect(result.items.map((item) => item.label)).toEqual(['../CLAUDE.md']);
  });
});
