/**
 * Adapter size: the non-test lines of each folder of src/adapters (the kit and every adapter), at a
 * base revision and now, split into the per-call protocol and the features that came on top of it.
 *
 * A line is a line of a `.ts` file that is not `*.test.ts` or `*.test-support.ts` (what `wc -l`
 * counts), so the total matches
 *   find src/adapters -name '*.ts' ! -name '*.test.ts' ! -name '*.test-support.ts' | xargs wc -l
 * Each file counts whole for one feature, by its name (`featureOf` below); a file not named there
 * is the protocol (run start, tool list, hidden messages, user input, cache breakpoints, the MCP
 * server's tools and resources). The same rule is applied to both revisions, so the two columns
 * compare like for like. Mixed files count as their main feature: the command format inside
 * `kit/language-model-prompt.ts` is protocol, an adapter's `index.ts` line exporting its
 * sub-agent tools too.
 *
 * Run from the bench directory (it reads git and the repository's files, writes nothing):
 *   node --import tsx size/adapter-lines.ts [--base deee3ce] [--head REV]
 * Without `--head` the working tree is counted.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));

const features: ReadonlyArray<readonly [feature: string, test: RegExp]> = [
  ['sub-agents', /(sub-agent|delegation-chain)/],
  ['commands', /kit\/expand-command-messages\.ts$/],
  ['workspaces', /(mastra-workspace|deepagents-workspace)\.ts$/],
  ['mcp prompts', /mcp\/(serve-)?command-prompts\.ts$/],
  ['mcp over http', /mcp\/serve-mcp-over-http\.ts$/],
  ['mcp input guard', /mcp\/guarded-input\.ts$/],
];

function featureOf(path: string): string {
  return features.find(([, test]) => test.test(path))?.[0] ?? 'protocol';
}

function isCounted(path: string): boolean {
  return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.test-support.ts');
}

function lineCount(text: string): number {
  return text.split('\n').length - 1;
}

/** Lines of each counted file under src/adapters at `revision`, or in the working tree without one. */
function filesAt(revision: string | undefined): Map<string, number> {
  const files = new Map<string, number>();
  if (revision === undefined) {
    for (const entry of readdirSync('src/adapters', { recursive: true, withFileTypes: true })) {
      const path = relative('.', join(entry.parentPath, entry.name));
      if (entry.isFile() && isCounted(path)) files.set(path, lineCount(readFileSync(path, 'utf8')));
    }
    return files;
  }
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  for (const path of git('ls-tree', '-r', '--name-only', revision, 'src/adapters').split('\n')) {
    if (isCounted(path)) files.set(path, lineCount(git('show', `${revision}:${path}`)));
  }
  return files;
}

/** Lines by `folder` then by feature. */
function tally(files: Map<string, number>): Map<string, Map<string, number>> {
  const byFolder = new Map<string, Map<string, number>>();
  for (const [path, lines] of files) {
    const folder = path.split('/')[2] ?? '';
    const row = byFolder.get(folder) ?? new Map<string, number>();
    const feature = featureOf(path);
    row.set(feature, (row.get(feature) ?? 0) + lines);
    byFolder.set(folder, row);
  }
  return byFolder;
}

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const baseRevision = argument('--base') ?? 'deee3ce';
const headRevision = argument('--head');
const base = tally(filesAt(baseRevision));
const head = tally(filesAt(headRevision));
const folders = [...new Set([...base.keys(), ...head.keys()])].sort();
const columns = ['protocol', ...features.map(([feature]) => feature)];
const cell = (table: Map<string, Map<string, number>>, folder: string, feature: string) =>
  table.get(folder)?.get(feature) ?? 0;
const sum = (table: Map<string, Map<string, number>>, feature: string) =>
  folders.reduce((total, folder) => total + cell(table, folder, feature), 0);
const pair = (before: number, after: number) => `${before} -> ${after}`;

console.log(`non-test lines of src/adapters, ${baseRevision} -> ${headRevision ?? 'working tree'}\n`);
console.log(`| folder | ${columns.join(' | ')} | total |`);
console.log(`|---|${columns.map(() => '---:|').join('')}---:|`);
for (const folder of [...folders, 'all']) {
  const of = (table: Map<string, Map<string, number>>, feature: string) =>
    folder === 'all' ? sum(table, feature) : cell(table, folder, feature);
  const total = (table: Map<string, Map<string, number>>) =>
    columns.reduce((lines, feature) => lines + of(table, feature), 0);
  const cells = columns.map((feature) => pair(of(base, feature), of(head, feature)));
  console.log(`| ${folder} | ${cells.join(' | ')} | ${pair(total(base), total(head))} |`);
}
