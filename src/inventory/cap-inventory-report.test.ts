import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { Diagnostic } from '../diagnostics.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { capInventoryReport } from './cap-inventory-report.js';
import { inventory } from './inventory.js';
import { type InventoryResult, type InventoryRoot, listInventoryDiagnostics } from './inventory-result.js';

const warning = (path: string, index: number): Diagnostic => ({
  severity: 'warning',
  code: 'missing-description',
  message: `Problem ${index}.`,
  path,
});
const skillWith = (path: string, count: number) => ({
  path,
  directory: path.replace(/\/SKILL\.md$/, ''),
  name: 'x',
  description: null,
  attributes: {},
  duplicateOf: null,
  alsoIn: [],
  diagnostics: Array.from({ length: count }, (_, index) => warning(path, index)),
});
const rootWith = (root: string, skills: ReturnType<typeof skillWith>[]): InventoryRoot => ({
  root,
  directory: '.',
  exists: true,
  skills,
  agents: [],
  commands: [],
  settings: null,
  diagnostics: [],
});
const cappedLines = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((diagnostic) => diagnostic.code === 'diagnostics-capped');
const counted = (result: InventoryResult) =>
  listInventoryDiagnostics(result).filter(
    (diagnostic) => diagnostic.code !== 'diagnostics-capped' && diagnostic.code !== 'also-in-capped',
  ).length;
/** What the `diagnostics-capped` lines of a result say was left out, added up. */
const leftOut = (result: InventoryResult) =>
  cappedLines(listInventoryDiagnostics(result))
    .map((diagnostic) => Number(diagnostic.message.match(/^([\d,]+) more/)?.[1]?.replace(/,/g, '')))
    .reduce((total, count) => total + count, 0);

describe('capInventoryReport', () => {
  it('keeps 20 of one entry and counts the rest on the entry; every entry stays', () => {
    const result: InventoryResult = {
      roots: [rootWith('.claude', [skillWith('.claude/skills/a/SKILL.md', 25)])],
    };
    const capped = capInventoryReport(result);
    const skill = capped.roots[0]!.skills[0]!;
    expect(skill.diagnostics.slice(0, 20)).toEqual(result.roots[0]!.skills[0]!.diagnostics.slice(0, 20));
    expect(cappedLines(skill.diagnostics)).toEqual([
      {
        severity: 'info',
        code: 'diagnostics-capped',
        message:
          '5 more diagnostics of this file left out (at most 20 per file are shown; `agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them).',
        path: '.claude/skills/a/SKILL.md',
      },
    ]);
    expect(skill.diagnostics).toHaveLength(21);
    // The result given is not changed.
    expect(result.roots[0]!.skills[0]!.diagnostics).toHaveLength(25);
  });

  it('keeps the first of the whole result and counts the rest on each root that lost some', () => {
    const result: InventoryResult = {
      roots: [
        rootWith('.claude', [
          skillWith('.claude/skills/a/SKILL.md', 2),
          skillWith('.claude/skills/b/SKILL.md', 5),
        ]),
        rootWith('.agents', [skillWith('.agents/skills/c/SKILL.md', 1)]),
      ],
    };
    const capped = capInventoryReport(result, { perFile: 3, total: 4 });
    const [claude, agents] = capped.roots;
    expect(claude!.skills.map((skill) => skill.diagnostics.map((diagnostic) => diagnostic.message))).toEqual([
      ['Problem 0.', 'Problem 1.'],
      [
        'Problem 0.',
        'Problem 1.',
        '2 more diagnostics of this file left out (at most 3 per file are shown; `agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them).',
      ],
    ]);
    expect(agents!.skills[0]!.diagnostics).toEqual([]);
    expect(
      [claude!.diagnostics, agents!.diagnostics].map((list) => list.map((item) => item.message)),
    ).toEqual([
      [
        '1 more diagnostic of the skills, agents, commands and output styles of .claude left out (at most 4 are shown at once; `agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them).',
      ],
      [
        '1 more diagnostic of the skills, agents, commands and output styles of .agents left out (at most 4 are shown at once; `agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them).',
      ],
    ]);
    // Nothing lost: what is shown and what the lines count add up to every diagnostic.
    expect(counted(capped) + leftOut(capped)).toBe(counted(result));
  });

  it('returns a result within the caps as it is', () => {
    const result: InventoryResult = {
      roots: [rootWith('.claude', [skillWith('.claude/skills/a/SKILL.md', 3)])],
    };
    expect(capInventoryReport(result)).toBe(result);
  });
});

describe('a hostile repository of broken skills, in the inventory outputs', () => {
  async function brokenSkills(count: number): Promise<string> {
    const root = await useTemporaryDirectory();
    await mkdir(join(root, '.git'));
    for (let index = 0; index < count; index++) {
      const folder = join(root, '.claude', 'skills', `s${index}`);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'SKILL.md'), '---\nname: [broken\n---\n');
    }
    return root;
  }

  it('the tree, --json and the inventory tool show 1,000 and 20 alsoIn paths, counting the rest; --uncapped shows all', async () => {
    const root = await brokenSkills(300);
    const all = await runCliInProcess(root, ['inventory', '--json', '--uncapped']);
    const full = JSON.parse(all.stdout) as InventoryResult;
    const total = counted(full);
    expect(total).toBeGreaterThan(1_000);
    expect(cappedLines(listInventoryDiagnostics(full))).toEqual([]);

    const json = await runCliInProcess(root, ['inventory', '--json']);
    const capped = JSON.parse(json.stdout) as InventoryResult;
    expect(counted(capped)).toBe(1_000);
    expect(leftOut(capped)).toBe(total - 1_000);
    expect(capped.roots[0]!.skills).toHaveLength(300);
    expect(json.code).toBe(all.code);
    // 300 skills of one name list each other: 299 paths each in full, 20 in the report, the rest counted.
    expect(full.roots[0]!.skills.map((skill) => skill.alsoIn.length)).toEqual(Array(300).fill(299));
    expect(capped.roots[0]!.skills.map((skill) => skill.alsoIn)).toEqual(
      full.roots[0]!.skills.map((skill) => skill.alsoIn.slice(0, 20)),
    );
    expect(capped.roots[0]!.diagnostics.filter((diagnostic) => diagnostic.code === 'also-in-capped')).toEqual(
      [
        {
          severity: 'info',
          code: 'also-in-capped',
          message:
            "83,700 more paths of the skills' `alsoIn` in .claude left out (at most 20 per skill are shown; `agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them).",
        },
      ],
    );

    const tree = await runCliInProcess(root, ['inventory']);
    const treeLines = tree.stdout.split('\n');
    const problemLines = treeLines.filter((line) => /(warning|info|error): /.test(line));
    expect(problemLines).toHaveLength(1_001);
    expect(tree.stdout).toContain(
      `${(total - 1_000).toLocaleString('en-US')} more diagnostics of the skills, agents, commands and output styles of .claude left out`,
    );
    // The count line still counts every diagnostic.
    const last = treeLines.at(-2) ?? '';
    const countedOnLine = [...last.matchAll(/(\d+) (?:warning|info|error)s?/g)]
      .map((match) => Number(match[1]))
      .reduce((sum, count) => sum + count, 0);
    expect(countedOnLine).toBe(total);
    expect(tree.stdout).not.toContain('alsoIn');
    const everything = await runCliInProcess(root, ['inventory', '--uncapped']);
    expect(everything.stdout.split('\n').filter((line) => /(warning|info|error): /.test(line))).toHaveLength(
      total,
    );

    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [inventory()] });
    const run = await session.startRun();
    const call = { id: 'call-1', toolName: 'inventory_agent_context', input: {} };
    const output = (await run.executeTool(call)).output as InventoryResult;
    expect(counted(output)).toBe(1_000);
    expect(leftOut(output)).toBe(total - 1_000);
  });
});
