import { join } from 'node:path';
import type { BenchSize } from '../../bench-options.js';
import { generateRepository } from '../../generator/generate-repository.js';
import type { RepositoryPlan } from '../../generator/plan-repository.js';
import { installFilesystemCounter } from '../../harness/filesystem-counter.js';
import { microsecondsSince, now, runAlternating } from '../../harness/run-alternating.js';
import { median, round } from '../../harness/statistics.js';
import { loadAgentContext } from '../../library.js';
import type { ComparisonReport } from '../../report/comparison-report.js';
import { formatNumber, formatRatio } from '../../report/table.js';
import { crawlAssetRoots, statInstructionCandidates } from './plain-crawls.js';

/** One operation measured against its lower bound. */
interface Operation {
  name: string;
  calls: string;
  /** Runs the operation once; resolves to the number of files it found (to check both did the same job). */
  run(): Promise<number>;
}

/** The figures of one operation. */
export interface OperationResult {
  operation: string;
  calls: string;
  rounds: number;
  /** Timed runs over all rounds. */
  iterations: number;
  medianMicroseconds: number;
  filesystemCalls: number;
  filesFound: number;
}

/** Per round, each operation runs at least this many times, then until the time budget is spent. */
const iterationBounds = { minimum: 5, maximum: 50, budgetMicroseconds: 1_500_000 };

/**
 * Comparison 4, lower bounds: agent-context's inventory scan against a bare crawl of the same asset
 * roots, and its walk-up discovery against the bare `stat`/`readFile` calls the walk needs. Each
 * operation runs 5 to 50 times per round (until 1.5 s are spent; median per round, median of
 * rounds), alternating with its bound; file-system calls come from one counted run.
 */
export async function compareLowerBounds(size: BenchSize): Promise<ComparisonReport> {
  const library = await loadAgentContext();
  const repository = generateRepository({
    seed: 404,
    packages: 6,
    directories: 300,
    instructionFiles: 80,
    otherFiles: 3_000,
    skills: 240,
    agents: 60,
  });
  try {
    const { root } = repository;
    const cwd = join(root, deepestInstructedDirectory(repository));
    const pairs: Array<[Operation, Operation]> = [
      [
        {
          name: 'agent-context scanInventory',
          calls: '`scanInventory({ workspace: localWorkspace(root) })`',
          run: async () => {
            const result = await library.scanInventory({ workspace: library.localWorkspace(root) });
            return result.roots.reduce(
              (sum, item) => sum + item.skills.length + item.agents.length + (item.settings ? 1 : 0),
              0,
            );
          },
        },
        {
          name: 'bare crawl of the asset roots',
          calls:
            'node:fs/promises `readdir` of the roots, `skills/` (depth 8) and `agents/`, `readFile` of each asset',
          run: async () => (await crawlAssetRoots(root)).files,
        },
      ],
      [
        {
          name: 'agent-context discoverInstructions',
          calls:
            '`discoverInstructions({ workspace: localWorkspace(root, { cwd }) })` from a directory 10 levels deep',
          run: async () =>
            (await library.discoverInstructions({ workspace: library.localWorkspace(root, { cwd }) })).items
              .length,
        },
        {
          name: 'bare stat + readFile of the candidates',
          calls:
            'node:fs/promises `stat` of `.git` up to the root, `stat` of AGENTS.md and CLAUDE.md per directory, `readFile` per file',
          run: async () => (await statInstructionCandidates(root, cwd)).files,
        },
      ],
    ];
    const results: OperationResult[][] = [];
    for (const pair of pairs) results.push(await measurePair(pair, size.rounds));
    return {
      name: 'bounds',
      title: `Lower bounds: ${repository.skills.length} skills and ${repository.agents.length} agents; a walk-up from ${repository.shape.maxDepth} levels deep`,
      data: { skills: repository.skills.length, agents: repository.agents.length, results },
      tables: [
        {
          columns: ['operation', 'median µs', 'vs bound', 'fs calls', 'files found'],
          rows: results.flatMap(([measured, bound]) =>
            [measured, bound].map((result) => [
              result?.operation ?? '',
              formatNumber(result?.medianMicroseconds),
              formatRatio(result && bound ? result.medianMicroseconds / bound.medianMicroseconds : undefined),
              formatNumber(result?.filesystemCalls),
              formatNumber(result?.filesFound),
            ]),
          ),
        },
      ],
      notes: [],
    };
  } finally {
    repository.remove();
  }
}

async function measurePair(pair: [Operation, Operation], rounds: number): Promise<OperationResult[]> {
  const timing = await runAlternating(
    pair.map((operation) => ({
      name: operation.name,
      run: async () => {
        const times: number[] = [];
        let spent = 0;
        while (
          times.length < iterationBounds.minimum ||
          (times.length < iterationBounds.maximum && spent < iterationBounds.budgetMicroseconds)
        ) {
          const start = now();
          await operation.run();
          times.push(microsecondsSince(start));
          spent += times.at(-1) ?? 0;
        }
        return { median: median(times), iterations: times.length };
      },
    })),
    rounds,
  );
  const results: OperationResult[] = [];
  for (const operation of pair) {
    const counter = installFilesystemCounter();
    let filesFound: number;
    try {
      filesFound = await operation.run();
    } finally {
      counter.uninstall();
    }
    const rounds = timing.get(operation.name) ?? [];
    results.push({
      operation: operation.name,
      calls: operation.calls,
      rounds: rounds.length,
      iterations: rounds.reduce((sum, item) => sum + item.iterations, 0),
      medianMicroseconds: round(median(rounds.map((item) => item.median))),
      filesystemCalls: counter.total(),
      filesFound,
    });
  }
  return results;
}

/** The deepest source directory with the most instruction files on its way up (ties: the first). */
function deepestInstructedDirectory(plan: RepositoryPlan): string {
  const instructed = new Set(plan.instructionFiles.map((path) => path.slice(0, path.lastIndexOf('/'))));
  let best = plan.sourceDirectories[0] ?? '.';
  let bestScore = -1;
  for (const directory of plan.sourceDirectories) {
    const segments = directory.split('/');
    let score = segments.length * 100;
    for (let length = 1; length <= segments.length; length += 1) {
      if (instructed.has(segments.slice(0, length).join('/'))) score += 1;
    }
    if (score > bestScore) {
      best = directory;
      bestScore = score;
    }
  }
  return best;
}
