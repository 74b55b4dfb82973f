import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutBatches } from '../../test/support/recorded-bytes.js';
import {
  makeTestRepository as makeRepository,
  skillFile as skill,
} from '../../test/support/test-repository.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { InventoryRoot } from './inventory-result.js';
import { readCommandFile } from './read-command-file.js';
import { scanInventory } from './scan-inventory.js';

const command = (description: string) => `---\ndescription: ${description}\n---\nDo it.\n`;
const namesOf = (root: InventoryRoot | undefined) => root?.commands.map((entry) => entry.name);

describe('the commands of scanInventory', () => {
  it('lists every command named after its file as Claude Code names it, sorted by path, leaving README.md out', async () => {
    const { workspace } = await makeRepository({
      '.claude/commands/review.md':
        '---\ndescription: Review the diff.\nargument-hint: "[file]"\nallowed-tools: Read, Grep\nmodel: haiku\n---\nReview $1.\n',
      '.claude/commands/README.md': '# Commands\n',
      '.claude/commands/frontend/build.md': '# Build\n\nBuild the storefront for $ARGUMENTS.\n',
      '.claude/commands/frontend/readme.md': '# Frontend commands\n',
      '.claude/commands/frontend/notes.txt': 'not a command',
      '.claude/commands/Zeta.md': command('Upper case sorts first.'),
      '.agents/commands/db/migrate/up.md': command('Migrate up.'),
    });
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect(claude?.commands).toEqual([
      {
        path: '.claude/commands/Zeta.md',
        name: 'Zeta',
        description: 'Upper case sorts first.',
        attributes: {},
        diagnostics: [],
      },
      {
        path: '.claude/commands/frontend/build.md',
        name: 'build',
        description: 'Build the storefront for $ARGUMENTS.',
        attributes: {},
        diagnostics: [],
      },
      {
        path: '.claude/commands/review.md',
        name: 'review',
        description: 'Review the diff.',
        attributes: { 'argument-hint': '[file]', 'allowed-tools': 'Read, Grep', model: 'haiku' },
        diagnostics: [],
      },
    ]);
    expect(agents?.commands.map((entry) => [entry.path, entry.name])).toEqual([
      ['.agents/commands/db/migrate/up.md', 'up'],
    ]);
    expect([claude?.diagnostics, agents?.diagnostics]).toEqual([[], []]);
  });

  it('names a Copilot prompt by its frontmatter name, the file name when it gives none or a wrong one', async () => {
    const { workspace } = await makeRepository({
      '.github/prompts/labels.prompt.md': '---\nname: label-issue\nmode: agent\n---\nLabel it.\n',
      '.github/prompts/blank.prompt.md': '---\nname: " "\n---\nBlank.\n',
      '.github/prompts/numbered.prompt.md': '---\nname: 3\n---\nNumbered.\n',
    });
    const [github] = (await scanInventory({ workspace, roots: ['.github'] })).roots;
    expect(
      github?.commands.map((entry) => [
        entry.name,
        entry.attributes,
        entry.diagnostics.map((diagnostic) => diagnostic.code),
      ]),
    ).toEqual([
      ['blank', {}, []],
      ['label-issue', { mode: 'agent' }, []],
      ['numbered', {}, ['invalid-name']],
    ]);
  });

  it('gives [] without a commands folder, or when commands is a file', async () => {
    const { workspace } = await makeRepository({
      '.claude/skills/a/SKILL.md': skill('a'),
      '.agents/commands': 'a file, not a folder',
    });
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect([claude?.commands, agents?.commands]).toEqual([[], []]);
    expect([claude?.diagnostics, agents?.diagnostics]).toEqual([[], []]);
  });

  it('finds a command at depth 8 but not at depth 9, and says a folder was left unsearched', async () => {
    const eight = 'a/b/c/d/e/f/g/h';
    const { workspace } = await makeRepository({
      [`.claude/commands/${eight}/deep.md`]: command('Deep.'),
      [`.claude/commands/${eight}/i/deeper.md`]: command('Deeper.'),
    });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(namesOf(root)).toEqual(['deep']);
    expect(root?.diagnostics).toEqual([
      expect.objectContaining({
        code: 'depth-limit',
        path: `.claude/commands/${eight}`,
        message: expect.stringContaining('under commands/'),
      }),
    ]);
  });

  it('walks a folder linked back to commands/ once', async () => {
    const { workspace } = await makeRepository(
      { '.claude/commands/one.md': command('One.'), '.claude/commands/team/two.md': command('Two.') },
      { '.claude/commands/loop': '.', '.claude/commands/team/up': '..' },
    );
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(namesOf(root)).toEqual(['one', 'two']);
    expect(root?.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['directory-already-scanned', '.claude/commands/loop'],
      ['directory-already-scanned', '.claude/commands/team/up'],
    ]);
  });

  it('names the commands of a folder linked inside the workspace by the link path', async () => {
    const { workspace } = await makeRepository(
      { 'shared/commands/lint.md': command('Lint.') },
      { '.claude/commands/shared': '../../shared/commands' },
    );
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.commands).toEqual([
      expect.objectContaining({
        path: '.claude/commands/shared/lint.md',
        name: 'lint',
        diagnostics: [],
      }),
    ]);
  });

  it('reports links leaving the workspace at their link path and reads nothing behind them', async () => {
    const { base, root } = await makeRepository(
      { '.claude/commands/local.md': command('Local.') },
      {
        '.claude/commands/team': '../../../outside/team',
        '.claude/commands/secret.md': '../../../outside/secret.md',
      },
    );
    await mkdir(path.join(base, 'outside', 'team'), { recursive: true });
    await writeFile(path.join(base, 'outside', 'team', 'hidden.md'), command('Hidden team command.'));
    await writeFile(path.join(base, 'outside', 'secret.md'), command('Hidden secret command.'));
    const workspace = recordingWorkspace(withoutBatches(localWorkspace(root)));
    const result = await scanInventory({ workspace, roots: ['.claude'] });
    // Through the batches: the same answer, and nothing listed behind the links.
    const listed: string[] = [];
    const local = localWorkspace(root);
    const listing = {
      ...local,
      listDirectories: async (asked: Parameters<NonNullable<typeof local.listDirectories>>[0]) => {
        const outcomes = await local.listDirectories!(asked);
        for (const outcome of outcomes)
          if (outcome.ok) listed.push(...outcome.value.entries.map((entry) => entry.path));
        return outcomes;
      },
    };
    expect(await scanInventory({ workspace: listing, roots: ['.claude'] })).toEqual(result);
    expect(listed.filter((entry) => entry.includes('commands/team/'))).toEqual([]);
    const commands = result.roots[0]?.commands ?? [];
    expect(
      commands.map((entry) => [entry.path, entry.name, entry.diagnostics.map((item) => item.code)]),
    ).toEqual([
      ['.claude/commands/local.md', 'local', []],
      ['.claude/commands/secret.md', 'secret', ['path-outside-workspace']],
      ['.claude/commands/team', null, ['path-outside-workspace']],
    ]);
    expect(JSON.stringify(result)).not.toContain('Hidden');
    const behindLinks = workspace.calls.filter((call) => call.path.includes('/commands/team/'));
    expect(behindLinks).toEqual([]);
    const callsOn = (suffix: string) =>
      workspace.calls.filter((call) => call.path.endsWith(suffix)).map((call) => call.method);
    expect(callsOn('/commands/team')).toEqual(['stat']);
    // The workspace refuses the read before any I/O outside it (the diagnostic above).
    expect(callsOn('/commands/secret.md')).toEqual(['readFile']);
  });

  it('reads a big folder of every shape (read workers, plain files from their bytes) as each file read alone and parsed in full', async () => {
    // Plain files, and shapes only the full reading answers: each path the scan can take.
    const shapes = [
      (index: number) => `---\ndescription: Command number ${index}.\n---\nDo step ${index}.\n`,
      (index: number) =>
        `---\nmodel: haiku\ndescription: Review part ${index}.\nallowed-tools: Read, Grep\n---\nBody.\n`,
      (index: number) => `---\nargument-hint: file ${index}\n---\nNo description: this line is it.\n`,
      (index: number) => `---\r\ndescription: Windows line ends ${index}.\r\n---\r\nBody.\r\n`,
      (index: number) => `---\ndescription: "Quoted ${index}"\n---\n`,
      (index: number) => `---\ndescription: ${index}\n---\nA number is not a description.\n`,
      (index: number) => `---\ndescription: caf\u00e9 ${index}\n---\n`,
      (index: number) => `# Heading\n\nNo frontmatter ${index}.\n`,
      (index: number) => `---\ndescription: unclosed ${index}\n`,
      (index: number) => `---\ndescription: a: b ${index}\n---\n`,
      (index: number) => `---\nname: typed-${index}\ndescription: Named.\n---\n`,
      (index: number) => `\ufeff---\ndescription: BOM ${index}\n---\n`,
      (index: number) => `---\ndescription: binary ${index}\n---\n\u0000`,
      () => '',
    ];
    const files: Record<string, string> = {};
    for (let index = 0; index < 800; index += 1) {
      files[`.claude/commands/${index % 7 === 0 ? 'team/' : ''}c${index}.md`] =
        shapes[index % shapes.length]!(index);
    }
    const { root, workspace } = await makeRepository(files);
    const [scanned] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    const [single] = (
      await scanInventory({ workspace: withoutBatches(localWorkspace(root)), roots: ['.claude'] })
    ).roots;
    const commands = scanned?.commands ?? [];
    expect(commands).toHaveLength(800);
    expect(single?.commands).toEqual(commands);
    for (const entry of commands) {
      const alone = await readCommandFile(workspace, entry.path, { name: entry.name ?? '' });
      expect(entry, entry.path).toEqual(alone);
      expect(JSON.stringify(entry)).toBe(JSON.stringify(alone));
    }
  });

  it('takes a big folder of regular files as its listing answered it: the same commands as a walk, labelled from a working directory below', async () => {
    // One folder, files only (its listing is taken as it is), in every shape of the test above and
    // with names that sort by code point, files that are not commands and one over the byte limit.
    const shapes = [
      (index: number) => `---\ndescription: Command number ${index}.\n---\nDo step ${index}.\n`,
      (index: number) => `---\nmodel: haiku\ndescription: Part ${index}.\n---\nBody.\n`,
      (index: number) => `---\nargument-hint: file ${index}\n---\nNo description: this line is it.\n`,
      (index: number) => `---\r\ndescription: Windows line ends ${index}.\r\n---\r\n`,
      (index: number) => `# Heading\n\nNo frontmatter ${index}.\n`,
      (index: number) => `---\ndescription: unclosed ${index}\n`,
      (index: number) => `---\ndescription: binary ${index}\n---\n\u0000`,
      () => '',
    ];
    const files: Record<string, string> = {
      'web/src/index.ts': '',
      '.claude/commands/README.md': '# The commands\n',
      '.claude/commands/notes.txt': 'not a command',
      '.claude/commands/.md': 'no name',
      '.claude/commands/Zeta.md': command('Upper case sorts first.'),
      '.claude/commands/\u00e9t\u00e9.md': command('Accented.'),
      '.claude/commands/\u{1f680}.md': command('Beyond the basic plane.'),
      '.claude/commands/\uff5e.md': command('Below the surrogates in code points.'),
      '.claude/commands/large.md': command(`Large ${'x'.repeat(3000)}`),
    };
    for (let index = 0; index < 700; index += 1)
      files[`.claude/commands/c${index}.md`] = shapes[index % shapes.length]!(index);
    const { root } = await makeRepository(files);
    const options = { roots: ['.claude'], stopAt: root, maxFileBytes: 2048 };
    const listed = await scanInventory({ ...options, workspace: localWorkspace(root, { cwd: 'web/src' }) });
    const walked = await scanInventory({
      ...options,
      workspace: withoutBatches(localWorkspace(root, { cwd: 'web/src' })),
    });
    expect(listed).toEqual(walked);
    expect(JSON.stringify(listed)).toBe(JSON.stringify(walked));
    const commands = listed.roots.find((scanned) => scanned.root === '../../.claude')?.commands ?? [];
    expect(commands).toHaveLength(705);
    // Sorted by code point: U+FF5E before U+1F680, whose first UTF-16 unit is the smaller.
    expect(commands.slice(-3).map((entry) => entry.name)).toEqual(['\u00e9t\u00e9', '\uff5e', '\u{1f680}']);
    expect(commands.find((entry) => entry.name === 'large')?.diagnostics).toEqual([
      expect.objectContaining({ code: 'frontmatter-too-large', path: '../../.claude/commands/large.md' }),
    ]);
  });
});
