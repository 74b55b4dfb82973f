/**
 * Project instructions benchmark.
 *
 * Synthetic trees on disk, each with a `.git` marker at the top:
 *
 * - deep: a chain of 30 nested directories with an AGENTS.md at every level, a CLAUDE.md at every
 *   third level holding `@AGENTS.md`, and every tenth AGENTS.md importing a file under docs/ that
 *   imports another one (a few imports, two hops);
 * - wide: the same chain plus 10,000 sibling directories beside it (each with an AGENTS.md and a
 *   source file), which discovery must never look at;
 * - chains of 5, 10, 20 and 30 levels, to show how the cost grows with the chain.
 *
 * For each, `discoverInstructions` + `renderInstructions` from the deepest directory, as the median
 * of several interleaved runs on a warm cache, with the workspace calls one discovery makes (counted
 * through `recordingWorkspace`), on a contained `localWorkspace` (the default: every path resolved
 * segment by segment so no symlink leaves the root) and, for reference, an uncontained one.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --import tsx instructions/instructions-benchmark.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { middleValue } from '../src/harness/statistics.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import {
  librarySource,
  loadAgentContext,
  loadAgentContextInspect,
  loadAgentContextTesting,
} from '../src/library.js';

const runs = 21;
const siblingCount = 10_000;

/** The chain `level-00/level-01/...`; returns the deepest directory. */
function writeChain(root: string, levels: number): string {
  writeFixtureFile(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFixtureFile(
    path.join(root, 'docs', 'guide.md'),
    `# Guide\n\nSee @details.md\n${'Guidance line.\n'.repeat(20)}`,
  );
  writeFixtureFile(path.join(root, 'docs', 'details.md'), `# Details\n${'Detail line.\n'.repeat(20)}`);
  let directory = root;
  for (let level = 0; level < levels; level += 1) {
    if (level > 0) directory = path.join(directory, `level-${String(level).padStart(2, '0')}`);
    const imports =
      level % 10 === 0 ? `Read @${path.relative(directory, path.join(root, 'docs/guide.md'))} first.\n` : '';
    writeFixtureFile(
      path.join(directory, 'AGENTS.md'),
      `# Level ${level}\n\n${imports}${`Rule ${level}: keep it tidy.\n`.repeat(8)}`,
    );
    if (level % 3 === 0)
      writeFixtureFile(path.join(directory, 'CLAUDE.md'), `@AGENTS.md\n\nClaude notes for level ${level}.\n`);
    writeFixtureFile(path.join(directory, 'index.ts'), `export const level = ${level};\n`);
  }
  return directory;
}

function writeSiblings(root: string): void {
  for (let index = 0; index < siblingCount; index += 1) {
    const directory = path.join(root, `sibling-${String(index).padStart(5, '0')}`);
    writeFixtureFile(path.join(directory, 'AGENTS.md'), `Sibling ${index}.\n`);
    writeFixtureFile(path.join(directory, 'main.ts'), `export const sibling = ${index};\n`);
  }
}

interface Tree {
  name: string;
  root: string;
  deepest: string;
}

interface Measurement {
  tree: string;
  files: number;
  characters: number;
  calls: number;
  containedMs: number;
  uncontainedMs: number;
}

/**
 * Time every tree in interleaved rounds (tree A, tree B, ..., then again), so a change in machine
 * load hits every tree alike instead of skewing one of them.
 */
async function measure(trees: Tree[]): Promise<Measurement[]> {
  const { discoverInstructions, localWorkspace } = await loadAgentContext();
  const { renderInstructions } = await loadAgentContextInspect();
  const { recordingWorkspace } = await loadAgentContextTesting();
  const setups = await Promise.all(
    trees.map(async (tree) => {
      const cwd = path.relative(tree.root, tree.deepest);
      const contained = localWorkspace(tree.root, { cwd });
      const uncontained = localWorkspace(tree.root, { cwd, contained: false });
      const recording = recordingWorkspace(contained);
      const discovery = await discoverInstructions({ workspace: recording });
      return {
        tree,
        contained,
        uncontained,
        files: discovery.items.length,
        characters: renderInstructions(discovery).characters,
        calls: recording.calls.length,
        containedTimes: [] as number[],
        uncontainedTimes: [] as number[],
      };
    }),
  );
  for (let round = 0; round < runs; round += 1) {
    for (const setup of setups) {
      for (const [workspace, times] of [
        [setup.contained, setup.containedTimes],
        [setup.uncontained, setup.uncontainedTimes],
      ] as const) {
        const started = performance.now();
        renderInstructions(await discoverInstructions({ workspace }));
        times.push(performance.now() - started);
      }
    }
  }
  return setups.map((setup) => ({
    tree: setup.tree.name,
    files: setup.files,
    characters: setup.characters,
    calls: setup.calls,
    containedMs: middleValue(setup.containedTimes),
    uncontainedMs: middleValue(setup.uncontainedTimes),
  }));
}

async function main(): Promise<void> {
  const base = await mkdtemp(path.join(tmpdir(), 'agent-context-instructions-bench-'));
  try {
    const trees: Tree[] = [];
    for (const levels of [5, 10, 20, 30]) {
      const root = path.join(base, `chain-${levels}`);
      trees.push({
        name: levels === 30 ? 'deep (chain of 30)' : `chain of ${levels}`,
        root,
        deepest: writeChain(root, levels),
      });
    }
    const wideRoot = path.join(base, 'wide');
    const wideDeepest = writeChain(wideRoot, 30);
    writeSiblings(wideRoot);
    trees.push({
      name: `wide (chain of 30 + ${siblingCount.toLocaleString('en')} siblings)`,
      root: wideRoot,
      deepest: wideDeepest,
    });
    const results = await measure(trees);

    process.stdout.write(
      `Project instructions: discoverInstructions + renderInstructions from the deepest directory, median of ${runs} runs (library from ${librarySource()})\n\n`,
    );
    process.stdout.write(
      '| tree | files loaded | rendered characters | workspace calls | ms (contained) | ms (contained: false) |\n',
    );
    process.stdout.write('|---|---:|---:|---:|---:|---:|\n');
    for (const result of results) {
      process.stdout.write(
        `| ${result.tree} | ${result.files} | ${result.characters} | ${result.calls} | ${result.containedMs.toFixed(2)} | ${result.uncontainedMs.toFixed(2)} |\n`,
      );
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

await main();
