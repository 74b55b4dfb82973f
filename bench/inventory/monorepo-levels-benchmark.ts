/**
 * Inventory at several levels: a 30-package monorepo with asset roots at the top and in 5 packages.
 *
 * The tree: `.claude` (40 skills, 10 agents, settings.json with hooks) and `.agents` (20 skills) at the
 * top; in 5 of the 30 packages a `.claude` (6 skills, 2 agents) and an `.agents` (2 skills); in every
 * package an AGENTS.md, a package.json and 300 unrelated source files (9,000 in all). Rules: at the
 * top 6 Claude Code rules (`.claude/rules`), 6 Cursor rules (`.cursor/rules`) and 3 Copilot
 * instruction files; 2 Cursor rules in each of the 5 packages with roots. Measured, as medians of
 * alternating rounds on a warm cache:
 *
 * 1. `scanInventory` from the repository root, from a folder two levels inside each of the 5 packages
 *    with roots (so it finds that package's roots and the top ones), and from inside a package without
 *    roots: with the rules listed (the default), and without (`formats: []`);
 * 2. `loadRules` alone from the same directory: the rule files' own reading, which listing the rules
 *    must not exceed (the scan with rules minus the scan without);
 * 3. against a bare crawl of the same roots: for each directory the scan searched, the bare node:fs
 *    crawl of its asset roots (`readdir` of the roots, `skills/` to depth 8 and `agents/`, `readFile`
 *    of each asset; no containment, no parsing), the least any scan of those roots must do.
 *
 * Run from the bench directory after `npm run build` in the repository root:
 *   node --expose-gc --import tsx inventory/monorepo-levels-benchmark.ts [--rounds 9]
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { crawlAssetRoots } from '../src/comparisons/lower-bounds/plain-crawls.js';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { writeFixtureFile } from '../src/harness/write-fixture-file.js';
import { librarySource, loadAgentContext } from '../src/library.js';

const packageCount = 30;
const packagesWithRoots = [0, 6, 12, 18, 24];
const roundsIndex = process.argv.indexOf('--rounds');
const rounds = roundsIndex >= 0 ? Number(process.argv[roundsIndex + 1]) : 9;

function skill(directory: string, name: string): void {
  writeFixtureFile(
    path.join(directory, 'skills', name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Use when the task is about ${name.replace(/-/g, ' ')}.\n---\n\n${'A step of the procedure.\n'.repeat(30)}`,
  );
  writeFixtureFile(path.join(directory, 'skills', name, 'reference.md'), '# Reference\n');
}

function agent(directory: string, name: string): void {
  writeFixtureFile(
    path.join(directory, 'agents', `${name}.md`),
    `---\nname: ${name}\ndescription: Reviews ${name}.\n---\nPrompt.\n`,
  );
}

function rules(
  directory: string,
  prefix: string,
  counts: { claude: number; cursor: number; copilot: number },
) {
  for (let index = 0; index < counts.claude; index += 1) {
    const paths = index % 2 === 0 ? '' : `---\npaths:\n  - "packages/pkg-${index}/**/*.ts"\n---\n`;
    writeFixtureFile(
      path.join(directory, '.claude/rules', `${prefix}-${index}.md`),
      `${paths}Claude rule ${prefix} ${index}.\n`,
    );
  }
  for (let index = 0; index < counts.cursor; index += 1) {
    writeFixtureFile(
      path.join(directory, '.cursor/rules', `${prefix}-${index}.mdc`),
      `---\ndescription: Cursor rule ${index}\nglobs: src/module-${index}/**/*.ts\nalwaysApply: false\n---\nCursor rule ${prefix} ${index}.\n`,
    );
  }
  for (let index = 0; index < counts.copilot; index += 1) {
    writeFixtureFile(
      path.join(directory, '.github/instructions', `${prefix}-${index}.instructions.md`),
      `---\napplyTo: "**/*.sql"\n---\nCopilot instructions ${prefix} ${index}.\n`,
    );
  }
}

function writeMonorepo(root: string): void {
  mkdirSync(path.join(root, '.git'), { recursive: true });
  writeFixtureFile(path.join(root, 'AGENTS.md'), 'Use the workspace scripts.\n');
  for (let index = 0; index < 40; index += 1) skill(path.join(root, '.claude'), `top-skill-${index}`);
  for (let index = 0; index < 10; index += 1) agent(path.join(root, '.claude'), `top-agent-${index}`);
  for (let index = 0; index < 20; index += 1) skill(path.join(root, '.agents'), `shared-skill-${index}`);
  const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] };
  writeFixtureFile(path.join(root, '.claude/settings.json'), JSON.stringify({ hooks }));
  rules(root, 'top', { claude: 6, cursor: 6, copilot: 3 });
  for (let index = 0; index < packageCount; index += 1) {
    const name = `pkg-${String(index).padStart(2, '0')}`;
    const directory = path.join(root, 'packages', name);
    writeFixtureFile(path.join(directory, 'package.json'), JSON.stringify({ name }));
    writeFixtureFile(path.join(directory, 'AGENTS.md'), `Rules of ${name}.\n`);
    for (let module = 0; module < 10; module += 1) {
      for (let file = 0; file < 30; file += 1) {
        writeFixtureFile(
          path.join(directory, 'src', `module-${module}`, `file-${file}.ts`),
          `export const value = ${file};\n`,
        );
      }
    }
    if (packagesWithRoots.includes(index)) {
      for (let skillIndex = 0; skillIndex < 6; skillIndex += 1)
        skill(path.join(directory, '.claude'), `${name}-skill-${skillIndex}`);
      for (let agentIndex = 0; agentIndex < 2; agentIndex += 1)
        agent(path.join(directory, '.claude'), `${name}-agent-${agentIndex}`);
      for (let skillIndex = 0; skillIndex < 2; skillIndex += 1)
        skill(path.join(directory, '.agents'), `${name}-extra-${skillIndex}`);
      rules(directory, name, { claude: 0, cursor: 2, copilot: 0 });
    }
  }
}

async function main(): Promise<void> {
  const api = await loadAgentContext();
  const base = await mkdtemp(path.join(tmpdir(), 'monorepo-levels-bench-'));
  try {
    const root = path.join(base, 'monorepo');
    writeMonorepo(root);
    const workingDirectories = [
      '.',
      ...packagesWithRoots.map((index) => `packages/pkg-${String(index).padStart(2, '0')}/src/module-3`),
      'packages/pkg-01/src/module-3',
    ];
    const rows = [];
    for (const directory of workingDirectories) {
      const workspace = api.localWorkspace(root, { cwd: directory });
      const result = await api.scanInventory({ workspace });
      const searched = (result.directories ?? ['.']).map((label) => path.resolve(root, directory, label));
      const crawl = async () => {
        let files = 0;
        for (const searchedDirectory of searched) files += (await crawlAssetRoots(searchedDirectory)).files;
        return files;
      };
      const crawledFiles = await crawl();
      const at = () => api.localWorkspace(root, { cwd: directory });
      const [
        scanMs = Number.NaN,
        scanWithoutRulesMs = Number.NaN,
        loadRulesMs = Number.NaN,
        crawlMs = Number.NaN,
      ] = (
        await interleavedMiddleValues(
          [
            () => api.scanInventory({ workspace: at() }),
            () => api.scanInventory({ workspace: at(), formats: [] }),
            () => api.loadRules({ workspace: at() }),
            crawl,
          ],
          rounds,
        )
      ).map((value) => Math.round(value * 100) / 100);
      rows.push({
        workingDirectory: directory,
        directoriesSearched: searched.length,
        rootsFound: result.roots.filter((entry) => entry.exists).length,
        skills: result.roots.reduce((sum, entry) => sum + entry.skills.length, 0),
        agents: result.roots.reduce((sum, entry) => sum + entry.agents.length, 0),
        rules: result.rules?.length ?? null,
        crawledFiles,
        scanMedianMs: scanMs,
        scanWithoutRulesMedianMs: scanWithoutRulesMs,
        loadRulesMedianMs: loadRulesMs,
        bareCrawlMedianMs: crawlMs,
        ratio: Math.round((scanMs / crawlMs) * 100) / 100,
        rulesCostMs: Math.round((scanMs - scanWithoutRulesMs) * 100) / 100,
      });
    }
    const report = {
      library: librarySource(),
      node: process.version,
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
      tree: {
        packages: packageCount,
        packagesWithRoots: packagesWithRoots.length,
        unrelatedFiles: packageCount * 300,
      },
      rounds,
      rows,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

await main();
