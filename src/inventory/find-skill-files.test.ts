import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  makeTestRepository as makeRepository,
  skillFile as skill,
} from '../../test/support/test-repository.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { scanInventory } from './scan-inventory.js';

describe('the skills walk of scanInventory', () => {
  it('reports a symlinked skill whose target is outside the workspace at its link path, reading nothing behind it', async () => {
    const { base, root } = await makeRepository(
      { '.claude/skills/local/SKILL.md': skill('local') },
      { '.claude/skills/shared': '../../../outside/shared' },
    );
    await mkdir(path.join(base, 'outside', 'shared'), { recursive: true });
    await writeFile(path.join(base, 'outside', 'shared', 'SKILL.md'), skill('shared'));
    const workspace = recordingWorkspace(localWorkspace(root));
    const [claude] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(claude?.skills.map((entry) => entry.path)).toEqual([
      '.claude/skills/local/SKILL.md',
      '.claude/skills/shared',
    ]);
    const shared = claude?.skills[1];
    expect(shared?.name).toBeNull();
    expect(shared?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['path-outside-workspace']);
    const behindLink = workspace.calls.filter(
      (call) => call.path.includes('/skills/shared/') && call.method !== 'stat',
    );
    expect(behindLink).toEqual([]);
    expect(workspace.calls.some((call) => call.method === 'readFile' && call.path.includes('shared'))).toBe(
      false,
    );
  });

  it('finds a skill at depth 8 but not at depth 9, and says a folder was left unsearched', async () => {
    const eight = 'a/b/c/d/e/f/g/h';
    const { workspace } = await makeRepository({
      [`.claude/skills/${eight}/SKILL.md`]: skill('h'),
      [`.claude/skills/${eight}/i/SKILL.md`]: skill('i'),
    });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills.map((entry) => entry.path)).toEqual([`.claude/skills/${eight}/SKILL.md`]);
    expect(root?.diagnostics).toEqual([
      expect.objectContaining({ code: 'depth-limit', path: `.claude/skills/${eight}` }),
    ]);
  });

  it('gives each skill exactly once when three links loop back to the skills folder', async () => {
    const { workspace } = await makeRepository(
      { '.claude/skills/alpha/SKILL.md': skill('alpha'), '.claude/skills/beta/SKILL.md': skill('beta') },
      { '.claude/skills/loop1': '.', '.claude/skills/loop2': '.', '.claude/skills/loop3': '.' },
    );
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills.map((entry) => entry.path)).toEqual([
      '.claude/skills/alpha/SKILL.md',
      '.claude/skills/beta/SKILL.md',
    ]);
    expect(root?.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['directory-already-scanned', '.claude/skills/loop1'],
      ['directory-already-scanned', '.claude/skills/loop2'],
      ['directory-already-scanned', '.claude/skills/loop3'],
    ]);
  });

  it('reports a skill reached both plainly and through a link at its plain path', async () => {
    const { workspace } = await makeRepository(
      { '.claude/skills/zeta/SKILL.md': skill('zeta') },
      { '.claude/skills/alias': 'zeta' },
    );
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills.map((entry) => entry.path)).toEqual(['.claude/skills/zeta/SKILL.md']);
  });

  it('follows a symlinked folder inside the workspace and reports its skills at the link path', async () => {
    const { workspace } = await makeRepository(
      { 'shared/skills/lint/SKILL.md': skill('lint') },
      { '.claude/skills/lint': '../../shared/skills/lint' },
    );
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills).toEqual([
      expect.objectContaining({ path: '.claude/skills/lint/SKILL.md', name: 'lint', diagnostics: [] }),
    ]);
  });

  it('reports a FIFO named SKILL.md without opening it', async () => {
    const { root, workspace } = await makeRepository({ '.claude/skills/ok/SKILL.md': skill('ok') });
    await mkdir(path.join(root, '.claude/skills/pipe'));
    execFileSync('mkfifo', [path.join(root, '.claude/skills/pipe/SKILL.md')]);
    const [claude] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(claude?.skills.map((entry) => entry.name)).toEqual(['ok']);
    expect(claude?.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['not-a-file', '.claude/skills/pipe/SKILL.md'],
    ]);
  });

  it('lists a skill that a linked skills folder reaches twice once, naming both roots', async () => {
    const { workspace } = await makeRepository(
      { '.agents/skills/pdf/SKILL.md': skill('pdf') },
      { '.claude/skills': '../.agents/skills' },
    );
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect(claude?.skills).toEqual([
      expect.objectContaining({
        path: '.claude/skills/pdf/SKILL.md',
        duplicateOf: null,
        alsoIn: [],
        reachableFrom: ['.claude', '.agents'],
        diagnostics: [],
      }),
    ]);
    expect(agents?.skills).toEqual([]);
  });

  it('still reports two different files of one name in one directory as duplicates', async () => {
    const { workspace } = await makeRepository({
      '.claude/skills/pdf/SKILL.md': skill('pdf'),
      '.agents/skills/pdf/SKILL.md': skill('pdf'),
    });
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect(claude?.skills[0]).not.toHaveProperty('reachableFrom');
    expect(agents?.skills).toEqual([
      expect.objectContaining({
        path: '.agents/skills/pdf/SKILL.md',
        duplicateOf: '.claude/skills/pdf/SKILL.md',
        diagnostics: [expect.objectContaining({ code: 'duplicate-skill-name', severity: 'info' })],
      }),
    ]);
  });

  it('reports a skills folder linked outside the workspace on the root, reading nothing behind it', async () => {
    const { base, root } = await makeRepository(
      { '.claude/agents/a.md': skill('a') },
      { '.claude/skills': '../../elsewhere' },
    );
    await mkdir(path.join(base, 'elsewhere', 'x'), { recursive: true });
    await writeFile(path.join(base, 'elsewhere', 'x', 'SKILL.md'), skill('x'));
    const [claude] = (await scanInventory({ workspace: localWorkspace(root), roots: ['.claude'] })).roots;
    expect(claude?.skills).toEqual([]);
    expect(claude?.agents).toHaveLength(1);
    expect(claude?.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['path-outside-workspace', '.claude/skills'],
    ]);
  });
});
