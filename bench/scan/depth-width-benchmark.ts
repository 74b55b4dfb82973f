/**
 * Depth and width benchmark: what `agent-context inspect` and `agent-context inventory` cost on a very
 * wide directory and on a very deep tree.
 *
 * Trees, written to a temporary directory and removed afterwards:
 * - wide: a project root (`.git`, `AGENTS.md`, one skill under `.claude/skills`) that is also the
 *   working directory and holds 100,000 unrelated files;
 * - deep: a project root (`.git`, `AGENTS.md`, one skill) with a chain of nested directories, each
 *   holding one unrelated file, and `AGENTS.md` in the bottom one, the working directory. Depths 60,
 *   120 and 240 show how the cost grows with depth (linear, or quadratic when every path check walks
 *   from the root again); a deeper chain is refused, since a workspace path has at most 256 segments
 *   (docs/limits.md).
 *
 * Measured for each tree, in one process: `inspectInstructions` (what `inspect` computes: rules and
 * instructions) and `scanInventory` (what `inventory` computes), median milliseconds of `--runs` runs
 * (a run over 30 s is measured once), the node:fs calls of one run by function, and the directories
 * each lists. Then each command end to end as a child process (`node dist/cli/main.js inspect|inventory`,
 * one run), next to `--version` (the process start alone).
 *
 * Run from the bench directory after `npm run build` in the repository root:
 *   node --expose-gc --import tsx scan/depth-width-benchmark.ts [--depths 60,120,240] [--width 100000] [--runs 5]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { installFilesystemCounter } from '../src/harness/filesystem-counter.js';
import { middleValue } from '../src/harness/statistics.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import { librarySource, loadAgentContext, loadAgentContextTesting } from '../src/library.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const depths = option('depths', '60,120,240').split(',').map(Number);
const width = Number(option('width', '100000'));
const runs = Number(option('runs', '5'));

/** `.git`, `AGENTS.md` and one skill: what makes `directory` a project root with a setup. */
function writeProjectRoot(directory: string): void {
  mkdirSync(path.join(directory, '.git'), { recursive: true });
  writeFixtureFile(path.join(directory, 'AGENTS.md'), 'Run the tests before you commit.\n');
  writeFixtureFile(
    path.join(directory, '.claude/skills/release/SKILL.md'),
    '---\nname: release\ndescription: Cuts a release.\n---\nTag, build, publish.\n',
  );
}

/** The wide tree; returns the working directory. */
function writeWide(base: string): string {
  const root = path.join(base, 'wide');
  writeProjectRoot(root);
  for (let index = 0; index < width; index += 1) writeFileSync(path.join(root, `entry-${index}.txt`), '');
  return root;
}

/** A deep tree; returns the working directory (the bottom of the chain). */
function writeDeep(base: string, depth: number): string {
  const root = path.join(base, `deep-${depth}`);
  writeProjectRoot(root);
  let directory = root;
  for (let level = 0; level < depth; level += 1) {
    directory = path.join(directory, `d${level}`);
    writeFixtureFile(path.join(directory, 'notes.txt'), `level ${level}\n`);
  }
  writeFixtureFile(path.join(directory, 'AGENTS.md'), 'The deepest rules.\n');
  return directory;
}

interface Measured {
  medianMs: number;
  /** Median processor time (user and system) of a run: steadier than wall time on a shared machine. */
  medianCpuMs: number;
  runs: number;
  /** node:fs calls of one run, by function. */
  filesystemCalls: Record<string, number>;
}

/** Median time of `task` and the node:fs calls of one run (counted in a run of its own). */
async function measure(task: () => Promise<unknown>): Promise<Measured> {
  const counter = installFilesystemCounter();
  try {
    await task();
  } finally {
    counter.uninstall();
  }
  const filesystemCalls = Object.fromEntries(
    [...counter.counts].sort(([left], [right]) => left.localeCompare(right)),
  );
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await task();
    const cpu = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1_000);
    if ((times[0] ?? 0) > 30_000) break;
  }
  return {
    medianMs: round(middleValue(times)),
    medianCpuMs: round(middleValue(cpuTimes)),
    runs: times.length,
    filesystemCalls,
  };
}

/** Wall milliseconds of one CLI command run in `directory`, and its exit code. */
function cli(directory: string, command: string[]): { ms: number; exitCode: number | null } {
  const start = performance.now();
  const child = spawnSync(process.execPath, [path.join(repositoryRoot, 'dist/cli/main.js'), ...command], {
    cwd: directory,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { ms: round(performance.now() - start), exitCode: child.status };
}

type Library = Awaited<ReturnType<typeof loadAgentContext>>;
type InspectInstructions = (options: { directory: string }) => Promise<unknown>;

/** `inspectInstructions`, from `agent-context/inspect` (or the main entry of builds that had no such subpath). */
async function loadInspectInstructions(api: Library): Promise<InspectInstructions> {
  const inMain = (api as unknown as { inspectInstructions?: InspectInstructions }).inspectInstructions;
  if (inMain) return inMain;
  const file = librarySource() === 'src' ? 'src/inspect.ts' : 'dist/inspect.js';
  const inspect = (await import(new URL(`../../${file}`, import.meta.url).href)) as {
    inspectInstructions: InspectInstructions;
  };
  return inspect.inspectInstructions;
}

/** The directories one inventory scan lists, relative to the project root. */
async function listedByInventory(api: Library, root: string, directory: string): Promise<string[]> {
  const inMain = (
    api as unknown as {
      recordingWorkspace?: Awaited<ReturnType<typeof loadAgentContextTesting>>['recordingWorkspace'];
    }
  ).recordingWorkspace;
  const recordingWorkspace = inMain ?? (await loadAgentContextTesting()).recordingWorkspace;
  const recording = recordingWorkspace(api.localWorkspace(root, { cwd: directory }));
  await api.scanInventory({ workspace: recording });
  return recording.calls
    .filter((call) => call.method === 'readdir')
    .map((call) => path.relative(root, call.path) || '.');
}

async function main(): Promise<void> {
  const api = await loadAgentContext();
  const inspectInstructions = await loadInspectInstructions(api);
  const base = await mkdtemp(path.join(tmpdir(), 'depth-width-bench-'));
  try {
    const started = performance.now();
    const cases = [
      { name: `wide (${width} entries)`, root: path.join(base, 'wide'), directory: writeWide(base) },
      ...depths.map((depth) => ({
        name: `deep (${depth} levels)`,
        root: path.join(base, `deep-${depth}`),
        directory: writeDeep(base, depth),
      })),
    ];
    const writeSeconds = round((performance.now() - started) / 1_000);
    const processStart = cli(base, ['--version']);
    const results: Record<string, unknown> = {};
    for (const { name, root, directory } of cases) {
      const workspace = () => api.localWorkspace(root, { cwd: directory });
      results[name] = {
        inspectInstructions: await measure(() => inspectInstructions({ directory })),
        scanInventory: await measure(() => api.scanInventory({ workspace: workspace() })),
        inventoryListed: await listedByInventory(api, root, directory),
        cli: { inspect: cli(directory, ['inspect']), inventory: cli(directory, ['inventory']) },
      };
      process.stderr.write(`${name}: done\n`);
    }
    const report = {
      library: librarySource(),
      node: process.version,
      loadAverage: loadavg().map(round),
      writeSeconds,
      cliProcessStartMs: processStart.ms,
      runs,
      results,
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
