import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { skillFile } from '../../test/support/test-repository.js';
import type { Capability, ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { type SkillsOptions, skills } from './skills.js';

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
}

/** A session over a temporary repository holding `files`, with the skills capability. */
async function makeSession(
  files: Record<string, string>,
  options: SkillsOptions = {},
  extra: Capability[] = [],
) {
  const root = await useTemporaryDirectory();
  await writeTree(root, files);
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [...extra, skills(options)],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { session, events, root };
}

async function load(
  run: Awaited<ReturnType<ReturnType<typeof createContextSession>['startRun']>>,
  input: object,
) {
  return run.executeTool({ id: 'call_1', toolName: 'load_skill', input });
}

describe('skills capability', () => {
  it('renders no catalog without skills, and still offers load_skill', async () => {
    const { session } = await makeSession({ 'README.md': '# x\n' });
    const run = await session.startRun();
    expect(run.instructions).toBe('');
    expect(run.tools.map((tool) => tool.name)).toEqual(['load_skill']);
    const result = await load(run, { name: 'pdf' });
    expect(result).toEqual({ isError: true, output: 'No skill is named "pdf": no skills are available.' });
  });

  it('answers an unknown name with a tool error listing the closest names', async () => {
    const { session } = await makeSession({
      '.claude/skills/release-notes/SKILL.md': skillFile('release-notes'),
      '.claude/skills/release/SKILL.md': skillFile('release'),
      '.claude/skills/pdf/SKILL.md': skillFile('pdf'),
    });
    const run = await session.startRun();
    const result = await load(run, { name: 'relase' });
    expect(result.isError).toBe(true);
    expect(result.output).toBe('No skill is named "relase". Closest names: release, release-notes.');
  });

  it('keeps a skill whose name breaks a naming rule (a warning), and lists it under its name', async () => {
    const { session, events } = await makeSession({
      '.claude/skills/money-format/SKILL.md': skillFile('format-money', 'Format prices.'),
    });
    const run = await session.startRun();
    expect(run.instructions).toContain('<skill><name>format-money</name>');
    expect(events.filter((event) => event.type === 'skipped')).toEqual([]);
    const result = await load(run, { name: 'format-money' });
    expect(result.output).toContain('[skill format-money from .claude/skills/money-format]');
  });

  it('lists at most 100 bundled files, sorted, then counts the rest', async () => {
    const files: Record<string, string> = { '.claude/skills/big/SKILL.md': skillFile('big') };
    for (let index = 0; index < 130; index += 1) {
      files[`.claude/skills/big/references/part-${String(index).padStart(3, '0')}.md`] = `part ${index}\n`;
    }
    const { session } = await makeSession(files);
    const run = await session.startRun();
    const output = String((await load(run, { name: 'big' })).output);
    const listed = output.split('\n').filter((line) => line.startsWith('- '));
    expect(listed).toHaveLength(100);
    expect(listed[0]).toBe('- references/part-000.md');
    expect(listed[99]).toBe('- references/part-099.md');
    expect(output).toContain('Bundled files (130):');
    expect(output).toContain('[30 more files not listed]');
    expect(output).toContain('read_file({"path":".claude/skills/big/references/part-000.md"})');
  });

  it('freezes the catalog and the loadable set for the run; the next run sees a new skill', async () => {
    const { session, root } = await makeSession({ '.claude/skills/pdf/SKILL.md': skillFile('pdf') });
    const run = await session.startRun();
    await writeTree(root, { '.claude/skills/xlsx/SKILL.md': skillFile('xlsx') });
    expect(run.instructions).not.toContain('xlsx');
    expect((await load(run, { name: 'xlsx' })).isError).toBe(true);
    const next = await session.startRun();
    expect(next.instructions).toContain('<name>xlsx</name>');
    expect((await load(next, { name: 'xlsx' })).isError).toBe(false);
  });

  it('shortens descriptions over the budget and reports a cut event', async () => {
    const { session, events } = await makeSession(
      {
        '.claude/skills/a/SKILL.md': skillFile('a', 'word '.repeat(150).trim()),
        '.claude/skills/b/SKILL.md': skillFile('b', 'Short.'),
      },
      { maxChars: 600 },
    );
    const run = await session.startRun();
    expect(run.instructions.length).toBeLessThanOrEqual(600);
    expect(run.instructions).toContain('<name>b</name>');
    expect(events.filter((event) => event.type === 'cut').map((event) => event.message)).toEqual([
      'Skills catalog over budget: 1 description shortened, 0 skills left out.',
    ]);
  });

  it('reads a skill whose SKILL.md became binary as a tool error, not a crash', async () => {
    const { session, root } = await makeSession({ '.claude/skills/pdf/SKILL.md': skillFile('pdf') });
    const run = await session.startRun();
    await writeFile(path.join(root, '.claude/skills/pdf/SKILL.md'), Buffer.from([0, 1, 2, 3]));
    const result = await load(run, { name: 'pdf' });
    expect(result).toEqual({
      isError: true,
      output: '.claude/skills/pdf/SKILL.md is now a binary file; the skill cannot be loaded.',
    });
  });
});

describe('skills capability with userDirectory', () => {
  it('adds user-level skills after the repository ones; a repository skill shadows a user one', async () => {
    const home = await useTemporaryDirectory('agent-context-home-');
    await writeTree(home, {
      '.claude/skills/notes/SKILL.md': skillFile('notes', 'Keep notes.'),
      '.claude/skills/notes/template.md': '# Template\n',
      '.agents/skills/pdf/SKILL.md': skillFile('pdf', 'The user copy.'),
      'secret.txt': 'not for the model\n',
    });
    const { session, events } = await makeSession(
      { '.claude/skills/pdf/SKILL.md': skillFile('pdf', 'The repository copy.') },
      { userDirectory: home },
    );
    const run = await session.startRun();
    expect(run.instructions.split('\n').filter((line) => line.startsWith('<skill>'))).toEqual([
      '<skill><name>pdf</name><description>The repository copy.</description><location>.claude/skills/pdf/SKILL.md</location></skill>',
      '<skill><name>notes</name><description>Keep notes.</description><location>~/.claude/skills/notes/SKILL.md</location></skill>',
    ]);
    expect(run.instructions).not.toContain(home);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'skipped', reason: 'skill', path: '~/.agents/skills/pdf/SKILL.md' }),
    );

    const loaded = await load(run, { name: 'notes' });
    expect(loaded.touched).toBeUndefined();
    expect(loaded.output).toContain(
      'Relative paths in this skill are relative to ~/.claude/skills/notes, which is outside the workspace. ' +
        'Read a bundled file with load_skill and its relative path, e.g. load_skill({"name":"notes","file":"template.md"}).',
    );
    const file = await load(run, { name: 'notes', file: 'template.md' });
    expect(file).toMatchObject({ isError: false, output: '# Template\n' });
    const outside = await load(run, { name: 'notes', file: '../../../secret.txt' });
    expect(outside).toEqual({
      isError: true,
      output: '"../../../secret.txt" is outside the folder of the skill "notes".',
    });
  });

  it('never reads a file of a user-level skill whose real path leaves the skill folder', async () => {
    const home = await useTemporaryDirectory('agent-context-home-');
    await writeTree(home, {
      '.claude/skills/notes/SKILL.md': skillFile('notes', 'Keep notes.'),
      '.claude/skills/notes/template.md': '# Template\n',
      '.claude/skills/other/secret.md': 'the other skill\n',
      '.ssh/id_rsa': 'PRIVATE KEY\n',
    });
    const folder = path.join(home, '.claude/skills/notes');
    await symlink('../../../.ssh/id_rsa', path.join(folder, 'key.txt'));
    await symlink('../../../.ssh', path.join(folder, 'keys'));
    await symlink('../other/secret.md', path.join(folder, 'neighbour.md'));
    await symlink('template.md', path.join(folder, 'alias.md'));
    const { session } = await makeSession({}, { userDirectory: home });
    const run = await session.startRun();
    for (const file of ['key.txt', 'keys/id_rsa', 'neighbour.md']) {
      expect(await load(run, { name: 'notes', file })).toEqual({
        isError: true,
        output: `${JSON.stringify(file)} is outside the folder of the skill "notes".`,
      });
    }
    expect(await load(run, { name: 'notes', file: 'alias.md' })).toMatchObject({
      isError: false,
      output: '# Template\n',
    });
    const loaded = String((await load(run, { name: 'notes' })).output);
    expect(loaded).toContain('alias.md');
    expect(loaded).toContain('template.md');
    expect(loaded).not.toContain('key.txt');
    expect(loaded).not.toContain('id_rsa');
    expect(loaded).not.toContain('neighbour.md');
  });

  it('never reads the user directory without the option', async () => {
    const { session } = await makeSession({ '.claude/skills/pdf/SKILL.md': skillFile('pdf') });
    const run = await session.startRun();
    const schema = run.tools[0]?.inputSchema as { shape?: Record<string, unknown> };
    expect(Object.keys(schema.shape ?? {})).toEqual(['name']);
  });
});
