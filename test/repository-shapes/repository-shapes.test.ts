import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContextSession, localWorkspace, projectInstructions, repoContext } from '../../src/index.js';
import { type InventoryResult, listInventoryDiagnostics } from '../../src/inspect.js';
import { runCliInProcess } from '../support/cli.js';
import {
  assistantFilesShape,
  buildShape,
  type RepositoryShape,
  repositoryShapes,
} from './repository-shapes.js';

interface Reading {
  /** The project instructions as the model gets them. */
  instructions: string;
  inventory: InventoryResult;
}

const hint = '\n\nCall `inventory_agent_context`';

/** The library as a user calls it: repoContext with the repository root as home. */
async function throughLibrary(root: string, cwd: string): Promise<Reading> {
  const run = await createContextSession(
    repoContext({ workspaceDir: path.join(root, cwd), homeDir: root }),
  ).startRun();
  const call = { id: 'call-1', toolName: 'inventory_agent_context', input: {} };
  const inventory = (await run.executeTool(call)).output as InventoryResult;
  const end = run.instructions.lastIndexOf(hint);
  return { instructions: end === -1 ? '' : run.instructions.slice(0, end), inventory };
}

/** The CLI, with the same ceiling and file names, reading its `--json` and `render` output. */
async function throughCli(root: string, cwd: string): Promise<Reading & { inventoryCode: number | null }> {
  const directory = path.join(root, cwd);
  const render = await runCliInProcess(root, [
    'render',
    directory,
    '--stop-at',
    root,
    '--filenames',
    'CLAUDE.md,AGENTS.md',
  ]);
  const inventory = await runCliInProcess(root, ['inventory', directory, '--stop-at', root, '--json']);
  // Nothing to render (a shape without instruction files) is exit code 1 with one line saying so.
  if (render.stdout === '')
    expect(render).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^agent-context render: nothing to print: /),
    });
  else expect(render).toMatchObject({ code: 0, stderr: '' });
  return {
    instructions: render.stdout,
    inventory: JSON.parse(inventory.stdout),
    inventoryCode: inventory.code,
  };
}

async function readBothWays(shape: RepositoryShape) {
  const root = await buildShape(shape);
  const library = await throughLibrary(root, shape.cwd);
  const { inventoryCode, ...cli } = await throughCli(root, shape.cwd);
  expect(cli).toEqual(library);
  return { ...library, inventoryCode };
}

const shapeNamed = (start: string) => {
  const shape = repositoryShapes.find((candidate) => candidate.name.startsWith(start));
  if (!shape) throw new Error(`no shape "${start}"`);
  return shape;
};
const allSkills = (inventory: InventoryResult) => inventory.roots.flatMap((root) => root.skills);

describe('repository shapes, read through the library and the CLI alike', () => {
  it('loads each linked instruction file once', async () => {
    const { instructions } = await readBothWays(shapeNamed('root AGENTS.md linked'));
    expect(instructions).toBe(
      [
        '<context-file path="../../CLAUDE.md">\nRun the whole test suite before pushing.\n</context-file>',
        '<context-file path="CLAUDE.md">\nThe web package renders with server components.\n</context-file>',
      ].join('\n\n'),
    );
  });

  it('finds skills at the root and in the package from deep in the package, the nearer one winning', async () => {
    const { inventory } = await readBothWays(shapeNamed('skills at the root'));
    expect(allSkills(inventory).map((skill) => [skill.path, skill.shadowedBy ?? null])).toEqual([
      ['../../../../.claude/skills/lint/SKILL.md', null],
      ['../../../../.claude/skills/preview/SKILL.md', null],
      ['../../../../../.agents/skills/lint/SKILL.md', '../../../../.claude/skills/lint/SKILL.md'],
      ['../../../../../.agents/skills/release/SKILL.md', null],
    ]);
    expect(inventory.directories).toHaveLength(6);
  });

  it('counts a skill that two linked roots reach once, naming both roots', async () => {
    const { inventory } = await readBothWays(shapeNamed('one skills folder shared'));
    const skills = allSkills(inventory);
    expect(skills.map((skill) => [skill.name, skill.reachableFrom])).toEqual([
      ['deploy', ['.claude', '.agents']],
      ['rollback', ['.claude', '.agents']],
    ]);
    expect(listInventoryDiagnostics(inventory)).toEqual([]);
  });

  it('reads plugin agents with <example> blocks without an error, and exits 0', async () => {
    const { inventory, inventoryCode } = await readBothWays(shapeNamed('a plugin marketplace'));
    const plugin = inventory.roots.find((root) => root.plugin === 'release-notes');
    expect(plugin?.agents[0]).toMatchObject({
      name: 'changelog-writer',
      attributes: { model: 'inherit', color: 'green' },
    });
    expect(plugin?.agents[0]?.description).toContain('</example>');
    expect(plugin?.commands.map((command) => command.name)).toEqual(['release-notes:notes']);
    expect(plugin?.hookFiles?.[0]?.hooks.map((hook) => hook.event)).toEqual(['Stop']);
    expect(listInventoryDiagnostics(inventory).map((diagnostic) => diagnostic.severity)).toEqual(['info']);
    expect(inventoryCode).toBe(0);
  });

  it('keeps an 80 KB AGENTS.md inside a skill folder out of the project instructions', async () => {
    const { instructions, inventory } = await readBothWays(shapeNamed('an 80 KB AGENTS.md'));
    expect(instructions).toBe('<context-file path="AGENTS.md">\nKeep commits small.\n</context-file>');
    expect(allSkills(inventory).map((skill) => [skill.name, skill.diagnostics])).toEqual([
      ['style-guide', []],
    ]);
  });

  it('lists Codex hooks with their event names', async () => {
    const { inventory } = await readBothWays(shapeNamed('Codex hooks'));
    const codex = inventory.roots.find((root) => root.root === '.codex');
    expect(codex?.settings).toBeNull();
    expect(codex?.hookFiles).toEqual([
      {
        path: '.codex/hooks.json',
        hooks: [
          { event: 'SessionStart', matcher: null, handlers: 1 },
          { event: 'Stop', matcher: null, handlers: 1 },
        ],
        diagnostics: [],
      },
    ]);
  });

  it("lists every assistant folder's commands and sub-agents, a TOML command without a prompt named", async () => {
    const { inventory } = await readBothWays(shapeNamed('commands, sub-agents and context files'));
    const listed = inventory.roots
      .filter((root) => root.commands.length + root.agents.length > 0)
      .map((root) => ({
        root: root.root,
        commands: root.commands.map((command) => command.name),
        agents: root.agents.map((agent) => agent.name),
      }));
    expect(listed).toEqual([
      { root: '.claude', commands: ['build', 'review'], agents: ['api-reviewer'] },
      { root: '.gemini', commands: ['broken', 'git:commit'], agents: [] },
      { root: '.github', commands: ['triage'], agents: ['docs-writer'] },
      { root: '.cursor', commands: ['fix'], agents: [] },
      { root: '.opencode', commands: ['release'], agents: ['planner'] },
    ]);
    expect(
      listInventoryDiagnostics(inventory).map((diagnostic) => [diagnostic.code, diagnostic.path]),
    ).toEqual([['missing-prompt', '.gemini/commands/broken.toml']]);
  });

  it("reads every assistant's per-directory file once, and the override in place of AGENTS.md, by default", async () => {
    const root = await buildShape(assistantFilesShape);
    const directory = path.join(root, assistantFilesShape.cwd);
    const run = await createContextSession({
      workspace: localWorkspace(root, { cwd: directory }),
      capabilities: [projectInstructions()],
    }).startRun();
    const render = await runCliInProcess(root, ['render', directory]);
    expect(render).toMatchObject({ code: 0, stderr: '' });
    expect(render.stdout).toBe(run.instructions);
    expect(run.instructions).toBe(
      [
        '<context-file path="../../AGENTS.md">\nFormat with the project formatter before committing.\n</context-file>',
        '<context-file path="../../CLAUDE.local.md">\nMy local API key lives in .env.local.\n</context-file>',
        '<context-file path="AGENTS.override.md">\nUntil the audit ends, billing changes need two reviewers.\n</context-file>',
      ].join('\n\n'),
    );
  });
});
