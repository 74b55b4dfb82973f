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
  if (options.features) {
    for (const run of runFeatureScripts(options.outputDirectory)) {
      process.stdout.write(
        `\n[feature] ${run.script}: exit ${run.exitCode}, ${run.seconds.toFixed(0)} s, output in ${run.output}\n`,
      );
    }
  }
  // Only the full run of record updates the report; a small or redirected run leaves it alone.
  const readme = options.updateReport ? fileURLToPath(new URL('../README.md', import.meta.url)) : undefined;
  writeSummary(options.outputDirectory, readme);
  process.stdout.write(
    `\nResults in ${options.outputDirectory}${readme ? ', summary in bench/README.md' : ''}\n`,
  );
}

await main();
