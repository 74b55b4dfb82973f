import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ComparisonName, parseBenchOptions } from './bench-options.js';
import { compareLowerBounds } from './comparisons/lower-bounds/lower-bounds-comparison.js';
import { compareNestedDiscovery } from './comparisons/nested-discovery/nested-discovery.js';
import { compareOffload } from './comparisons/offload/offload-comparison.js';
import { comparePromptCache } from './comparisons/prompt-cache/prompt-cache-comparison.js';
import { describeMachine } from './harness/machine.js';
import { runFeatureScripts } from './harness/run-feature-scripts.js';
import { librarySource } from './library.js';
import type { ComparisonReport } from './report/comparison-report.js';
import { formatTable } from './report/table.js';
import { writeSummary } from './report/write-summary.js';

/**
 * `npm run bench`: run the comparisons (all, or `--only`), write `results/<name>.json` for each and
 * print its tables. See bench/README.md for what each comparison measures.
 */
async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2));
  const machine = describeMachine();
  mkdirSync(options.outputDirectory, { recursive: true });
  const comparisons: Record<ComparisonName, (() => Promise<ComparisonReport>) | undefined> = {
    nested: () => compareNestedDiscovery(options.size),
    offload: () => compareOffload(options.size),
    cache: () => comparePromptCache(options.size),
    bounds: () => compareLowerBounds(options.size),
  };
  process.stdout.write(
    `agent-context benchmarks (${options.size.name} size, ${options.size.rounds} rounds, library from ${librarySource()})\n` +
      `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}\n`,
  );
  for (const name of options.only) {
    const compare = comparisons[name];
    if (!compare) {
      process.stdout.write(`\n[${name}] not available yet\n`);
      continue;
    }
    const started = Date.now();
    const machineAtStart = describeMachine();
    const report = await compare();
    const seconds = (Date.now() - started) / 1_000;
    const result = {
      comparison: report.name,
      title: report.title,
      size: { ...options.size, rounds: report.rounds ?? options.size.rounds },
      machine: machineAtStart,
      library: librarySource(),
      commit: currentCommit(),
      date: new Date().toISOString(),
      seconds,
      data: report.data,
      tables: report.tables,
      notes: report.notes,
    };
    writeFileSync(
      join(options.outputDirectory, `${report.name}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    for (const file of report.files ?? [])
      writeFileSync(join(options.outputDirectory, file.name), file.content);
    process.stdout.write(`\n${report.title} (${seconds.toFixed(0)} s)\n\n`);
    for (const table of report.tables) process.stdout.write(`${formatTable(table)}\n\n`);
    for (const note of report.notes) process.stdout.write(`- ${note}\n`);
  }
  const failedScripts: string[] = [];
  if (options.features) {
    for (const run of runFeatureScripts(options.outputDirectory)) {
      process.stdout.write(
        `\n[feature] ${run.script}: exit ${run.exitCode}, ${run.seconds.toFixed(0)} s, output in ${run.output}\n`,
      );
      if (run.exitCode !== 0) failedScripts.push(run.script);
    }
  }
  // Only the full run of record updates the pages; a small or redirected run leaves them alone.
  const pages = options.updateReport
    ? [
        fileURLToPath(new URL('../README.md', import.meta.url)),
        fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url)),
      ]
    : [];
  writeSummary(options.outputDirectory, pages);
  process.stdout.write(
    `\nResults in ${options.outputDirectory}${pages.length > 0 ? ', summary in bench/README.md and docs/benchmarks.md' : ''}\n`,
  );
  // Everything is written first; a feature script that failed still fails the run, so a run of
  // record cannot hide one.
  if (failedScripts.length > 0) {
    process.stderr.write(`Feature scripts that failed (see their output): ${failedScripts.join(', ')}\n`);
    process.exitCode = 1;
  }
}

/** The short commit hash of the checkout being measured, when there is one. */
function currentCommit(): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

await main();
