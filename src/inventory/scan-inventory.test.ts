import { describe, expect, it } from 'vitest';
import { withoutBatches } from '../../test/support/recorded-bytes.js';
import {
  makeTestRepository as makeRepository,
  skillFile as skill,
} from '../../test/support/test-repository.js';
import { loadCommands } from '../commands/load-commands.js';
import { AgentContextError } from '../errors.js';
import { ruleFormats } from '../rules/formats/index.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { listInventoryDiagnostics } from './inventory-result.js';
import { scanInventory } from './scan-inventory.js';

describe('scanInventory', () => {
  it('maps a skill, an agent, a command and settings under .claude and reports .agents as absent', async () => {
    const { workspace } = await makeRepository({
      '.claude/skills/pdf/SKILL.md': skill('pdf', 'Extract text from PDF files.'),
      '.claude/commands/review.md':
        '---\ndescription: Review the diff.\nargument-hint: "[file]"\n---\nReview $1.\n',
      '.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Reviews diffs.\nmodel: opus\n---\nReview.\n',
      '.claude/settings.json': JSON.stringify({
        permissions: { allow: ['Bash(npm test)'] },
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'check.sh' }] }],
          SessionStart: [
            {
              hooks: [
                { type: 'command', command: 'a' },
                { type: 'command', command: 'b' },
              ],
            },
          ],
        },
      }),
    });
    const result = await scanInventory({ workspace, roots: ['.claude', '.agents'] });
    expect(result).toEqual({
      directories: ['.'],
      roots: [
        {
          root: '.claude',
          directory: '.',
          exists: true,
          skills: [
            {
              path: '.claude/skills/pdf/SKILL.md',
              directory: '.claude/skills/pdf',
              name: 'pdf',
              description: 'Extract text from PDF files.',
              attributes: {},
              duplicateOf: null,
              alsoIn: [],
              diagnostics: [],
            },
          ],
          agents: [
            {
              path: '.claude/agents/reviewer.md',
              name: 'reviewer',
              description: 'Reviews diffs.',
              attributes: { model: 'opus' },
              diagnostics: [],
            },
          ],
          commands: [
            {
              path: '.claude/commands/review.md',
              name: 'review',
              description: 'Review the diff.',
              attributes: { 'argument-hint': '[file]' },
              diagnostics: [],
            },
          ],
          settings: {
            path: '.claude/settings.json',
            hooks: [
              { event: 'PreToolUse', matcher: 'Bash', handlers: 1 },
              { event: 'SessionStart', matcher: null, handlers: 2 },
            ],
            diagnostics: [],
          },
          diagnostics: [],
        },
        {
          root: '.agents',
          directory: '.',
          exists: false,
          skills: [],
          agents: [],
          commands: [],
          settings: null,
          diagnostics: [],
        },
      ],
      rules: [],
    });
  });

  it('scans the eight default roots in order', async () => {
    const { workspace } = await makeRepository({ '.codex/skills/a/SKILL.md': skill('a') });
    const result = await scanInventory({ workspace });
    expect(result.roots.map((root) => [root.root, root.exists])).toEqual([
      ['.claude', false],
      ['.agents', false],
      ['.codex', true],
      ['.grok', false],
      ['.gemini', false],
      ['.github', false],
      ['.cursor', false],
      ['.opencode', false],
    ]);
  });

  it('gives settings null when a root has no settings.json', async () => {
    const { workspace } = await makeRepository({ '.claude/skills/a/SKILL.md': skill('a') });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.exists).toBe(true);
    expect(root?.settings).toBeNull();
  });

  it('returns { roots: [] } for an empty roots list', async () => {
    const { workspace } = await makeRepository({ '.claude/skills/a/SKILL.md': skill('a') });
    expect(await scanInventory({ workspace, roots: [] })).toEqual({
      directories: ['.'],
      roots: [],
      rules: [],
    });
    expect(await scanInventory({ workspace, roots: [], formats: [] })).toEqual({
      directories: ['.'],
      roots: [],
    });
  });

  it('lists no skills for a root without a skills folder', async () => {
    const { workspace } = await makeRepository({ '.claude/agents/helper.md': skill('helper') });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills).toEqual([]);
    expect(root?.agents.map((agent) => agent.name)).toEqual(['helper']);
    expect(root?.diagnostics).toEqual([]);
  });

  it('reports a root that is a regular file as not existing', async () => {
    const { workspace } = await makeRepository({
      '.claude': 'not a folder',
      '.agents/skills/a/SKILL.md': skill('a'),
    });
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect(claude).toMatchObject({ root: '.claude', exists: false, skills: [], agents: [], settings: null });
    expect(claude?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['not-a-directory']);
    expect(agents?.skills).toHaveLength(1);
  });

  it('ignores README.md files and other files it does not know', async () => {
    const { workspace } = await makeRepository({
      '.claude/README.md': '# About',
      '.claude/notes.txt': 'x',
      '.claude/skills/README.md': '# Skills',
      '.claude/skills/pdf/SKILL.md': skill('pdf'),
      '.claude/skills/pdf/README.md': '# pdf',
      '.claude/skills/pdf/reference.md': '# ref',
      '.claude/agents/README.md': '# Agents',
      '.claude/agents/notes.txt': 'x',
      '.claude/agents/nested/deep.md': skill('deep'),
      '.claude/agents/reviewer.md': skill('reviewer'),
    });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.skills.map((entry) => entry.path)).toEqual(['.claude/skills/pdf/SKILL.md']);
    expect(root?.agents.map((entry) => entry.path)).toEqual(['.claude/agents/reviewer.md']);
    expect(listInventoryDiagnostics({ roots: root ? [root] : [] })).toEqual([]);
  });

  it('lists Codex TOML agents in .codex/agents with their settings, and only there', async () => {
    const { workspace } = await makeRepository({
      '.codex/agents/triage.toml': [
        'name = "triage"',
        'description = "Sort new issues by area."',
        'model_reasoning_effort = "low"',
        "developer_instructions = '''",
        'Label each issue with one area.',
        "'''",
        '',
      ].join('\n'),
      '.codex/agents/unparsable.toml': 'name = [\n',
      '.codex/agents/empty.toml': 'name = "empty"\ndescription = "Nothing to do."\n',
      '.claude/agents/stray.toml': 'name = "stray"\n',
    });
    const { roots } = await scanInventory({ workspace, roots: ['.claude', '.codex'] });
    expect(roots[0]?.agents).toEqual([]);
    const agents = roots[1]?.agents ?? [];
    expect(agents.map((agent) => [agent.path, agent.name])).toEqual([
      ['.codex/agents/empty.toml', 'empty'],
      ['.codex/agents/triage.toml', 'triage'],
      ['.codex/agents/unparsable.toml', null],
    ]);
    expect(agents[1]).toMatchObject({
      description: 'Sort new issues by area.',
      attributes: { model_reasoning_effort: 'low' },
      diagnostics: [],
    });
    expect(agents[0]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['missing-instructions']);
    expect(agents[2]?.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'invalid-toml',
        path: '.codex/agents/unparsable.toml',
      }),
    ]);
  });

  it('marks skills of the same name in two roots', async () => {
    const { workspace } = await makeRepository({
      '.claude/skills/pdf/SKILL.md': skill('pdf'),
      '.agents/skills/pdf/SKILL.md': skill('pdf'),
      '.agents/skills/solo/SKILL.md': skill('solo'),
    });
    const [claude, agents] = (await scanInventory({ workspace, roots: ['.claude', '.agents'] })).roots;
    expect(claude?.skills[0]).toMatchObject({ duplicateOf: null, alsoIn: ['.agents/skills/pdf/SKILL.md'] });
    expect(agents?.skills[0]).toMatchObject({
      duplicateOf: '.claude/skills/pdf/SKILL.md',
      alsoIn: ['.claude/skills/pdf/SKILL.md'],
    });
    expect(agents?.skills[0]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'duplicate-skill-name',
    ]);
    expect(agents?.skills[1]).toMatchObject({ name: 'solo', duplicateOf: null, alsoIn: [] });
  });

  it('reports malformed settings JSON on the settings entry and goes on', async () => {
    const { workspace } = await makeRepository({
      '.claude/settings.json': '{ "hooks": { ',
      '.claude/skills/a/SKILL.md': skill('a'),
    });
    const [root] = (await scanInventory({ workspace, roots: ['.claude'] })).roots;
    expect(root?.settings).toMatchObject({ path: '.claude/settings.json', hooks: [] });
    expect(root?.settings?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['invalid-json']);
    expect(root?.skills).toHaveLength(1);
  });

  it('keeps well-formed hook groups and reports malformed ones', async () => {
    const { workspace } = await makeRepository({
      '.claude/settings.json': JSON.stringify({
        hooks: { Stop: [{ hooks: [] }, 'oops', { matcher: 3, hooks: [] }], PostToolUse: {} },
      }),
    });
    const settings = (await scanInventory({ workspace, roots: ['.claude'] })).roots[0]?.settings;
    expect(settings?.hooks).toEqual([{ event: 'Stop', matcher: null, handlers: 0 }]);
    expect(settings?.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      '`hooks.Stop[1]` must be an object with `matcher` and `hooks`.',
      '`hooks.Stop[2]` has a `matcher` that is not a string.',
      '`hooks.PostToolUse` must be a list of matcher groups.',
    ]);
  });

  it('reads only the asset roots and the rule locations, never the rest of the tree (beyond the root marker, the marketplace files and the extensions folder)', async () => {
    const { root } = await makeRepository({
      '.claude/skills/a/SKILL.md': skill('a'),
      '.claude/agents/b.md': skill('b'),
      'src/index.ts': 'export {}',
      'packages/app/.claude/skills/c/SKILL.md': skill('c'),
    });
    const workspace = recordingWorkspace(withoutBatches(localWorkspace(root)));
    const single = await scanInventory({ workspace });
    // Through the batches: one listing, named by the same roots only, and the same answer.
    const requests: ListRequest[] = [];
    const local = localWorkspace(root);
    const listing: Workspace = {
      ...local,
      listDirectories: (asked) => {
        requests.push(...asked);
        return local.listDirectories!(asked);
      },
    };
    expect(await scanInventory({ workspace: listing })).toEqual(single);
    const ruleLocations = ruleFormats.flatMap((format) => format.locations.map((location) => location.path));
    const roots = [
      '.claude',
      '.agents',
      '.codex',
      '.grok',
      '.gemini',
      '.github',
      '.cursor',
      '.opencode',
      '.git',
      '.claude-plugin/marketplace.json',
      '.agents/plugins/marketplace.json',
      '.gemini/extensions',
      ...ruleLocations,
    ].map((name) => `${workspace.cwd}/${name}`);
    const outsideRoots = workspace.calls.filter(
      (call) => !roots.some((prefix) => call.path === prefix || call.path.startsWith(`${prefix}/`)),
    );
    expect(workspace.calls.length).toBeGreaterThan(0);
    expect(outsideRoots).toEqual([]);
    const named = requests.flatMap((request) =>
      (request.names ?? ['(everything)']).map((name) => `${workspace.resolve(request.path)}/${name}`),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(
      named.filter((name) => !roots.some((prefix) => name === prefix || name.startsWith(`${prefix}/`))),
    ).toEqual([]);
  });

  it('reads a repository with plugins in two listings and no single call, with the same answer', async () => {
    const plugin = (name: string) => ({
      [`plugins/${name}/.claude-plugin/plugin.json`]: JSON.stringify({ name }),
      [`plugins/${name}/skills/${name}-check/SKILL.md`]: skill(`${name}-check`),
      [`plugins/${name}/commands/${name}.md`]: `---\ndescription: Run ${name}.\n---\nGo.\n`,
      [`plugins/${name}/agents/${name}-agent.md`]: skill(`${name}-agent`),
      [`plugins/${name}/hooks/hooks.json`]: JSON.stringify({ hooks: { Stop: [{ hooks: [] }] } }),
    });
    const { root } = await makeRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.claude/skills/a/SKILL.md': skill('a'),
      '.claude-plugin/marketplace.json': JSON.stringify({
        plugins: [
          { name: 'review', source: './plugins/review' },
          { name: 'deploy', source: './plugins/deploy' },
          { name: 'gone', source: './plugins/gone' },
        ],
      }),
      ...plugin('review'),
      ...plugin('deploy'),
      '.gemini/extensions/tools/gemini-extension.json': JSON.stringify({ name: 'tools' }),
      '.gemini/extensions/tools/GEMINI.md': 'Tool notes.\n',
      '.gemini/extensions/tools/commands/lint.toml': 'description = "Lint"\nprompt = "Lint it"\n',
    });
    const single = await scanInventory({ workspace: withoutBatches(localWorkspace(root)) });
    expect(single.roots.filter((entry) => entry.plugin !== undefined).map((entry) => entry.root)).toEqual([
      'plugins/review',
      'plugins/deploy',
      'plugins/gone',
      '.gemini/extensions/tools',
    ]);
    const local = localWorkspace(root);
    let listings = 0;
    const singleCalls: string[] = [];
    const counted = (name: 'stat' | 'readFile' | 'readdir' | 'realpath') =>
      ((requested: string, ...rest: unknown[]) => {
        singleCalls.push(`${name} ${requested}`);
        return (local[name] as (...args: unknown[]) => unknown).call(local, requested, ...rest);
      }) as never;
    const workspace: Workspace = {
      ...local,
      stat: counted('stat'),
      readFile: counted('readFile'),
      readdir: counted('readdir'),
      realpath: counted('realpath'),
      listDirectories: (asked) => {
        listings += 1;
        return local.listDirectories!(asked);
      },
    };
    expect(await scanInventory({ workspace })).toEqual(single);
    // One listing for the roots and marketplace files, one for the plugin folders they name (the
    // missing one included): on a sandbox, two round trips however many plugins there are.
    expect(listings).toBe(2);
    expect(singleCalls).toEqual([]);
  });

  it('scans a root given twice once and normalises its spelling', async () => {
    const { workspace } = await makeRepository({ '.claude/skills/a/SKILL.md': skill('a') });
    const result = await scanInventory({ workspace, roots: ['./.claude/', '.claude', '.cursor'] });
    expect(result.roots.map((root) => root.root)).toEqual(['.claude', '.cursor']);
  });

  it('throws for a root outside the workspace directory', async () => {
    const { workspace } = await makeRepository({});
    await expect(scanInventory({ workspace, roots: ['../elsewhere'] })).rejects.toThrow(AgentContextError);
    await expect(scanInventory({ workspace, roots: ['/etc'] })).rejects.toMatchObject({
      code: 'invalid-option',
    });
  });
});

describe('scanInventory: what it lists', () => {
  it('lists only asset folders: never the working directory, its ancestors or unrelated folders', async () => {
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.agents/skills/release/SKILL.md': skill('release'),
      'packages/app/.claude/skills/lint/SKILL.md': skill('lint'),
      'packages/app/.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews.\n---\nReview.\n',
    };
    for (let index = 0; index < 200; index += 1) {
      files[`packages/app/src/file-${index}.ts`] = 'export {};\n';
      files[`unrelated-${index}.txt`] = '\n';
    }
    const { root } = await makeRepository(files);
    const workspace = recordingWorkspace(withoutBatches(localWorkspace(root, { cwd: 'packages/app' })));
    const result = await scanInventory({ workspace });
    // Through the batches: the same answer, and no listed entry outside the asset folders.
    const listedEntries: string[] = [];
    const local = localWorkspace(root, { cwd: 'packages/app' });
    const listing: Workspace = {
      ...local,
      listDirectories: async (asked) => {
        const outcomes = await local.listDirectories!(asked);
        for (const [index, outcome] of outcomes.entries()) {
          if (!outcome.ok) continue;
          const base = local.resolve(asked[index]!.path);
          for (const entry of outcome.value.entries)
            listed.push(`${base}/${entry.path}`.slice(root.length + 1));
        }
        return outcomes;
      },
    };
    expect(await scanInventory({ workspace: listing })).toEqual(result);
    expect(listedEntries.filter((entry) => /(^|\/)(src|unrelated-)/.test(entry))).toEqual([]);
    expect(result.roots.flatMap((entry) => entry.skills.map((found) => found.name))).toEqual([
      'lint',
      'release',
    ]);
    const listed = workspace.calls
      .filter((call) => call.method === 'readdir')
      .map((call) => call.path.slice(root.length + 1))
      .sort();
    expect(listed).toEqual([
      '.agents/skills',
      '.agents/skills/release',
      'packages/app/.claude/agents',
      'packages/app/.claude/skills',
      'packages/app/.claude/skills/lint',
    ]);
  });
});

describe('scanInventory: Codex plugins and Gemini CLI extensions', () => {
  it('lists the plugins of .agents/plugins/marketplace.json and the extensions of .gemini/extensions', async () => {
    const { workspace } = await makeRepository({
      '.agents/plugins/marketplace.json': JSON.stringify({
        name: 'team-plugins',
        plugins: [
          { name: 'review', source: { source: 'local', path: './plugins/review' } },
          { name: 'remote', source: { source: 'git', url: 'https://example.com/remote.git' } },
        ],
      }),
      'plugins/review/.codex-plugin/plugin.json': JSON.stringify({ name: 'review', skills: './skills/' }),
      'plugins/review/skills/check/SKILL.md': skill('check'),
      '.gemini/extensions/docs-helper/gemini-extension.json': JSON.stringify({
        name: 'docs',
        contextFileName: 'DOCS.md',
      }),
      '.gemini/extensions/docs-helper/skills/write/SKILL.md': skill('write'),
      '.gemini/extensions/docs-helper/agents/editor.md':
        '---\nname: editor\ndescription: Edits prose\n---\nEdit.\n',
      '.gemini/extensions/no-manifest/skills/lost/SKILL.md': skill('lost'),
    });
    const result = await scanInventory({ workspace, formats: [] });
    const plugins = result.roots.filter((root) => root.plugin !== undefined);
    expect(plugins.map((root) => [root.plugin, root.root, root.skills.map((entry) => entry.name)])).toEqual([
      ['review', 'plugins/review', ['check']],
      ['docs', '.gemini/extensions/docs-helper', ['write']],
    ]);
    expect(plugins[1]?.agents.map((agent) => agent.name)).toEqual(['editor']);
    expect(result.diagnostics).toBeUndefined();
  });
  it('marks a command whose name an earlier one has as shadowed, as loadCommands resolves it', async () => {
    const { root } = await makeRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      // Both are /build in Claude Code (a subfolder only labels a command): backend sorts first.
      '.claude/commands/frontend/build.md': 'Build the interface.\n',
      '.claude/commands/backend/build.md': 'Build the server.\n',
      // A nearer directory wins over the project root.
      'web/.claude/commands/deploy.md': 'Deploy the site.\n',
      '.claude/commands/deploy.md': 'Deploy everything.\n',
      // An earlier format wins: Claude Code before Cursor.
      '.cursor/commands/build.md': 'Build with Cursor.\n',
      '.gemini/commands/git/commit.toml': 'prompt = "Write a commit message."\n',
      // A plugin's command is typed with the plugin's name: no clash with the project's /deploy.
      '.claude-plugin/marketplace.json': JSON.stringify({
        plugins: [{ name: 'tools', source: './plugins/tools' }],
      }),
      'plugins/tools/commands/deploy.md': 'Deploy with the tools plugin.\n',
    });
    const workspace = localWorkspace(root, { cwd: 'web' });
    const result = await scanInventory({ workspace });
    const shadowed = result.roots
      .flatMap((entry) => entry.commands)
      .filter((command) => command.shadowedBy !== undefined)
      .map((command) => [command.path, command.shadowedBy]);
    expect(shadowed).toEqual([
      ['../.claude/commands/deploy.md', '.claude/commands/deploy.md'],
      ['../.claude/commands/frontend/build.md', '../.claude/commands/backend/build.md'],
      ['../.cursor/commands/build.md', '../.claude/commands/backend/build.md'],
    ]);
    expect(
      listInventoryDiagnostics(result)
        .filter((diagnostic) => diagnostic.code === 'shadowed-command')
        .map((diagnostic) => diagnostic.message),
    ).toContain(
      'The command /build of ../.claude/commands/frontend/build.md is shadowed by ../.claude/commands/backend/build.md, which has the same name.',
    );
    expect(
      result.roots.find((entry) => entry.plugin === 'tools')?.commands.map((command) => command.name),
    ).toEqual(['tools:deploy']);
    // The commands feature runs the same winners, by the same names, and leaves out the same files.
    const load = await loadCommands({ workspace });
    expect(load.commands.map((command) => command.name)).toContain('tools:deploy');
    expect(load.commands.map((command) => command.path).sort()).toEqual(
      result.roots
        .flatMap((entry) => entry.commands)
        .filter((command) => command.shadowedBy === undefined)
        .map((command) => command.path)
        .sort(),
    );
  });
});
