/**
 * Contained search against the command-line tools: `search_files` and `find_files` (through
 * `fileTools()` and a local workspace, so every open is contained and verified) on a generated tree
 * of 100,000 files in 1,000 folders, against ripgrep (`rg`, when installed) and `grep -rn`, and
 * `find -name` for the glob. Each task lists every match (the needles are in fewer files than the
 * tools' caps, and the outputs' line counts are checked equal), timed interleaved, middle value of
 * the rounds; reported as agent-context's time over the other tool's (the ratio: 2 means twice as
 * slow).
 *
 * Patterns: a literal in 60 files, a regular expression with a literal in it, and one with none
 * (every line goes through the linear-time engine).
 *
 * Run from the bench directory after `npm run build` (or with AGENT_CONTEXT_BENCH_SOURCE=src):
 *   node --expose-gc --import tsx search/search-benchmark.ts [--files 100000] [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeMachine } from '../src/harness/machine.js';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import { librarySource, loadAgentContext } from '../src/library.js';
import { formatNumber, formatRatio, formatTable } from '../src/report/table.js';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } },
});
const fileCount = Number.parseInt(values.files ?? '100000', 10);
const rounds = Number.parseInt(values.rounds ?? '3', 10);
const folders = Math.max(1, Math.round(fileCount / 100));

/** A TypeScript-like file of about 600 bytes; file `index` holds the needles when its turn comes. */
function fileText(index: number): string {
  const lines = [
    `import { helper${index % 97} } from '../shared/helper-${index % 97}.js';`,
    '',
    `export function compute${index}(input: number): number {`,
    `  const scaled = input * ${index % 13} + helper${index % 97}(input);`,
    '  if (scaled > 1000) return scaled - 1000;',
    '  return scaled;',
    '}',
    '',
    `export const label${index} = 'module ${index} of the generated tree';`,
  ];
  if (index % Math.floor(fileCount / 60) === 0)
    lines.push('// NEEDLE_MARKER: keep this line for the search benchmark');
  if (index % Math.floor(fileCount / 40) === 7)
    lines.push(`const phone = '555-${String(1000 + (index % 9000))}';`);
  return `${lines.join('\n')}\n`;
}

function hasCommand(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

function lineCount(text: string): number {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('[')).length;
}

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'agent-context-search-bench-'));
  try {
    for (let index = 0; index < fileCount; index += 1) {
      writeFixtureFile(
        path.join(root, `packages/area-${index % folders}/src/module-${index}.ts`),
        fileText(index),
      );
    }
    writeFileSync(path.join(root, 'README.md'), '# generated\n');
    const { createContextSession, fileTools, localWorkspace } = await loadAgentContext();
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools({ maxMatches: 1_000, maxPaths: fileCount + 1 })],
    });
    const run = await session.startRun();
    let id = 0;
    const tool = async (toolName: string, input: unknown) => {
      const result = await run.executeTool({ id: `call_${++id}`, toolName, input });
      if (result.isError) throw new Error(String(result.output));
      return String(result.output);
    };
    const ripgrep = hasCommand('rg');
    const command = (name: string, args: string[]) => () => {
      const result = spawnSync(name, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
      return result.stdout;
    };
    const searches = [
      { name: 'literal', pattern: 'NEEDLE_MARKER' },
      { name: 'regex with a literal', pattern: 'NEEDLE_[A-Z]+: keep' },
      { name: 'regex without a literal', pattern: '[0-9]{3}-[0-9]{4}' },
    ];
    const rows: string[][] = [];
    const results: Record<string, unknown>[] = [];
    for (const search of searches) {
      const ours = () => tool('search_files', { pattern: search.pattern });
      const grep = command('grep', ['-rnE', search.pattern, '.']);
      const tasks: Array<() => unknown> = [ours, grep];
      if (ripgrep) tasks.push(command('rg', ['-n', '--no-heading', search.pattern, '.']));
      const counts = [lineCount(await ours()), lineCount(grep())];
      if (ripgrep)
        counts.push(lineCount(String(command('rg', ['-n', '--no-heading', search.pattern, '.'])())));
      if (new Set(counts).size !== 1)
        throw new Error(`${search.name}: the tools found ${counts.join(' / ')} lines`);
      const times = await interleavedMiddleValues(tasks, rounds);
      const [oursMs, grepMs, rgMs] = times as [number, number, number | undefined];
      rows.push([
        `search_files: ${search.name}`,
        String(counts[0]),
        formatNumber(oursMs, 0),
        formatNumber(grepMs, 0),
        formatRatio(oursMs / grepMs),
        rgMs === undefined ? 'not installed' : formatNumber(rgMs, 0),
        rgMs === undefined ? '' : formatRatio(oursMs / rgMs),
      ]);
      results.push({ task: search.name, pattern: search.pattern, lines: counts[0], oursMs, grepMs, rgMs });
    }
    const glob = () => tool('find_files', { pattern: '**/module-*7.ts' });
    const find = command('find', ['.', '-type', 'f', '-name', 'module-*7.ts']);
    const globCounts = [lineCount(await glob()), lineCount(find())];
    if (globCounts[0] !== globCounts[1]) throw new Error(`find_files: ${globCounts.join(' / ')} paths`);
    const [globMs, findMs] = (await interleavedMiddleValues([glob, find], rounds)) as [number, number];
    rows.push([
      'find_files: **/module-*7.ts',
      String(globCounts[0]),
      formatNumber(globMs, 0),
      `${formatNumber(findMs, 0)} (find)`,
      formatRatio(globMs / findMs),
      '',
      '',
    ]);
    results.push({ task: 'glob', pattern: '**/module-*7.ts', paths: globCounts[0], oursMs: globMs, findMs });
    console.log(
      `Search on ${fileCount} files in ${folders} folders (${librarySource()}), middle of ${rounds} rounds`,
    );
    console.log(
      formatTable({
        columns: ['task', 'lines', 'agent-context ms', 'grep -rn ms', 'ratio', 'ripgrep ms', 'ratio'],
        rows,
      }),
    );
    const output = path.join(path.dirname(new URL(import.meta.url).pathname), '../results/search.json');
    writeFileSync(
      output,
      `${JSON.stringify({ machine: describeMachine(), fileCount, folders, rounds, results }, null, 2)}\n`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
