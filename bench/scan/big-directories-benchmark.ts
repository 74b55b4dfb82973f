/**
 * Big directories benchmark: the CLI commands that list many entries, each as a whole process, side by
 * side with a `find` that lists the same entries (the bare cost of walking them).
 *
 * Trees, written to a temporary directory and removed afterwards (`--entries`, default 100,000):
 * - offloaded: a project whose `.context` holds that many offloaded results
 *   (`agent-context offloaded` against `find .context -type f -name '*.txt' -printf '%s %T@ %f\n'`);
 * - offloaded --clean: the same results removed (`agent-context offloaded --clean --older-than 0s`
 *   against `find .context -delete`), the folder written again, untimed, before every run of either;
 * - commands: a project whose `.claude/commands` holds that many command files with a one-line
 *   description (`agent-context inventory` and `agent-context inspect` against
 *   `find .claude -name '*.md' -printf '%s %f\n'`, a walk that reads no file, and against
 *   `verified-read-floor.mjs`, a bare Node process that reads every one of the files the way a
 *   contained reader must: through the folder's descriptor, checked, whole; no parsing);
 *
 * Every pair runs alternated (`--runs`, default 3, plus one untimed warm-up of each), and the median
 * wall-clock milliseconds and their ratio are printed. The machine may be shared: ratios of one run
 * are the figure, not the milliseconds.
 *
 * Run from the bench directory after `npm run build` in the repository root:
 *   node --import tsx scan/big-directories-benchmark.ts [--entries 100000] [--runs 3] [--only NAME,NAME]
 *     [--before OTHER-CHECKOUT/dist/cli/main.js]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { middleValue } from '../src/harness/statistics.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const cli = path.join(repositoryRoot, 'dist/cli/main.js');
const bench = path.join(repositoryRoot, 'bench');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const entries = Number(option('entries', '100000'));
const runs = Number(option('runs', '3'));
/**
 * `--before PATH`: another build's `dist/cli/main.js` (a checkout of the commit before a change), run
 * as one more side of every row, so before and after are measured in one run. Default none.
 */
const before = option('before', '');
/** `--only NAME,NAME`: only these rows (e.g. `--only 'offloaded --clean'`). Default every row. */
const only = option('only', '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');

interface Pair {
  name: string;
  cwd: string;
  ours: string[];
  find: string[];
  /** A bare verified read of every file, when the command must read them all. */
  floor?: string[];
  /** Run (untimed) before every run of every side: for commands that remove what they measure. */
  prepare?: () => void;
}

/** Milliseconds of one whole process; a failed command fails the benchmark. */
function timeProcess(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0 && !(command === process.execPath && result.status === 1)) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return elapsed;
}

/** `.context` of `project` holding `entries` offloaded results of 100 bytes each. */
function writeOffloaded(project: string): void {
  mkdirSync(path.join(project, '.context'), { recursive: true });
  for (let index = 0; index < entries; index += 1) {
    writeFileSync(path.join(project, '.context', `bash-call_${index}.txt`), 'x'.repeat(100));
  }
}

function writeTrees(base: string): Pair[] {
  const offloaded = path.join(base, 'offloaded');
  mkdirSync(path.join(offloaded, '.git'), { recursive: true });
  writeOffloaded(offloaded);
  const cleaned = path.join(base, 'cleaned');
  mkdirSync(path.join(cleaned, '.git'), { recursive: true });
  const commands = path.join(base, 'commands');
  mkdirSync(path.join(commands, '.git'), { recursive: true });
  mkdirSync(path.join(commands, '.claude/commands'), { recursive: true });
  writeFileSync(path.join(commands, 'AGENTS.md'), 'Run the tests before you commit.\n');
  for (let index = 0; index < entries; index += 1) {
    writeFileSync(
      path.join(commands, '.claude/commands', `command-${index}.md`),
      `---\ndescription: Command number ${index}.\n---\nDo step ${index}.\n`,
    );
  }
  const findCommands = ['.claude', '-name', '*.md', '-printf', '%s %f\\n'];
  const floor = [path.join(bench, 'scan/verified-read-floor.mjs'), '.claude/commands'];
  return [
    {
      name: 'offloaded',
      cwd: offloaded,
      ours: [cli, 'offloaded'],
      find: ['.context', '-type', 'f', '-name', '*.txt', '-printf', '%s %T@ %f\\n'],
    },
    {
      name: 'offloaded --clean',
      cwd: cleaned,
      ours: [cli, 'offloaded', '--clean', '--older-than', '0s'],
      find: ['.context', '-delete'],
      prepare: () => writeOffloaded(cleaned),
    },
    { name: 'inventory', cwd: commands, ours: [cli, 'inventory'], find: findCommands, floor },
    { name: 'inspect', cwd: commands, ours: [cli, 'inspect'], find: findCommands, floor },
  ];
}

const base = await mkdtemp(path.join(tmpdir(), 'agent-context-big-directories-'));
try {
  const pairs = writeTrees(base);
  process.stdout.write(
    // The processor is named: the verified read's speed, and so every ratio to it, differs by machine.
    `big directories: ${entries.toLocaleString('en-US')} entries, ${runs} runs, load ${loadavg()[0]?.toFixed(1)}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown processor'}\n\n`,
  );
  process.stdout.write(
    before === ''
      ? '| command | agent-context ms | find ms | ratio | bare verified read ms | ratio to it |\n|---|---|---|---|---|---|\n'
      : '| command | agent-context ms | find ms | ratio | bare verified read ms | ratio to it | before ms | before: ratio to find | before: ratio to the read |\n|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const pair of pairs.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
    const sides: { command: string; args: string[]; times: number[] }[] = [
      { command: process.execPath, args: pair.ours, times: [] },
      { command: 'find', args: pair.find, times: [] },
    ];
    if (pair.floor) sides.push({ command: process.execPath, args: pair.floor, times: [] });
    const beforeSide = {
      command: process.execPath,
      args: [before, ...pair.ours.slice(1)],
      times: [] as number[],
    };
    if (before !== '') sides.push(beforeSide);
    for (const side of sides) {
      pair.prepare?.();
      timeProcess(side.command, side.args, pair.cwd);
    }
    // Alternated: each round starts with the next side, so no side always runs first.
    for (let round = 0; round < runs; round += 1) {
      for (let turn = 0; turn < sides.length; turn += 1) {
        const side = sides[(round + turn) % sides.length];
        pair.prepare?.();
        if (side) side.times.push(timeProcess(side.command, side.args, pair.cwd));
      }
    }
    const [oursMs, findMs] = sides.map((side) => middleValue(side.times));
    const floorMs = pair.floor ? middleValue(sides[2]!.times) : undefined;
    if (oursMs === undefined || findMs === undefined) throw new Error('no times');
    const floorColumns =
      floorMs === undefined ? '- | -' : `${floorMs.toFixed(0)} | ${(oursMs / floorMs).toFixed(1)}x`;
    const beforeMs = before === '' ? undefined : middleValue(beforeSide.times);
    const beforeColumns =
      beforeMs === undefined
        ? ''
        : ` ${beforeMs.toFixed(0)} | ${(beforeMs / findMs).toFixed(1)}x | ${floorMs === undefined ? '-' : `${(beforeMs / floorMs).toFixed(1)}x`} |`;
    process.stdout.write(
      `| ${pair.name} | ${oursMs.toFixed(0)} | ${findMs.toFixed(0)} | ${(oursMs / findMs).toFixed(1)}x | ${floorColumns} |${beforeColumns}\n`,
    );
  }
} finally {
  await rm(base, { recursive: true, force: true });
}
