import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparisonNames } from '../bench-options.js';
import type { MachineDescription } from '../harness/machine.js';
import { formatMarkdownTable, type Table } from './table.js';

/** The JSON file a comparison leaves in the results directory (the part the summary reads). */
interface StoredResult {
  comparison: string;
  title: string;
  machine: MachineDescription & { loadAverage?: number };
  date: string;
  seconds: number;
  library: string;
  /** The commit of the repository the run measured, when it was a git checkout. */
  commit?: string;
  size: { name: string; rounds: number };
  tables: Table[];
  notes: string[];
}

/** Markers of the generated block in bench/README.md. */
export const summaryMarkers = { start: '<!-- results:start -->', end: '<!-- results:end -->' };

/**
 * The Markdown summary of every comparison stored in `directory` (in report order): per comparison
 * its title, tables, findings, and when and where it ran. Comparisons without a JSON file are left
 * out, so a partial run (`--only`) still summarises everything measured so far.
 */
export function renderSummary(directory: string): string {
  const sections: string[] = [];
  for (const name of comparisonNames) {
    const path = join(directory, `${name}.json`);
    if (!existsSync(path)) continue;
    const result = JSON.parse(readFileSync(path, 'utf8')) as StoredResult;
    const machine = result.machine;
    const load =
      machine.loadAverage === undefined ? '' : `, load average ${machine.loadAverage.toFixed(1)} at start`;
    sections.push(
      [
        `### ${result.title}`,
        ...result.tables.map(formatMarkdownTable),
        ...(result.notes.length > 0 ? [result.notes.map((note) => `- ${note}`).join('\n')] : []),
        `<sub>${result.date.slice(0, 10)}, ${result.size.name} size, ${result.size.rounds} rounds, ${Math.round(result.seconds)} s; ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}${load}; library from ${result.library}${result.commit === undefined ? '' : ` at ${result.commit}`}.</sub>`,
      ].join('\n\n'),
    );
  }
  return sections.join('\n\n');
}

/**
 * The text of `page` with its results block (between {@link summaryMarkers}) replaced by `summary`,
 * or `undefined` when the page has no block.
 */
export function withSummary(page: string, summary: string): string | undefined {
  const start = page.indexOf(summaryMarkers.start);
  const end = page.indexOf(summaryMarkers.end);
  if (start === -1 || end < start) return undefined;
  return `${page.slice(0, start + summaryMarkers.start.length)}\n\n${summary}\n\n${page.slice(end)}`;
}

/**
 * Write the summary to `directory/summary.md`, and into the results block of each of `pages` that has
 * the markers (bench/README.md and docs/benchmarks.md in the run of record: the block is replaced
 * whole; the rest of the page is kept), so the figures a page shows are always those of the stored
 * results.
 */
export function writeSummary(directory: string, pages: readonly string[] = []): void {
  const summary = renderSummary(directory);
  writeFileSync(join(directory, 'summary.md'), `${summary}\n`);
  for (const page of pages) {
    if (!existsSync(page)) continue;
    const updated = withSummary(readFileSync(page, 'utf8'), summary);
    if (updated !== undefined) writeFileSync(page, updated);
  }
}
