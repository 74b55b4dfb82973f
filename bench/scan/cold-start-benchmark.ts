/**
 * Cold start benchmark: what a process pays to start with agent-context, against a bare `node -e 0`.
 *
 * Timed, each as a whole process, alternated over the rounds (`--runs`, default 20, plus one untimed
 * warm-up of each):
 * - `node -e 0`, the bare start of Node;
 * - a module that only imports the built package (`import('agent-context')`);
 * - `agent-context --help`;
 * - `agent-context render` on a repository of plain Markdown instruction files (two levels).
 * The median wall-clock milliseconds and each ratio to `node -e 0` are printed. These processes are
 * single-threaded and short, so on a quiet machine wall-clock time is their CPU time; on a shared
 * machine trust the ratios of one run, not the milliseconds. Also printed: how many more Node
 * internal modules each loads than `node -e 0` (a count that does not depend on the load).
 *
 * Run from the bench directory after `npm run build` in the repository root:
 *   node --import tsx scan/cold-start-benchmark.ts [--runs 20]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { middleValue } from '../src/harness/statistics.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const cli = path.join(repositoryRoot, 'dist/cli/main.js');
const entry = path.join(repositoryRoot, 'dist/index.js');
const index = process.argv.indexOf('--runs');
const runs = index >= 0 ? Number(process.argv[index + 1] ?? '20') : 20;

interface Side {
  name: string;
  args: string[];
  times: number[];
}

function timeProcess(args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/** Internal modules loaded while running `args` (after the probe's own), counted at exit. */
function internalModules(args: string[], cwd: string): number {
  const probe = `const bare = process.moduleLoadList.length;
process.on('exit', () => process.stderr.write('modules ' + (process.moduleLoadList.length - bare) + '\\n'));`;
  const result = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, ...args],
    {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  return Number(/modules (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN);
}

const base = await mkdtemp(path.join(tmpdir(), 'agent-context-cold-start-'));
try {
  const repository = path.join(base, 'repository');
  mkdirSync(path.join(repository, '.git'), { recursive: true });
  mkdirSync(path.join(repository, 'packages/app'), { recursive: true });
  writeFileSync(path.join(repository, 'AGENTS.md'), '# Rules\n\nRun the tests before you commit.\n');
  writeFileSync(path.join(repository, 'CLAUDE.md'), 'Use two spaces.\n');
  writeFileSync(path.join(repository, 'packages/app/AGENTS.md'), 'The app package.\n');
  const importer = path.join(base, 'import-package.mjs');
  writeFileSync(importer, `await import(${JSON.stringify(pathToFileURL(entry).href)});\n`);
  const sides: Side[] = [
    { name: '`node -e 0`', args: ['-e', '0'], times: [] },
    { name: "`import('agent-context')`", args: [importer], times: [] },
    { name: '`agent-context --help`', args: [cli, '--help'], times: [] },
    { name: '`agent-context render` (Markdown only)', args: [cli, 'render', 'packages/app'], times: [] },
  ];
  for (const side of sides) timeProcess(side.args, repository);
  for (let round = 0; round < runs; round += 1) {
    for (let turn = 0; turn < sides.length; turn += 1) {
      const side = sides[(round + turn) % sides.length];
      if (side) side.times.push(timeProcess(side.args, repository));
    }
  }
  process.stdout.write(
    `cold start: ${runs} runs, load ${loadavg()[0]?.toFixed(1)}, Node ${process.version}\n\n` +
      '| process | median ms | vs `node -e 0` | internal modules beyond `node -e 0` |\n|---|---|---|---|\n',
  );
  const bare = middleValue(sides[0]?.times ?? []);
  const bareModules = internalModules(sides[0]?.args ?? [], repository);
  for (const side of sides) {
    const milliseconds = middleValue(side.times);
    process.stdout.write(
      `| ${side.name} | ${milliseconds.toFixed(1)} | ${(milliseconds / bare).toFixed(2)}x | ${internalModules(side.args, repository) - bareModules} |\n`,
    );
  }
} finally {
  await rm(base, { recursive: true, force: true });
}
