import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { Capability, ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { inventory, inventoryHint } from './inventory.js';
import type { InventoryResult } from './inventory-result.js';

/** A session over a temporary repository holding `files`, with one capability; returns its first run. */
async function makeRun(files: Record<string, string>, capability: Capability = inventory()) {
  const root = await useTemporaryDirectory();
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  const session = createContextSession({ workspace: localWorkspace(root), capabilities: [capability] });
  const events: ContextEvent[] = [];
  session.on((event) => {
    if (event.capability === 'inventory') events.push(event);
  });
  const run = await session.startRun();
  return { run, events, root };
}

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n`;

describe('inventory capability', () => {
  it('adds a one-line hint naming the tool and exposes a tool without parameters', async () => {
    const { run } = await makeRun({});
    expect(run.instructions).toBe(inventoryHint('inventory_agent_context'));
    expect(run.tools.map((tool) => [tool.name, tool.inputSchema])).toEqual([
      ['inventory_agent_context', { type: 'object', properties: {}, additionalProperties: false }],
    ]);
  });

  it('returns the inventory as JSON data from the tool and reports its diagnostics as events', async () => {
    const { run, events } = await makeRun(
      {
        '.claude/skills/pdf/SKILL.md': skill('pdfs', 'Reads PDFs.'),
        '.claude/commands/git/sync.md': 'Pull, rebase and push.\n',
      },
      inventory({ roots: ['.claude'] }),
    );
    const result = await run.executeTool({ id: 'call-1', toolName: 'inventory_agent_context', input: {} });
    expect(result.isError).toBe(false);
    expect(JSON.parse(JSON.stringify(result.output))).toEqual(result.output);
    expect(result.output).toMatchObject({
      roots: [
        {
          root: '.claude',
          exists: true,
          skills: [{ name: 'pdfs' }],
          commands: [{ name: 'sync', description: 'Pull, rebase and push.' }],
        },
      ],
    });
    expect(events.map((event) => [event.type, event.reason, event.trigger])).toEqual([
      ['loaded', 'inventory', 'call-1'],
      ['diagnostic', 'inventory', 'call-1'],
    ]);
    expect(events[1]?.diagnostic?.code).toBe('name-folder-mismatch');
  });

  it('lists the rules with their scope and globs, not their text, and reports their problems as events', async () => {
    const { run, events } = await makeRun(
      {
        '.claude/rules/testing.md': 'Every bug fix starts with a failing test.\n',
        '.cursor/rules/api.mdc':
          '---\ndescription: API handlers\nglobs: ["services/api/**/*.ts", "services/[api/*.js"]\n---\nHandlers return typed errors.\n',
        '.github/instructions/sql.instructions.md':
          '---\napplyTo: "[unclosed"\n---\nKeep queries parameterised.\n',
      },
      inventory({ roots: ['.claude'] }),
    );
    const result = await run.executeTool({ id: 'call-7', toolName: 'inventory_agent_context', input: {} });
    expect(result.isError).toBe(false);
    const output = JSON.parse(JSON.stringify(result.output));
    expect(output).toEqual(result.output);
    expect(output.rules).toEqual([
      {
        format: 'claude-code',
        path: '.claude/rules/testing.md',
        name: 'testing',
        scope: 'always',
        base: '.',
        level: 'project',
        diagnostics: [],
      },
      {
        format: 'cursor',
        path: '.cursor/rules/api.mdc',
        name: 'api',
        scope: 'files',
        globs: ['services/api/**/*.ts'],
        description: 'API handlers',
        base: '.',
        level: 'project',
        diagnostics: [expect.objectContaining({ code: 'glob-ignored', severity: 'warning' })],
      },
    ]);
    expect(output.ruleDiagnostics).toEqual([
      expect.objectContaining({ code: 'invalid-glob', path: '.github/instructions/sql.instructions.md' }),
    ]);
    expect(JSON.stringify(output)).not.toContain('typed errors');
    expect(events.map((event) => [event.type, event.diagnostic?.code, event.path])).toEqual([
      ['loaded', undefined, undefined],
      ['diagnostic', 'invalid-glob', '.github/instructions/sql.instructions.md'],
      ['diagnostic', 'glob-ignored', '.cursor/rules/api.mdc'],
    ]);
    expect(events[0]?.message).toBe(
      'Inventory scanned: roots found .claude; 0 skills, 0 agents, 0 commands, 2 rules.',
    );
  });

  it('lists only the formats given, and user-level rules only with userDirectory', async () => {
    const home = await useTemporaryDirectory();
    await mkdir(path.join(home, '.claude/rules'), { recursive: true });
    await writeFile(path.join(home, '.claude/rules/mine.md'), 'Answer briefly.\n');
    const files = {
      '.claude/rules/testing.md': 'Every bug fix starts with a failing test.\n',
      '.cursor/rules/api.mdc': '---\nglobs: services/api/**\n---\nHandlers return typed errors.\n',
    };
    const call = async (capability: Capability) => {
      const { run } = await makeRun(files, capability);
      const result = await run.executeTool({ id: 'c', toolName: 'inventory_agent_context', input: {} });
      return (result.output as InventoryResult).rules?.map((rule) => rule.path);
    };
    expect(await call(inventory({ formats: ['cursor'] }))).toEqual(['.cursor/rules/api.mdc']);
    expect(await call(inventory({ formats: [] }))).toBeUndefined();
    expect(await call(inventory({ formats: ['claude-code'], userDirectory: home }))).toEqual([
      '~/.claude/rules/mine.md',
      '.claude/rules/testing.md',
    ]);
  });

  it('reads no rule file for the skills catalog at run start', async () => {
    const { events } = await makeRun(
      {
        '.claude/skills/pdf/SKILL.md': skill('pdf', 'Reads PDFs.'),
        '.cursor/rules/bad.mdc': '---\nglobs: "[x"\n---\nNever applies.\n',
      },
      inventory({ tool: false, catalog: true }),
    );
    expect(events.map((event) => [event.type, event.message])).toEqual([
      // `.cursor` exists (its rules folder) and is an asset root; its rule file is not read.
      ['loaded', 'Inventory scanned: roots found .claude, .cursor; 1 skills, 0 agents, 0 commands.'],
    ]);
  });

  it('scans again on every call, so files added during a run show up', async () => {
    const { run, root } = await makeRun({}, inventory({ roots: ['.claude'] }));
    const call = (id: string) => run.executeTool({ id, toolName: 'inventory_agent_context', input: {} });
    const before = (await call('a')).output as { roots: { exists: boolean }[] };
    await mkdir(path.join(root, '.claude'));
    const after = (await call('b')).output as { roots: { exists: boolean }[] };
    expect([before.roots[0]?.exists, after.roots[0]?.exists]).toEqual([false, true]);
  });

  it('uses the given tool name in the tool and the hint', async () => {
    const { run } = await makeRun({}, inventory({ toolName: 'map_setup' }));
    expect(run.instructions).toBe(inventoryHint('map_setup'));
    expect(run.tools.map((tool) => tool.name)).toEqual(['map_setup']);
  });

  it('contributes nothing when the tool and the catalog are both off', async () => {
    const { run } = await makeRun(
      { '.claude/skills/pdf/SKILL.md': skill('pdf', 'Reads PDFs.') },
      inventory({ tool: false }),
    );
    expect(run.instructions).toBe('');
    expect(run.tools).toEqual([]);
  });

  it('renders the skills catalog after the hint when asked, and reports a cut', async () => {
    const { run, events } = await makeRun(
      {
        '.claude/skills/pdf/SKILL.md': skill('pdf', `Reads PDFs ${'in detail '.repeat(40)}`),
        '.agents/skills/xlsx/SKILL.md': skill('xlsx', 'Reads spreadsheets.'),
      },
      inventory({ catalog: { maxChars: 400 } }),
    );
    const blocks = run.instructionBlocks.map((block) => block.text);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toBe(inventoryHint('inventory_agent_context'));
    expect(blocks[1]?.length).toBeLessThanOrEqual(400);
    expect(blocks[1]).toContain('<skill><name>pdf</name><description>Reads PDFs in detail');
    expect(blocks[1]).toContain(
      '<skill><name>xlsx</name><description>Reads spreadsheets.</description><location>.agents/skills/xlsx/SKILL.md</location></skill>',
    );
    expect(events.filter((event) => event.type === 'cut').map((event) => event.message)).toEqual([
      'Skills catalog over budget: 1 description shortened, 0 skills left out.',
    ]);
  });

  it('renders only the catalog when the tool is off', async () => {
    const { run } = await makeRun(
      { '.claude/skills/pdf/SKILL.md': skill('pdf', 'Reads PDFs.') },
      inventory({ tool: false, catalog: true }),
    );
    expect(run.instructionBlocks).toHaveLength(1);
    expect(run.instructions).toContain(
      '<skill><name>pdf</name><description>Reads PDFs.</description><location>.claude/skills/pdf/SKILL.md</location></skill>',
    );
  });
});
