/**
 * `search_files` and `find_files` on a repository-shaped tree, side by side with the command-line
 * tools in one process: `rg -n` and `grep -rn` for the search, `fd` and `find` for the glob. Each
 * side runs once per round, the order rotating, middle value of the rounds; the ratio is
 * agent-context's time over the other tool's (2 means twice as slow), process start included for the
 * command-line tools only.
 *
 * The committed default is a generated tree shaped like a TypeScript monorepo (about 6,000 files in
 * nested packages, a root `.gitignore` with the lines such repositories have and ignored folders
 * holding files, a few large and binary files, symbolic links). `--root DIR` searches a tree you
 * bring instead (a real repository, e.g. `git archive HEAD | tar -x -C DIR`; never committed).
 *
 * Before timing, the matching lines of `search_files` are checked equal to ripgrep's (`--hidden
 * --no-require-git`, so both read dot files and `.gitignore` alike; `path:line` pairs) and the paths
 * of `find_files` to `fd -H`'s (the generated tree is made a git repository, as older fd reads
 * `.gitignore` only inside one; do the same with a tree you bring): a difference stops the run on the
 * generated tree and is reported on a tree you bring (ripgrep and fd also read `.ignore` files and
 * git's global excludes).
 *
 * Patterns: a literal, a regular expression with a literal in it, one without, and a literal found
 * nowhere (every file read).
 *
 * Run from the bench directory after `npm run build` (or with AGENT_CONTEXT_BENCH_SOURCE=src):
 *   node --expose-gc --import tsx search/repository-search-benchmark.ts [--root DIR] [--rounds 5]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeMachine } from '../src/harness/machine.js';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { librarySource, loadAgentContext } from '../src/library.js';
import { createRandom } from '../src/random.js';
import { formatNumber, formatRatio, formatTable } from '../src/report/table.js';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    literal: { type: 'string', default: 'getTraceById' },
    glob: { type: 'string', default: '**/*.tsx' },
  },
});
const rounds = Number.parseInt(values.rounds ?? '5', 10);

/** A source file of about `lines` lines; `needle` lines when its turn comes. */
function sourceText(random: () => number, index: number, lines: number): string {
  const out: string[] = [
    `import { useEffect, useState } from 'react';`,
    `import { api } from '../api/client-${index % 31}';`,
  ];
  for (let line = 0; line < lines; line += 1) {
    const roll = random();
    if (roll < 0.002) out.push(`  const trace = await api.traces.getTraceById({ traceId: id${line} });`);
    else if (roll < 0.01) out.push('  useEffect(() => { setReady(true); }, []);');
    else if (roll < 0.02) out.push(`  const phone = '555-${String(1000 + ((index * 7 + line) % 9000))}';`);
    else
      out.push(
        `  const value${line} = compute(input${line % 17}, ${Math.floor(roll * 1000)}); // step ${line}`,
      );
  }
  return `${out.join('\n')}\n`;
}

/** Write the generated repository-shaped tree under `root`. */
function generateRepository(root: string): void {
  const random = createRandom(40).next;
  const write = (relative: string, content: string | Uint8Array) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  };
  write(
    '.gitignore',
    [
      'node_modules',
      '**/node_modules',
      '/.next/',
      '**/.next/*',
      'dist',
      '**/dist',
      '/build',
      'examples/*/build',
      'coverage/',
      '*.log',
      'npm-debug.log*',
      '.env*',
      '!.env.example',
      '*.tsbuildinfo',
      '*.py[cod]',
      '.DS_Store',
      '',
    ].join('\n'),
  );
  write('.env.example', 'API_KEY=\n');
  write('README.md', '# generated monorepo\n');
  let index = 0;
  const areas = ['packages', 'web/src', 'worker/src', 'examples'];
  for (const area of areas) {
    for (let project = 0; project < 12; project += 1) {
      const base = `${area}/project-${project}`;
      write(`${base}/package.json`, `{ "name": "project-${project}" }\n`);
      write(`${base}/.gitignore`, '/generated\n*.tmp\n');
      for (let folder = 0; folder < 10; folder += 1) {
        const depth = 1 + (folder % 4);
        const directory = `${base}/src/${Array.from({ length: depth }, (_, level) => `part-${folder}-${level}`).join('/')}`;
        for (let file = 0; file < 11; file += 1) {
          index += 1;
          const extension = ['.ts', '.tsx', '.test.ts', '.md', '.json'][file % 5]!;
          write(
            `${directory}/module-${index}${extension}`,
            sourceText(random, index, 20 + Math.floor(random() * 300)),
          );
        }
      }
      // Ignored content: the walk must pass it over, ripgrep too.
      write(`${base}/dist/index.js`, sourceText(random, index, 200));
      write(`${base}/node_modules/dependency/index.js`, sourceText(random, index, 200));
      write(`${base}/generated/client.ts`, sourceText(random, index, 200));
      write(`${base}/debug.log`, 'getTraceById useEffect\n');
    }
  }
  for (let large = 0; large < 6; large += 1)
    write(`packages/project-${large}/fixtures/large-${large}.json`, sourceText(random, large, 9_000));
  for (let binary = 0; binary < 20; binary += 1) {
    const bytes = new Uint8Array(4096).map((_, at) => (at * 31 + binary) % 256);
    write(`web/src/project-${binary % 12}/assets/image-${binary}.png`, bytes);
  }
  mkdirSync(path.join(root, 'web/src/project-0/links'), { recursive: true });
  symlinkSync('../../../../README.md', path.join(root, 'web/src/project-0/links/readme-link.md'));
  symlinkSync('/etc', path.join(root, 'web/src/project-0/links/outside'));
}

function commandOf(names: readonly string[]): string | undefined {
  return names.find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0);
}

/** `path:line` of each matching line of a `search_files` output (the notes in brackets left out). */
function oursMatches(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('['))
    .map((line) => /^(.*?:\d+):/.exec(line)?.[1] ?? line)
    .sort();
}

/** `path:line` of each line of ripgrep's output (`path:line:text`). */
function ripgrepMatches(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => /^(?:\.\/)?(.*?:\d+):/.exec(line)?.[1] ?? line)
    .sort();
}

function differenceOf(left: readonly string[], right: readonly string[]): string {
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  const onlyLeft = left.filter((item) => !rightSet.has(item));
  const onlyRight = right.filter((item) => !leftSet.has(item));
  if (onlyLeft.length === 0 && onlyRight.length === 0) return '';
  return `only agent-context: ${onlyLeft.slice(0, 5).join(', ')} (${onlyLeft.length}); only the other: ${onlyRight.slice(0, 5).join(', ')} (${onlyRight.length})`;
}

async function main(): Promise<void> {
  const generated = values.root === undefined;
  const root = generated
    ? mkdtempSync(path.join(tmpdir(), 'agent-context-repository-search-'))
    : path.resolve(values.root!);
  const differences: string[] = [];
  try {
    if (generated) {
      generateRepository(root);
      // A repository, as the tree would be: older fd reads `.gitignore` files only inside one.
      spawnSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
    }
    const { createContextSession, fileTools, localWorkspace } = await loadAgentContext();
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools({ maxMatches: 1_000_000, maxPaths: 1_000_000 })],
    });
    const run = await session.startRun();
    let id = 0;
    const tool = async (toolName: string, input: unknown) => {
      const result = await run.executeTool({ id: `call_${++id}`, toolName, input });
      if (result.isError) throw new Error(String(result.output));
      return String(result.output);
    };
    const command = (name: string, args: readonly string[]) => () =>
      spawnSync(name, args, {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'pipe'],
      }).stdout;
    const ripgrep = commandOf(['rg']);
    const fd = commandOf(['fd', 'fdfind']);
    const literal = values.literal ?? 'getTraceById';
    const searches = [
      { name: 'literal', pattern: literal },
      { name: 'regex with a literal', pattern: 'use[A-Z][a-z]+\\(\\(\\)' },
      { name: 'regex without a literal', pattern: '[0-9]{3}-[0-9]{4}' },
      { name: 'no match', pattern: 'NoSuchIdentifierAnywhere' },
    ];
    const rows: string[][] = [];
    const results: Record<string, unknown>[] = [];
    for (const search of searches) {
      const ours = () => tool('search_files', { pattern: search.pattern });
      const sides: Array<{ name: string; task: () => unknown }> = [{ name: 'agent-context', task: ours }];
      if (ripgrep) {
        const rgTask = command(ripgrep, [
          '-n',
          '--no-heading',
          '--hidden',
          '--no-require-git',
          '-g',
          '!.git',
          '-e',
          search.pattern,
        ]);
        sides.push({ name: 'rg', task: rgTask });
        const difference = differenceOf(oursMatches(await ours()), ripgrepMatches(String(rgTask())));
        if (difference !== '') {
          if (generated) throw new Error(`${search.name}: search_files and rg differ: ${difference}`);
          differences.push(`${search.name}: ${difference}`);
        }
      }
      sides.push({ name: 'grep -rn', task: command('grep', ['-rnE', search.pattern, '.']) });
      const { times, engineTimes } = await timesBothWays(sides, rounds);
      const engineRatio =
        engineTimes[1] === undefined || !ripgrep ? '' : formatRatio(engineTimes[0]! / engineTimes[1]);
      const lines = oursMatches(await ours()).length;
      const [oursMs] = times as [number];
      const byName = Object.fromEntries(sides.map((side, index) => [side.name, times[index]]));
      rows.push([
        `search_files: ${search.name} (${search.pattern})`,
        String(lines),
        formatNumber(oursMs, 0),
        byName.rg === undefined ? 'not installed' : formatNumber(byName.rg, 0),
        byName.rg === undefined ? '' : formatRatio(oursMs / byName.rg),
        formatNumber(byName['grep -rn']!, 0),
        formatRatio(oursMs / byName['grep -rn']!),
        engineRatio,
      ]);
      results.push({
        task: `search_files: ${search.name}`,
        pattern: search.pattern,
        lines,
        ms: byName,
        msWithoutForcedCollection: Object.fromEntries(
          sides.map((side, index) => [side.name, engineTimes[index]]),
        ),
      });
    }
    const glob = values.glob ?? '**/*.tsx';
    const nameGlob = glob.replace(/^\*\*\//, '');
    const ours = () => tool('find_files', { pattern: glob });
    const sides: Array<{ name: string; task: () => unknown }> = [{ name: 'agent-context', task: ours }];
    if (fd) {
      const fdTask = command(fd, ['-t', 'f', '-H', '-E', '.git', '-g', nameGlob]);
      sides.push({ name: 'fd', task: fdTask });
      const oursPaths = (await ours())
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('['))
        .sort();
      const fdPaths = String(fdTask())
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.replace(/^\.\//, ''))
        .sort();
      const difference = differenceOf(oursPaths, fdPaths);
      if (difference !== '') {
        if (generated) throw new Error(`find_files and fd differ: ${difference}`);
        differences.push(`find_files: ${difference}`);
      }
    }
    sides.push({
      name: 'find',
      task: command('find', ['.', '-type', 'f', '-name', nameGlob, '-not', '-path', '*/.git/*']),
    });
    const { times, engineTimes } = await timesBothWays(sides, rounds);
    const byName = Object.fromEntries(sides.map((side, index) => [side.name, times[index]]));
    const found = (await ours()).split('\n').filter((line) => line !== '' && !line.startsWith('[')).length;
    const oursMs = times[0]!;
    rows.push([
      `find_files: ${glob}`,
      String(found),
      formatNumber(oursMs, 0),
      byName.fd === undefined ? 'not installed' : formatNumber(byName.fd, 0),
      byName.fd === undefined ? '' : formatRatio(oursMs / byName.fd),
      formatNumber(byName.find!, 0),
      formatRatio(oursMs / byName.find!),
      fd === undefined ? '' : formatRatio(engineTimes[0]! / engineTimes[1]!),
    ]);
    results.push({
      task: 'find_files',
      pattern: glob,
      paths: found,
      ms: byName,
      msWithoutForcedCollection: Object.fromEntries(
        sides.map((side, index) => [side.name, engineTimes[index]]),
      ),
    });
    const files = spawnSync('find', ['.', '-type', 'f', '-not', '-path', '*/.git/*'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    })
      .stdout.split('\n')
      .filter((line) => line !== '').length;
    console.log(
      `Search on ${generated ? 'the generated repository' : root} (${files} files; ${librarySource()}), middle of ${rounds} rounds, load ${describeMachine().loadAverage}`,
    );
    console.log(
      formatTable({
        columns: [
          'task',
          'lines',
          'agent-context ms',
          'rg / fd ms',
          'ratio',
          'grep -rn / find ms',
          'ratio',
          'ratio to rg / fd, no forced GC',
        ],
        rows,
      }),
    );
    for (const difference of differences) console.log(`difference on this tree: ${difference}`);
    if (generated) {
      const output = path.join(
        path.dirname(new URL(import.meta.url).pathname),
        '../results/repository-search.json',
      );
      writeFileSync(
        output,
        `${JSON.stringify({ machine: describeMachine(), files, rounds, results }, null, 2)}\n`,
      );
    }
  } finally {
    if (generated) rmSync(root, { recursive: true, force: true });
  }
}

if (process.env.GENERATE_ONLY) generateRepository(process.env.GENERATE_ONLY);
else await main();

/**
 * The middle times of each side, rounds alternating: with a forced collection before each side (the
 * harness's way) and without one (the engine left alone).
 */
async function timesBothWays(sides: ReadonlyArray<{ task: () => unknown }>, rounds: number) {
  const tasks = sides.map((side) => side.task);
  return {
    times: await interleavedMiddleValues(tasks, rounds),
    engineTimes: await interleavedMiddleValues(tasks, rounds, { collect: false }),
  };
}
