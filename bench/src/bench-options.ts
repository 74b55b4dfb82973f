import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The comparisons, in the order they run and are reported. */
export const comparisonNames = ['nested', 'offload', 'cache', 'bounds'] as const;
export type ComparisonName = (typeof comparisonNames)[number];

/** Sizes of a benchmark run. `full` is the size the report quotes. */
export interface BenchSize {
  name: 'full' | 'small';
  /** Comparison 1's tree. */
  directories: number;
  packages: number;
  instructionFiles: number;
  otherFiles: number;
  /** Touch events of comparison 1. */
  events: number;
  /** Alternating rounds of every comparison. */
  rounds: number;
  /** Mastra's longer histories: timed events and (for 1,000 calls) warm-up length. */
  mastraTwentyEvents: number;
  mastraThousandEvents: number;
  mastraThousandWarmUp: number;
}

const sizes: Record<BenchSize['name'], BenchSize> = {
  full: {
    name: 'full',
    directories: 2_000,
    packages: 40,
    instructionFiles: 300,
    otherFiles: 100_000,
    events: 5_000,
    rounds: 5,
    mastraTwentyEvents: 1_000,
    mastraThousandEvents: 40,
    mastraThousandWarmUp: 1_000,
  },
  small: {
    name: 'small',
    directories: 200,
    packages: 8,
    instructionFiles: 30,
    otherFiles: 2_000,
    events: 500,
    rounds: 2,
    mastraTwentyEvents: 100,
    mastraThousandEvents: 5,
    mastraThousandWarmUp: 100,
  },
};

/** Parsed command line of `npm run bench`. */
export interface BenchOptions {
  size: BenchSize;
  only: ComparisonName[];
  /** Where results JSON and the chart go. */
  outputDirectory: string;
  /** Rewrite the results block of bench/README.md (full size, default output directory only). */
  updateReport: boolean;
  /** Also run the feature engineers' scripts (`bench/<feature>/*-benchmark.ts`). */
  features: boolean;
}

const usage = `Usage: bench [--size full|small] [--only ${comparisonNames.join(',')}] [--rounds N] [--out DIRECTORY] [--features]
  --size      full (default; the figures the report quotes) or small (quick, for development)
  --only      a comma-separated subset of the comparisons
  --rounds    alternating rounds per comparison (default: 5 full, 2 small)
  --out       results directory (default: bench/results for full, a temporary directory for small)
  --features  also run the per-feature scripts in bench/<feature>/ (minutes; output in <out>/features/)`;

/** Parse the bench's arguments; prints usage and exits on `--help` or a bad argument. */
export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: 'string', default: 'full' },
      only: { type: 'string' },
      rounds: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
      features: { type: 'boolean', default: false },
    },
  });
  const fail = (message: string): never => {
    process.stderr.write(`${message}\n${usage}\n`);
    process.exit(message === '' ? 0 : 1);
  };
  if (values.help) fail('');
  const size = sizes[values.size as BenchSize['name']] ?? fail(`unknown size: ${values.size}`);
  const only = (values.only?.split(',') ?? [...comparisonNames]).map((name) =>
    (comparisonNames as readonly string[]).includes(name)
      ? (name as ComparisonName)
      : fail(`unknown comparison: ${name}`),
  );
  const rounds = values.rounds === undefined ? size.rounds : Number.parseInt(values.rounds, 10);
  if (!Number.isInteger(rounds) || rounds < 1)
    fail(`--rounds must be a positive integer, got ${values.rounds}`);
  const defaultOutput =
    size.name === 'full'
      ? fileURLToPath(new URL('../results', import.meta.url))
      : join(tmpdir(), 'agent-context-bench-results');
  return {
    size: { ...size, rounds },
    only,
    outputDirectory: values.out ?? defaultOutput,
    updateReport: size.name === 'full' && values.out === undefined,
    features: values.features === true,
  };
}
