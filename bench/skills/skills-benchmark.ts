/**
 * Skills benchmark: the catalog build and `load_skill` beside the inventory scan they reuse.
 *
 * A repository with 200 skills (150 under .claude/skills, 50 under .agents/skills), each with a
 * SKILL.md of about 1 KB, a reference file and a script. Measured, as medians on a warm cache:
 *
 * 1. `scanInventory` with the default roots: the scan the catalog is built from;
 * 2. the catalog build: the start of a run of a session holding only `skills()` (scan, selection and
 *    the catalog), under the default 8,000-character budget (which holds only part of 200 skills)
 *    and under a 50,000-character budget that lists all 200 in full, and `renderSkillsCatalog` alone
 *    on the 200 entries; the workspace calls of the run start beside those of the bare scan show the
 *    catalog is built from the scan's findings without reading anything more;
 * 3. `load_skill`: the latency of one call (median over 200 calls, one per skill, in one run), and
 *    the workspace calls of every call, to show a call reads its own skill folder and never scans
 *    the asset roots again.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --expose-gc --import tsx skills/skills-benchmark.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { middleValue } from '../src/harness/statistics.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import {
  type AgentContext,
  librarySource,
  loadAgentContext,
  loadAgentContextInspect,
  loadAgentContextTesting,
} from '../src/library.js';

const skillCount = 200;
const runs = 15;
/** A catalog budget that holds all 200 skills with their descriptions. */
const fullBudget = 50_000;

function skillName(index: number): string {
  return `skill-${String(index).padStart(3, '0')}`;
}

function skillFolder(index: number): string {
  return `${index < 150 ? '.claude' : '.agents'}/skills/${skillName(index)}`;
}

function description(index: number): string {
  return `Handles task ${index}: use when the user asks about area ${index % 17} of the product.`;
}

function writeSkills(root: string): void {
  writeFixtureFile(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  for (let index = 0; index < skillCount; index += 1) {
    const name = skillName(index);
    const folder = path.join(root, skillFolder(index));
    writeFixtureFile(
      path.join(folder, 'SKILL.md'),
      `---\nname: ${name}\ndescription: "${description(index)}"\nallowed-tools: Read Grep\n---\n\n# ${name}\n\n${'Step by step guidance, see reference.md.\n'.repeat(24)}`,
    );
    writeFixtureFile(path.join(folder, 'reference.md'), '# Reference\n');
    writeFixtureFile(path.join(folder, 'scripts', 'run.sh'), '#!/bin/sh\necho run\n');
  }
}

function countByMethod(calls: ReadonlyArray<{ method: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of calls) counts[call.method] = (counts[call.method] ?? 0) + 1;
  return counts;
}

/**
 * Workspace calls of the bare scan, of a run start with `skills()`, and of each of 200 `load_skill`
 * calls in that run (one per skill), through a recording workspace.
 */
async function countCalls(api: AgentContext, root: string) {
  const { recordingWorkspace } = await loadAgentContextTesting();
  const scanning = recordingWorkspace(api.localWorkspace(root));
  await api.scanInventory({ workspace: scanning });

  const recording = recordingWorkspace(api.localWorkspace(root));
  const run = await api
    .createContextSession({ workspace: recording, capabilities: [api.skills()] })
    .startRun();
  const runStart = recording.calls.length;
  const runStartByMethod = countByMethod(recording.calls);

  const perCall: number[] = [];
  let outsideOwnFolder = 0;
  let listingsOfAssetRoots = 0;
  for (let index = 0; index < skillCount; index += 1) {
    recording.clearCalls();
    await run.executeTool({
      id: `count_${index}`,
      toolName: 'load_skill',
      input: { name: skillName(index) },
    });
    perCall.push(recording.calls.length);
    const folder = skillFolder(index);
    outsideOwnFolder += recording.calls.filter(
      (call) => call.path !== folder && !call.path.startsWith(`${folder}/`),
    ).length;
    listingsOfAssetRoots += recording.calls.filter(
      (call) => call.method === 'readdir' && /^\.(claude|agents|codex)\/skills\/?$/.test(call.path),
    ).length;
  }
  recording.clearCalls();
  await run.executeTool({ id: 'count_one', toolName: 'load_skill', input: { name: skillName(7) } });
  return {
    scan: { calls: scanning.calls.length, byMethod: countByMethod(scanning.calls) },
    runStart: { calls: runStart, byMethod: runStartByMethod },
    loadSkill: {
      callsPerCall: middleValue(perCall),
      maxCallsPerCall: Math.max(...perCall),
      byMethod: countByMethod(recording.calls),
      callsOutsideTheLoadedSkillFolder: outsideOwnFolder,
      listingsOfAssetRoots,
    },
  };
}

async function main(): Promise<void> {
  const api = await loadAgentContext();
  const { renderSkillsCatalog } = await loadAgentContextInspect();
  const base = await mkdtemp(path.join(tmpdir(), 'skills-bench-'));
  try {
    const root = path.join(base, 'repository');
    writeSkills(root);
    const workspace = api.localWorkspace(root);
    const startRun = (capability: ReturnType<AgentContext['skills']>) => () =>
      api.createContextSession({ workspace, capabilities: [capability] }).startRun();
    const startDefault = startRun(api.skills());
    const startFull = startRun(api.skills({ maxChars: fullBudget }));

    const run = await startDefault();
    const fullRun = await startFull();
    const entries = Array.from({ length: skillCount }, (_, index) => ({
      name: skillName(index),
      description: description(index),
      location: `${skillFolder(index)}/SKILL.md`,
    }));

    const [scanMs = Number.NaN, runStartMs = Number.NaN, runStartFullMs = Number.NaN, renderMs = Number.NaN] =
      await interleavedMiddleValues(
        [
          () => api.scanInventory({ workspace }),
          startDefault,
          startFull,
          () => renderSkillsCatalog(entries, { maxChars: fullBudget }),
        ],
        runs,
      );

    // load_skill: one call per skill in one run, after a warm-up pass over all of them.
    const load = (name: string, id: string) =>
      run.executeTool({ id, toolName: 'load_skill', input: { name } });
    for (let index = 0; index < skillCount; index += 1) await load(skillName(index), `warm_${index}`);
    const loadTimes: number[] = [];
    let errors = 0;
    for (let index = 0; index < skillCount; index += 1) {
      const start = performance.now();
      const result = await load(skillName(index), `call_${index}`);
      loadTimes.push(performance.now() - start);
      if (result.isError) errors += 1;
    }
    const loadMs = middleValue(loadTimes);
    const calls = await countCalls(api, root);

    const report = {
      library: librarySource(),
      node: process.version,
      skills: skillCount,
      catalog: {
        defaultBudget: catalogFigures(run.instructions),
        fullBudget: { maxChars: fullBudget, ...catalogFigures(fullRun.instructions) },
      },
      scanInventoryMedianMs: round(scanMs),
      catalogBuild: {
        runStartMedianMs: round(runStartMs),
        ratioToScan: round(runStartMs / scanMs, 2),
        runStartFullBudgetMedianMs: round(runStartFullMs),
        fullBudgetRatioToScan: round(runStartFullMs / scanMs, 2),
        renderOnlyMedianMs: round(renderMs, 3),
      },
      loadSkill: {
        medianMs: round(loadMs, 3),
        ratioToScan: round(loadMs / scanMs, 4),
        errors,
      },
      workspaceCalls: calls,
      runs,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

/** What a run's catalog holds: skills listed, descriptions kept, skills only counted, its length. */
function catalogFigures(instructions: string) {
  return {
    listed: (instructions.match(/<skill>/g) ?? []).length,
    withDescription: (instructions.match(/<description>/g) ?? []).length,
    notShown: Number(/\[(\d+) more skills/.exec(instructions)?.[1] ?? 0),
    instructionChars: instructions.length,
  };
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

await main();
