/**
 * Files rules on touch: what path-scoped rules cost per touch. The nested-discovery replay (the tree
 * and the 5,000 touches of comparison 1) runs through `nestedInstructions({ filenames: ['AGENTS.md',
 * 'CLAUDE.md'] })` (the same names in every configuration) with 0, 100 and 500
 * `files` rules at the repository root (Claude Code `paths`, Cursor `globs`, Copilot `applyTo`, in
 * turn; see `planRules`), and once with rules not read at all (`formats: []`), alternating over rounds.
 *
 * Per configuration: the median and mean touch time (median over rounds), the 99th percentile, the
 * run start (where the rules are read and their globs compiled), workspace and node:fs calls per
 * touch from a separate counting run, and the touches whose call counts differ from the run with 0
 * rules (the claim: matching adds no file-system call). Every touch's nested files and rules are
 * checked against the bench's own truth (`expectedSurfacing`, `expectedRuleDeliveries`).
 *
 * Run from the repository root (builds the library, installs the bench):
 *   npm run bench -- --only nested --features      (every feature script, this one included)
 * or, after `npm run build` and `npm --prefix bench ci`, from bench/:
 *   node --expose-gc --import tsx rules/rules-touch-benchmark.ts [--size small] [--rounds N]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { expectedSurfacing } from '../src/generator/expected-surfacing.js';
import { generateRepository } from '../src/generator/generate-repository.js';
import { expectedRuleDeliveries, type PlannedRule, planRules } from '../src/generator/plan-rules.js';
import { generateTouchEvents, type TouchEvent } from '../src/generator/touch-events.js';
import { installFilesystemCounter } from '../src/harness/filesystem-counter.js';
import { describeMachine } from '../src/harness/machine.js';
import { microsecondsSince, now, runAlternating } from '../src/harness/run-alternating.js';
import { mean, median, percentile } from '../src/harness/statistics.js';
import { librarySource, loadAgentContext, loadAgentContextTesting } from '../src/library.js';
import { formatNumber, formatRatio, formatTable } from '../src/report/table.js';

const sizes = {
  full: {
    packages: 40,
    directories: 2_000,
    instructionFiles: 300,
    otherFiles: 100_000,
    events: 5_000,
    rounds: 5,
  },
  small: { packages: 8, directories: 200, instructionFiles: 30, otherFiles: 2_000, events: 500, rounds: 2 },
};
/** The seeds of comparison 1, so the tree and the touches are the same replay. */
const seeds = { repository: 20_260_101, events: 7, rules: 3 };

const { values } = parseArgs({
  options: { size: { type: 'string', default: 'full' }, rounds: { type: 'string' } },
});
const sizeName = values.size === 'small' ? 'small' : 'full';
const size = sizes[sizeName];
const rounds = values.rounds === undefined ? size.rounds : Number.parseInt(values.rounds, 10);

interface Configuration {
  name: string;
  rules: PlannedRule[];
  /** `formats: []`: the rules are not read at all. */
  rulesOff?: boolean;
}

interface Replay {
  latencies: number[];
  runStartMicroseconds: number;
  workspaceCalls: number[];
  filesystemCalls: number[];
  nested: string[][];
  rules: string[][];
}

const library = await loadAgentContext();
const testing = await loadAgentContextTesting();
const ruleFolders = ['.claude/rules', '.cursor/rules', '.github/instructions'];

/** Replace the rule files at the root with a configuration's (untimed; touches never read them). */
function writeRules(root: string, rules: readonly PlannedRule[]): void {
  for (const folder of ruleFolders) rmSync(join(root, folder), { recursive: true, force: true });
  for (const rule of rules) {
    mkdirSync(dirname(join(root, rule.path)), { recursive: true });
    writeFileSync(join(root, rule.path), rule.text);
  }
}

/** One fresh session replaying every touch, the way an adapter reports a host's tool calls. */
async function replay(
  root: string,
  configuration: Configuration,
  events: readonly TouchEvent[],
  counting: boolean,
) {
  writeRules(root, configuration.rules);
  const workspace = testing.recordingWorkspace(library.localWorkspace(root));
  const session = library.createContextSession({
    workspace,
    // The same two file names in every configuration, so only the rules differ between them.
    capabilities: [
      library.nestedInstructions({
        filenames: ['AGENTS.md', 'CLAUDE.md'],
        ...(configuration.rulesOff ? { formats: [] } : {}),
      }),
    ],
  });
  let nested: string[] = [];
  let rules: string[] = [];
  session.on((event) => {
    if (event.type !== 'loaded' || event.path === undefined) return;
    if (event.reason === 'nested') nested.push(event.path);
    if (event.reason === 'rule') rules.push(event.path);
  });
  const started = now();
  await session.startRun();
  const result: Replay = {
    latencies: [],
    runStartMicroseconds: microsecondsSince(started),
    workspaceCalls: [],
    filesystemCalls: [],
    nested: [],
    rules: [],
  };
  const counter = counting ? installFilesystemCounter() : undefined;
  try {
    for (const [index, event] of events.entries()) {
      nested = [];
      rules = [];
      const workspaceBefore = workspace.calls.length;
      counter?.reset();
      const start = now();
      await session.afterToolCall(
        {
          id: `call_${index}`,
          toolName: event.kind === 'directory' ? 'list_directory' : 'read_file',
          input: { path: join(root, event.path) },
        },
        { output: 'ok', isError: false },
      );
      result.latencies.push(microsecondsSince(start));
      result.workspaceCalls.push(workspace.calls.length - workspaceBefore);
      if (counter) result.filesystemCalls.push(counter.total());
      result.nested.push(nested);
      result.rules.push([...rules].sort());
    }
  } finally {
    counter?.uninstall();
  }
  return result;
}

const wrongEvents = (answers: string[][], truth: string[][]) =>
  answers.filter((answer, index) => answer.join('\n') !== (truth[index] ?? []).join('\n')).length;
const differingEvents = (counts: number[], reference: number[]) =>
  counts.filter((count, index) => count !== reference[index]).length;

const machine = describeMachine();
const started = Date.now();
const repository = generateRepository({
  seed: seeds.repository,
  packages: size.packages,
  directories: size.directories,
  instructionFiles: size.instructionFiles,
  otherFiles: size.otherFiles,
  maxDepth: 10,
});
try {
  const events = generateTouchEvents(repository, { count: size.events, seed: seeds.events });
  const nestedTruth = expectedSurfacing(repository, events);
  const configurations: Configuration[] = [
    { name: 'rules not read (formats: [])', rules: [], rulesOff: true },
    { name: '0 files rules', rules: [] },
    { name: '100 files rules', rules: planRules(repository, { count: 100, seed: seeds.rules }) },
    { name: '500 files rules', rules: planRules(repository, { count: 500, seed: seeds.rules }) },
  ];
  const counted = new Map<string, Replay>();
  for (const configuration of configurations)
    counted.set(configuration.name, await replay(repository.root, configuration, events, true));
  const timing = await runAlternating(
    configurations.map((configuration) => ({
      name: configuration.name,
      run: () => replay(repository.root, configuration, events, false),
    })),
    rounds,
  );
  const reference = counted.get('0 files rules')!;
  const figures = configurations.map((configuration) => {
    const count = counted.get(configuration.name)!;
    const timed = timing.get(configuration.name) ?? [];
    const ruleTruth = expectedRuleDeliveries(configuration.rules, events);
    return {
      name: configuration.name,
      median: median(timed.map((round) => median(round.latencies))),
      mean: median(timed.map((round) => mean(round.latencies))),
      p99: percentile(
        timed.flatMap((round) => round.latencies),
        0.99,
      ),
      runStart: median(timed.map((round) => round.runStartMicroseconds)) / 1_000,
      workspaceCalls: mean(count.workspaceCalls),
      filesystemCalls: mean(count.filesystemCalls),
      differing:
        differingEvents(count.workspaceCalls, reference.workspaceCalls) +
        differingEvents(count.filesystemCalls, reference.filesystemCalls),
      rulesDelivered: count.rules.flat().length,
      wrong: wrongEvents(count.nested, nestedTruth) + wrongEvents(count.rules, ruleTruth),
    };
  });
  const none = figures.find((figure) => figure.name === '0 files rules')!;
  const table = {
    columns: [
      'configuration',
      'median µs',
      'mean µs',
      'p99 µs',
      'run start ms',
      'workspace calls/touch',
      'fs calls/touch',
      'touches with other call counts',
      'rules delivered',
      'median vs 0 rules',
      'wrong touches',
    ],
    rows: figures.map((figure) => [
      figure.name,
      formatNumber(figure.median),
      formatNumber(figure.mean),
      formatNumber(figure.p99),
      formatNumber(figure.runStart),
      formatNumber(figure.workspaceCalls),
      formatNumber(figure.filesystemCalls),
      formatNumber(figure.differing),
      formatNumber(figure.rulesDelivered),
      formatRatio(figure.median / none.median),
      `${figure.wrong} / ${events.length}`,
    ]),
  };
  const most = figures.at(-1)!;
  const ratio = most.median / none.median;
  process.stdout.write(
    `Files rules on touch: ${formatNumber(events.length)} touches, ${formatNumber(repository.sourceDirectories.length)} directories, ${repository.instructionFiles.length} instruction files, ${formatNumber(repository.otherFiles.length)} other files (${sizeName} size, ${rounds} rounds)\n\n${formatTable(table)}\n\n`,
  );
  process.stdout.write(
    `- 500 rules against 0: median ${formatRatio(ratio)} (${ratio <= 2 ? 'within' : 'NOT within'} 2x), mean ${formatRatio(most.mean / none.mean)}.\n` +
      `- Touches whose workspace or node:fs call count differs from the run with 0 rules: ${figures.map((figure) => `${figure.name} ${figure.differing}`).join(', ')}.\n` +
      `- Library from ${librarySource()}; ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverage.toFixed(1)} at start; ${((Date.now() - started) / 1_000).toFixed(0)} s.\n`,
  );
} finally {
  repository.remove();
}
