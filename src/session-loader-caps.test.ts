import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../test/support/temporary-directory.js';
import { loadAgentDefinitions } from './agent-definitions/load-agent-definitions.js';
import { commands } from './commands/commands.js';
import { loadCommands } from './commands/load-commands.js';
import type { Diagnostic } from './diagnostics.js';
import { discoverInstructions } from './instructions/discover-instructions.js';
import { nestedInstructions } from './instructions/nested/nested-instructions.js';
import { projectInstructions } from './instructions/project-instructions.js';
import { inventory } from './inventory/inventory.js';
import type { Capability, ContextEvent } from './session/capability.js';
import { createContextSession } from './session/context-session.js';
import { skills } from './skills/skills.js';
import { localWorkspace } from './workspace/local-workspace.js';

// A hostile repository must not turn into as many events as it has broken files: the loaders of a
// session keep at most 20 reports per file and 1,000 in all, and say how many they left out.

const capped = (diagnostics: readonly (Diagnostic | undefined)[]): Diagnostic[] =>
  diagnostics.filter((diagnostic): diagnostic is Diagnostic => diagnostic?.code === 'diagnostics-capped');

/** Writes `count` files, `name(index)` relative to `root`, each holding `text(index)`. */
async function writeMany(
  root: string,
  count: number,
  name: (index: number) => string,
  text: (index: number) => string | Buffer,
): Promise<void> {
  for (let start = 0; start < count; start += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - start) }, async (_, offset) => {
        const file = join(root, name(start + offset));
        await mkdir(join(file, '..'), { recursive: true });
        await writeFile(file, text(start + offset));
      }),
    );
  }
}

async function repository(): Promise<string> {
  const root = await useTemporaryDirectory();
  await mkdir(join(root, '.git'));
  return root;
}

/** The events one run start gives with these capabilities. */
async function runStartEvents(root: string, capabilities: Capability[]) {
  const session = createContextSession({ workspace: localWorkspace(root), capabilities });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  return { session, run, events };
}

describe("a session's loaders cap what they report", () => {
  it('instruction discovery: 3,000 failed imports in one AGENTS.md give 20 diagnostics and a count', async () => {
    const root = await repository();
    const imports = Array.from({ length: 3_000 }, (_, index) => `@missing-${index}.md`).join('\n');
    await writeFile(join(root, 'AGENTS.md'), `# Rules\n${imports}\n`);

    const discovery = await discoverInstructions({ workspace: localWorkspace(root) });
    expect(discovery.diagnostics).toHaveLength(21);
    expect(capped(discovery.diagnostics).map((diagnostic) => diagnostic.message)).toEqual([
      '2,980 more diagnostics of this file left out (at most 20 per file are reported).',
    ]);
    // The text still marks every failed import: only the reports are capped.
    expect(discovery.items[0]?.text.match(/<!-- import failed:/g)).toHaveLength(3_000);

    const { events } = await runStartEvents(root, [projectInstructions()]);
    const reports = events.filter((event) => event.diagnostic !== undefined);
    // 20 failed imports, the count of the rest, and the budget's cut of the file (it grew past 32,000 characters).
    expect(reports.map((event) => event.diagnostic?.code)).toEqual([
      ...Array.from({ length: 20 }, () => 'import-failed'),
      'diagnostics-capped',
      'truncated',
    ]);
  });

  it('nested instructions: a nested file with 3,000 failed imports gives 20 diagnostic events and a count', async () => {
    const root = await repository();
    await mkdir(join(root, 'pkg'));
    const imports = Array.from({ length: 3_000 }, (_, index) => `@missing-${index}.md`).join('\n');
    await writeFile(join(root, 'pkg', 'AGENTS.md'), `# Package rules\n${imports}\n`);
    const { session, events } = await runStartEvents(root, [nestedInstructions()]);
    await session.touch('pkg/index.ts', { kind: 'file' });
    const reports = events.filter((event) => event.type === 'diagnostic');
    expect(reports.map((event) => event.diagnostic?.code)).toEqual([
      ...Array.from({ length: 20 }, () => 'import-failed'),
      'diagnostics-capped',
    ]);
  });

  it('skills: 1,200 skill files without a name give at most 1,000 skipped events and a count', async () => {
    const root = await repository();
    await writeMany(
      root,
      1_200,
      (index) => `.claude/skills/s${index}/SKILL.md`,
      () => '---\ndescription: no name here\n---\n\nbody\n',
    );
    const { events } = await runStartEvents(root, [skills()]);
    const ofSkills = events.filter((event) => event.capability === 'skills');
    expect(ofSkills.filter((event) => event.type === 'skipped')).toHaveLength(1_000);
    expect(
      capped(ofSkills.map((event) => event.diagnostic)).map((diagnostic) => diagnostic?.message),
    ).toEqual(['200 more diagnostics left out (at most 1,000 are reported at once).']);
    expect(ofSkills.length).toBeLessThanOrEqual(1_002);
  });

  it('commands: 1,200 malformed command files give at most 1,000 diagnostics, in loadCommands and in the events', async () => {
    const root = await repository();
    await writeMany(
      root,
      1_200,
      (index) => `.claude/commands/c${index}.md`,
      () => '---\ndescription: [1, 2]\n---\n\nDo it.\n',
    );
    const load = await loadCommands({ workspace: localWorkspace(root) });
    expect(load.commands).toHaveLength(1_200);
    expect(load.diagnostics).toHaveLength(1_001);
    expect(capped(load.diagnostics).map((diagnostic) => diagnostic.message)).toEqual([
      '200 more diagnostics left out (at most 1,000 are reported at once).',
    ]);

    const { session, events } = await runStartEvents(root, [commands()]);
    await session.expandCommand('/c7 now');
    const reports = events.filter((event) => event.type === 'diagnostic');
    expect(reports).toHaveLength(1_001);
    expect(capped(reports.map((event) => event.diagnostic))).toHaveLength(1);
  });

  it('agent definitions: 600 agent files with no frontmatter (two warnings each) give 1,000 and a count', async () => {
    const root = await repository();
    await writeMany(
      root,
      600,
      (index) => `.claude/agents/a${index}.md`,
      () => 'Review the code.\n',
    );
    const load = await loadAgentDefinitions(localWorkspace(root));
    expect(load.items).toHaveLength(600);
    expect(load.diagnostics).toHaveLength(1_001);
    expect(capped(load.diagnostics).map((diagnostic) => diagnostic.message)).toEqual([
      '200 more diagnostics left out (at most 1,000 are reported at once).',
    ]);
    // Each definition keeps its own diagnostics.
    expect(load.items[599]?.diagnostics).toHaveLength(2);
  });

  it('the inventory tool: 1,200 broken skill files give at most 1,000 diagnostic events and a count', async () => {
    const root = await repository();
    await writeMany(
      root,
      1_200,
      (index) => `.claude/skills/s${index}/SKILL.md`,
      () => '---\nname: [broken\n---\n',
    );
    const { run, events } = await runStartEvents(root, [inventory()]);
    await run.executeTool({ id: 'call_1', toolName: 'inventory_agent_context', input: {} });
    const reports = events.filter((event) => event.capability === 'inventory' && event.type === 'diagnostic');
    expect(reports.length).toBeLessThanOrEqual(1_001);
    expect(capped(reports.map((event) => event.diagnostic))).toHaveLength(1);
  });
});
