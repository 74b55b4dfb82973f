import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll } from 'vitest';
import { repositoryRoot } from './cli.js';

/** What {@link runWithDeadline} saw of its child. */
export interface DeadlineRun<Result> {
  /** True when the body returned before the deadline and the child exited normally. */
  finished: boolean;
  /** What the body returned (JSON round trip), when it finished. */
  result?: Result;
  /** Time the body took (not `setup`), measured in the child. */
  elapsedMs?: number;
  /** Longest time the child's event loop went without running a 5 ms interval timer, during the body. */
  longestStallMs?: number;
  /** How the child ended: `killed at the deadline`, `signal SIGABRT`, `exit 1`, `exit 0`. */
  ending: string;
  stderr: string;
}

/** Options of {@link runWithDeadline}. */
export interface DeadlineOptions {
  /** Import lines of the body, paths relative to the repository root (`import { x } from 'src/a.ts'`). */
  imports: string[];
  /**
   * The body of an async function run first, outside what is measured (building a session, a run
   * start); its return value is `prepared` in `body`. Default: none.
   */
  setup?: string;
  /**
   * The body of an async function, the part measured (`elapsedMs`, `longestStallMs`); its return
   * value is the result. `input` holds `options.input`, `prepared` what `setup` returned.
   */
  body: string;
  /** JSON data the body reads as `input`. */
  input?: unknown;
  /** Time after which the child is killed (SIGKILL) and the run counts as not finished. */
  deadlineMs: number;
  /** Extra arguments for node (`--max-old-space-size=256`). */
  nodeArguments?: string[];
}

const bundles = new Map<string, Promise<string>>();
const cacheDirectory = path.join(repositoryRoot, 'node_modules', '.cache', 'agent-context-tests');
let bundleDirectory: Promise<string> | undefined;

afterAll(async () => {
  if (bundleDirectory !== undefined) await rm(await bundleDirectory, { recursive: true, force: true });
  bundleDirectory = undefined;
  bundles.clear();
});

/**
 * Run library code in a child process with a deadline, the way the hostile-input tests check a time
 * budget without timing the test's own thread: the child bundles the body with the library sources,
 * runs it while an interval timer measures how long its event loop went unserved, and reports. A
 * body that backtracks, loops or aborts the process cannot take the test runner with it: the child
 * is killed at the deadline, and an abort shows as `signal SIGABRT`.
 */
export async function runWithDeadline<Result>(options: DeadlineOptions): Promise<DeadlineRun<Result>> {
  const script = await bundle(options);
  const inputFile = `${script}.${Math.random().toString(36).slice(2)}.json`;
  await writeFile(inputFile, JSON.stringify(options.input ?? null));
  const child = spawn(process.execPath, [...(options.nodeArguments ?? []), script, inputFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, options.deadlineMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  clearTimeout(timer);
  await rm(inputFile, { force: true });
  const ending = killed ? 'killed at the deadline' : signal !== null ? `signal ${signal}` : `exit ${code}`;
  if (killed || code !== 0) return { finished: false, ending, stderr };
  const report = JSON.parse(stdout) as { result: Result; elapsedMs: number; longestStallMs: number };
  return { finished: true, ending, stderr, ...report };
}

async function bundle(options: DeadlineOptions): Promise<string> {
  const source = [
    ...options.imports.map((line) =>
      line.replace(/from '(src\/[^']+)'/, (_, file: string) => `from '${path.join(repositoryRoot, file)}'`),
    ),
    "import { readFileSync as readInputFile } from 'node:fs';",
    'const input = JSON.parse(readInputFile(process.argv[2], "utf8"));',
    `const prepared = await (async () => {\n${options.setup ?? ''}\n})();`,
    'let lastTick = performance.now();',
    'let longestStallMs = 0;',
    'const ticker = setInterval(() => {',
    '  const now = performance.now();',
    '  longestStallMs = Math.max(longestStallMs, now - lastTick);',
    '  lastTick = now;',
    '}, 5);',
    'const started = performance.now();',
    `const result = await (async () => {\n${options.body}\n})();`,
    'const ended = performance.now();',
    'longestStallMs = Math.max(longestStallMs, ended - lastTick);',
    'clearInterval(ticker);',
    'process.stdout.write(JSON.stringify({ result, elapsedMs: ended - started, longestStallMs }));',
  ].join('\n');
  const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
  let built = bundles.get(key);
  if (built === undefined) {
    built = (async () => {
      // Inside the repository, so that packages the library loads on first use (`createRequire`) resolve.
      bundleDirectory ??= mkdir(cacheDirectory, { recursive: true }).then(() =>
        mkdtemp(path.join(cacheDirectory, 'deadline-')),
      );
      const directory = await bundleDirectory;
      const outfile = path.join(directory, `${key}.mjs`);
      await build({
        stdin: { contents: source, resolveDir: repositoryRoot, loader: 'ts', sourcefile: 'deadline-body.ts' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        outfile,
        logLevel: 'silent',
        banner: {
          js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
        },
      });
      return outfile;
    })();
    bundles.set(key, built);
  }
  return built;
}
