import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../test/support/test-repository.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { loadRules } from './load-rules.js';
import { expectedRules, makeRulesRepository } from './rules-fixture.test-support.js';

describe('loadRules', () => {
  it('maps every format of the repository onto one rule model, in load order', async () => {
    const { workspace } = await makeRulesRepository();
    const result = await loadRules({ workspace });
    expect(result.items.map((rule) => [rule.format, rule.path, rule.scope, rule.globs])).toEqual(
      expectedRules,
    );
    const release = result.items.find((rule) => rule.name === 'release');
    expect(release).toMatchObject({
      description: 'How to cut a release: tags, changelog, npm',
      body: 'Bump the version, tag it, then publish from CI only.\n',
      base: '.',
      level: 'project',
    });
  });

  it('names every file it did not load, with the reason', async () => {
    const { workspace } = await makeRulesRepository();
    const { skipped } = await loadRules({ workspace });
    expect(skipped.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['duplicate', '.windsurf/rules/api-copy.md'],
      ['unknown-rule-mode', '.windsurf/rules/odd.md'],
      ['invalid-glob', '.continue/rules/broken-glob.md'],
      ['empty-rule', '.continue/rules/empty.md'],
    ]);
    expect(skipped[0]?.message).toContain('the same rule body as .claude/rules/api/handlers.md');
    expect(skipped[1]?.message).toContain(
      '`trigger: sometimes` is not one of always_on, glob, model_decision, manual',
    );
  });

  it('names the invalid glob and never promotes its rule to always', async () => {
    const { workspace } = await makeRulesRepository();
    const result = await loadRules({ workspace });
    const glob = result.diagnostics.find((diagnostic) => diagnostic.message.includes('src/[a.ts'));
    expect(glob).toMatchObject({ code: 'invalid-glob', path: '.continue/rules/broken-glob.md' });
    expect(result.items.some((rule) => rule.path === '.continue/rules/broken-glob.md')).toBe(false);
  });

  it('names a rule file that is a link to nothing, and passes over other dangling links', async () => {
    const { workspace } = await makeTestRepository(
      { '.cursor/rules/kept.mdc': 'Kept.\n' },
      { '.cursor/rules/gone.mdc': 'moved-away.mdc', '.cursor/rules/notes.txt': 'nowhere.txt' },
    );
    const result = await loadRules({ workspace, formats: ['cursor'] });
    expect(result.items.map((rule) => rule.path)).toEqual(['.cursor/rules/kept.mdc']);
    expect(result.skipped).toEqual([
      {
        severity: 'error',
        code: 'read-failed',
        message: 'Skipped .cursor/rules/gone.mdc: it is a link to a path that does not exist.',
        path: '.cursor/rules/gone.mdc',
      },
    ]);
  });

  it('keeps a rule with one valid glob among invalid ones, with the valid one only', async () => {
    const { workspace } = await makeTestRepository({
      '.cursor/rules/mixed.mdc': '---\nglobs: ["../outside/**", "src/**"]\n---\nMixed.\n',
    });
    const result = await loadRules({ workspace });
    expect(result.items.map((rule) => rule.globs)).toEqual([['src/**']]);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'glob-ignored',
      message: expect.stringContaining('`../outside/**`'),
    });
  });

  it('reads only the formats asked for', async () => {
    const { workspace } = await makeRulesRepository();
    const result = await loadRules({ workspace, formats: ['kiro', 'cline'] });
    expect(result.items.map((rule) => rule.path)).toEqual([
      '.clinerules/docs.md',
      '.kiro/steering/database.md',
      '.kiro/steering/incidents.md',
      '.kiro/steering/product.md',
    ]);
    await expect(loadRules({ workspace, formats: ['emacs' as never] })).rejects.toThrow(
      /Unknown rule format "emacs"/,
    );
  });

  it('finds rules in every directory from the project root down, globs relative to where they are', async () => {
    const { root } = await makeRulesRepository({
      'packages/api/.cursor/rules/local.mdc': '---\nglobs: src/**\n---\nLocal to the api package.\n',
    });
    const workspace = localWorkspace(root, { cwd: `${root}/packages/api` });
    const result = await loadRules({ workspace, formats: ['cursor'] });
    const local = result.items.find((rule) => rule.name === 'local');
    expect(local).toMatchObject({ path: '.cursor/rules/local.mdc', base: '.', globs: ['src/**'] });
    expect(result.items[0]).toMatchObject({ path: '../../.cursor/rules/history.mdc', base: '../..' });
    expect(result.matcher.match(`${workspace.cwd}/src/a.ts`).map((match) => match.rule.name)).toEqual([
      'local',
    ]);
  });

  it('reads a legacy single-file .clinerules and lenient frontmatter', async () => {
    const { workspace } = await makeTestRepository({
      '.clinerules': 'Keep functions short.\n',
      '.windsurf/rules/notes.md':
        '---\ntrigger: model_decision\ndescription: Use when: the user asks about notes\n---\nNotes.\n',
    });
    const result = await loadRules({ workspace });
    expect(result.items.map((rule) => [rule.path, rule.scope, rule.description])).toEqual([
      ['.windsurf/rules/notes.md', 'described', 'Use when: the user asks about notes'],
      ['.clinerules', 'always', undefined],
    ]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['frontmatter-lenient']);
  });

  it('turns binary files, unclosed frontmatter and a missing description into diagnostics', async () => {
    const { workspace } = await makeTestRepository({
      '.kiro/steering/blob.md': 'abc\0def',
      '.kiro/steering/open.md': '---\ninclusion: always\nNo closing line.\n',
      '.kiro/steering/auto.md': '---\ninclusion: auto\n---\nNo description.\n',
    });
    const result = await loadRules({ workspace });
    expect(result.items).toEqual([]);
    expect(result.skipped.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['missing-description', '.kiro/steering/auto.md'],
      ['binary-file', '.kiro/steering/blob.md'],
      ['invalid-frontmatter', '.kiro/steering/open.md'],
    ]);
  });

  it('reads user-level rules only with userDirectory, first, through a read-only workspace', async () => {
    const { base, root } = await makeRulesRepository();
    const home = `${base}/home`;
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(`${home}/.claude/rules`, { recursive: true });
    await mkdir(`${home}/.codex`, { recursive: true });
    await writeFile(`${home}/.claude/rules/tone.md`, 'Be brief.\n');
    await writeFile(`${home}/.codex/AGENTS.md`, 'Never push to main.\n');
    const workspace = localWorkspace(root);
    expect((await loadRules({ workspace })).items.some((rule) => rule.level === 'user')).toBe(false);
    const result = await loadRules({ workspace, userDirectory: home });
    expect(result.items.slice(0, 2).map((rule) => [rule.path, rule.level, rule.scope])).toEqual([
      ['~/.claude/rules/tone.md', 'user', 'always'],
      ['~/.codex/AGENTS.md', 'user', 'always'],
    ]);
    const missing = await loadRules({ workspace, userDirectory: `${base}/nobody` });
    expect(missing.diagnostics.map((diagnostic) => diagnostic.code)).toContain('user-directory-unreadable');
  });

  it('matches touched paths with no file-system call', async () => {
    const { root } = await makeRulesRepository();
    const workspace = recordingWorkspace(localWorkspace(root));
    const { matcher } = await loadRules({ workspace });
    const before = workspace.calls.length;
    const names = (file: string) =>
      matcher.match(`${root}/${file}`).map((match) => `${match.rule.name} ${match.glob}`);
    expect(names('packages/api/src/a.ts')).toEqual(['handlers packages/api/**/*.ts']);
    expect(names('packages/api/src/db/query.ts')).toEqual([
      'handlers packages/api/**/*.ts',
      'database packages/api/src/db/**',
    ]);
    expect(names('web/b.tsx')).toEqual(['react web/**/*.tsx']);
    expect(names('db/001.sql')).toEqual(['sql **/*.sql']);
    expect(names('docs/guide/intro.md')).toEqual(['docs docs/**']);
    expect(names('README.md')).toEqual([]);
    expect(workspace.calls.length).toBe(before);
  });
});

describe('loadRules: globs without a slash', () => {
  it('match in the base only for Claude Code and Cursor (as their pages say), at any depth for the others', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/rules/top-docs.md': '---\npaths: "*.md"\n---\nTop-level docs are in plain English.\n',
      '.cursor/rules/configs.mdc': '---\nglobs: "*.json"\n---\nConfigs use two-space indents.\n',
      '.github/instructions/markdown.instructions.md': '---\napplyTo: "*.md"\n---\nWrap Markdown at 100.\n',
      '.cursor/rules/scripts.mdc':
        '---\nglobs: "scripts/*.sh, **/*.py"\n---\nScripts stop on the first error.\n',
    });
    const { matcher } = await loadRules({ workspace: localWorkspace(root) });
    const names = (file: string) =>
      matcher.match(`${root}/${file}`).map((match) => `${match.rule.name} ${match.glob}`);
    expect(names('README.md')).toEqual(['top-docs *.md', 'markdown *.md']);
    expect(names('docs/guide.md')).toEqual(['markdown *.md']);
    expect(names('package.json')).toEqual(['configs *.json']);
    expect(names('packages/api/package.json')).toEqual([]);
    expect(names('tools/build.py')).toEqual(['scripts **/*.py']);
  });
});

describe('loadRules: what it lists', () => {
  it('lists only rule folders: never the working directory, its ancestors or unrelated folders', async () => {
    const files: Record<string, string> = {
      'packages/app/.cursor/rules/style.mdc': '---\nalwaysApply: true\n---\nTabs.\n',
    };
    for (let index = 0; index < 200; index += 1) {
      files[`packages/app/src/file-${index}.ts`] = 'export {};\n';
      files[`unrelated-${index}.txt`] = '\n';
    }
    const { root } = await makeRulesRepository(files);
    const workspace = recordingWorkspace(localWorkspace(root, { cwd: 'packages/app' }));
    const result = await loadRules({ workspace });
    expect(result.items.map((rule) => rule.path)).toContain('.cursor/rules/style.mdc');
    const listed = workspace.calls
      .filter((call) => call.method === 'readdir')
      .map((call) => call.path.slice(root.length + 1));
    expect(listed.length).toBeGreaterThan(0);
    for (const directory of listed) {
      expect(directory).toMatch(
        /^(packages\/app\/)?\.(cursor\/rules|claude\/rules|clinerules|cline\/rules|continue\/rules|github\/instructions|kiro\/steering|windsurf\/rules)(\/|$)/,
      );
    }
  });
});
