/**
 * Inventory benchmark.
 *
 * A synthetic monorepo: 200 skills (150 under .claude/skills, 50 under .agents/skills), 50 agents
 * (.claude/agents) and a settings.json with hooks, plus 100,000 unrelated files in 1,000 directories
 * under packages/. Measured, as the median of several runs on a warm cache:
 *
 * 1. `scanInventory` with the default roots on that tree, and the workspace calls it makes;
 * 2. the same scan on a copy of the asset roots without the unrelated files (the cost must not change),
 *    and on the monorepo through an uncontained workspace (the cost of per-call path containment);
 * 3. a full find-style crawl of the tree (recursive `readdir` with file types, in Node), and the
 *    `find` binary listing every file, as the lower bound of any approach that walks the tree.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --expose-gc --import tsx inventory/inventory-benchmark.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import {
  type AgentContext,
  librarySource,
  loadAgentContext,
  loadAgentContextInspect,
  loadAgentContextTesting,
} from '../src/library.js';

const skillCount = 200;
const agentCount = 50;
const unrelatedDirectories = 1_000;
const filesPerDirectory = 100;
const runs = 9;

/** The asset roots: skills with a reference file each, agents, settings. */
function writeAssets(root: string): void {
  for (let index = 0; index < skillCount; index += 1) {
    const name = `skill-${String(index).padStart(3, '0')}`;
    const folder = index < 150 ? '.claude' : '.agents';
    const description = `Handles task ${index}: use when the user asks about area ${index % 17}.`;
    writeFixtureFile(
      path.join(root, folder, 'skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: "${description}"\n---\n\n# ${name}\n\n${'Step by step guidance.\n'.repeat(40)}`,
    );
    writeFixtureFile(path.join(root, folder, 'skills', name, 'reference.md'), '# Reference\n');
  }
  for (let index = 0; index < agentCount; index += 1) {
    const name = `agent-${String(index).padStart(2, '0')}`;
    writeFixtureFile(
      path.join(root, '.claude', 'agents', `${name}.md`),
      `---\nname: ${name}\ndescription: Agent ${index}.\n---\nPrompt.\n`,
    );
  }
  const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] };
  writeFixtureFile(path.join(root, '.claude', 'settings.json'), JSON.stringify({ hooks }));
}

function writeUnrelated(root: string): void {
  for (let directory = 0; directory < unrelatedDirectories; directory += 1) {
    const folder = path.join(
      root,
      'packages',
      `package-${Math.floor(directory / 10)}`,
      'src',
      `module-${directory % 10}`,
    );
    mkdirSync(folder, { recursive: true });
    for (let file = 0; file < filesPerDirectory; file += 1) {
      writeFileSync(path.join(folder, `file-${file}.ts`), `export const value${file} = ${file};\n`);
    }
  }
}

/** Workspace calls of one scan, by method. */
async function countCalls(api: AgentContext, root: string) {
  const { recordingWorkspace } = await loadAgentContextTesting();
  const recording = recordingWorkspace(api.localWorkspace(root));
  await api.scanInventory({ workspace: recording });
  const byMethod: Record<string, number> = {};
  for (const call of recording.calls) byMethod[call.method] = (byMethod[call.method] ?? 0) + 1;
  const outsideRoots = recording.calls.filter((call) => call.path.includes('/packages/')).length;
  return { total: recording.calls.length, byMethod, outsideRoots };
}

/** A find-style crawl: every directory listed with file types, every entry counted. */
async function crawl(directory: string): Promise<number> {
  let entries = 0;
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    entries += 1;
    if (entry.isDirectory()) entries += await crawl(path.join(directory, entry.name));
  }
  return entries;
}

async function main(): Promise<void> {
  const api = await loadAgentContext();
  const base = await mkdtemp(path.join(tmpdir(), 'inventory-bench-'));
  try {
    const monorepo = path.join(base, 'monorepo');
    const assetsOnly = path.join(base, 'assets-only');
    writeAssets(monorepo);
    writeUnrelated(monorepo);
    writeAssets(assetsOnly);

    const scan = (root: string) => api.scanInventory({ workspace: api.localWorkspace(root) });
    const result = await scan(monorepo);
    const skills = result.roots.reduce((total, root) => total + root.skills.length, 0);
    const agents = result.roots.reduce((total, root) => total + root.agents.length, 0);
    const diagnostics = (await loadAgentContextInspect()).listInventoryDiagnostics(result).length;
    const monorepoCalls = await countCalls(api, monorepo);
    const assetsOnlyCalls = await countCalls(api, assetsOnly);

    let crawledEntries = 0;
    const findAvailable = spawnSync('find', ['--version'], { encoding: 'utf8' }).status === 0;
    const uncontained = () =>
      api.scanInventory({ workspace: api.localWorkspace(monorepo, { contained: false }) });
    const [
      scanMs = Number.NaN,
      scanAssetsOnlyMs = Number.NaN,
      uncontainedMs = Number.NaN,
      crawlMs = Number.NaN,
      findMs,
    ] = await interleavedMiddleValues(
      [
        () => scan(monorepo),
        () => scan(assetsOnly),
        uncontained,
        async () => {
          crawledEntries = await crawl(monorepo);
        },
        ...(findAvailable ? [() => spawnSync('find', [monorepo, '-type', 'f'], { maxBuffer: 1 << 28 })] : []),
      ],
      runs,
    );

    const report = {
      library: librarySource(),
      node: process.version,
      tree: { skills, agents, unrelatedFiles: unrelatedDirectories * filesPerDirectory, crawledEntries },
      diagnostics,
      scan: {
        medianMs: round(scanMs),
        assetsOnlyMedianMs: round(scanAssetsOnlyMs),
        uncontainedMedianMs: round(uncontainedMs),
        workspaceCalls: monorepoCalls.total,
        assetsOnlyWorkspaceCalls: assetsOnlyCalls.total,
        callsByMethod: monorepoCalls.byMethod,
        callsOutsideAssetRoots: monorepoCalls.outsideRoots,
      },
      crawl: {
        nodeReaddirMedianMs: round(crawlMs),
        findMedianMs: findMs === undefined ? null : round(findMs),
      },
      runs,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

await main();
