import { createRandom, type Random } from '../random.js';
import { planAssets } from './plan-assets.js';
import { completeShape, type RepositoryShape } from './repository-shape.js';

/** A synthetic repository as data: every directory and file, before anything is written. */
export interface RepositoryPlan {
  shape: RepositoryShape;
  /** Every directory to create (relative POSIX paths, parents before children). */
  directories: string[];
  /** Every file and its text, keyed by relative POSIX path. */
  files: Map<string, string>;
  /** The source-tree directories (`packages/` and below), in creation order. */
  sourceDirectories: string[];
  /** Instruction files at the root (`AGENTS.md`, `CLAUDE.md`). */
  rootInstructionFiles: string[];
  /** Nested instruction files, sorted by code point. */
  instructionFiles: string[];
  /** The bulk unrelated files, in creation order. */
  otherFiles: string[];
  /** Every `SKILL.md`, `agents/*.md` and `settings.json` of the asset roots, sorted. */
  skills: string[];
  agents: string[];
  settings: string[];
}

const directoryWords = [
  'src',
  'lib',
  'components',
  'utils',
  'server',
  'client',
  'core',
  'api',
  'models',
  'hooks',
];
const extensions = ['ts', 'ts', 'ts', 'tsx', 'json', 'md', 'css', 'txt'];

/**
 * Plan a monorepo deterministically from its shape: `packages/<name>/...` trees up to `maxDepth`,
 * nested AGENTS.md / CLAUDE.md at the chosen depths, optional `@imports` of shared documents, bulk
 * unrelated files, and asset roots with skills, sub-agents and settings. The root holds `.git/`,
 * `AGENTS.md` and a `CLAUDE.md` that imports it.
 */
export function planRepository(partialShape: Partial<RepositoryShape> = {}): RepositoryPlan {
  const shape = completeShape(partialShape);
  const random = createRandom(shape.seed);
  const files = new Map<string, string>();
  const directories: string[] = ['.git'];
  files.set('.git/HEAD', 'ref: refs/heads/main\n');
  files.set(
    'package.json',
    `${JSON.stringify({ name: 'synthetic-monorepo', private: true, workspaces: ['packages/*'] }, null, 2)}\n`,
  );
  files.set('AGENTS.md', instructionText(random, 'the repository', undefined));
  files.set('CLAUDE.md', '@AGENTS.md\n');

  const sourceDirectories = planSourceTree(shape, random);
  directories.push(...sourceDirectories);
  const instructionFiles = planInstructionFiles(shape, random, sourceDirectories, files, directories);
  const otherFiles = planOtherFiles(shape, random, sourceDirectories, files);
  const assets = planAssets(shape, random, files, directories);
  return {
    shape,
    directories,
    files,
    sourceDirectories,
    rootInstructionFiles: ['AGENTS.md', 'CLAUDE.md'],
    instructionFiles,
    otherFiles,
    ...assets,
  };
}

function depthOf(path: string): number {
  return path.split('/').length;
}

function planSourceTree(shape: RepositoryShape, random: Random): string[] {
  const result = ['packages'];
  const open: string[] = [];
  for (let index = 0; index < shape.packages; index += 1) {
    const name = `packages/pkg-${String(index).padStart(3, '0')}`;
    result.push(name);
    open.push(name);
  }
  const childCount = new Map<string, number>();
  while (result.length < shape.directories && open.length > 0) {
    const slot = random.integer(0, open.length - 1);
    const parent = open[slot] as string;
    const count = childCount.get(parent) ?? 0;
    childCount.set(parent, count + 1);
    const child = `${parent}/${random.pick(directoryWords)}-${count}`;
    result.push(child);
    if (depthOf(child) < shape.maxDepth) open.push(child);
  }
  return result;
}

function planInstructionFiles(
  shape: RepositoryShape,
  random: Random,
  sourceDirectories: string[],
  files: Map<string, string>,
  directories: string[],
): string[] {
  const allowed = new Set(shape.instructionDepths ?? []);
  const eligible = sourceDirectories.filter(
    (directory) => directory !== 'packages' && (allowed.size === 0 || allowed.has(depthOf(directory))),
  );
  const placed: string[] = [];
  const used = new Set<string>();
  let documents = 0;
  while (placed.length < shape.instructionFiles && used.size < eligible.length) {
    const directory = random.pick(eligible);
    if (used.has(directory)) continue;
    used.add(directory);
    const roll = random.next();
    const names =
      roll < shape.bothShare
        ? ['AGENTS.md', 'CLAUDE.md']
        : roll < shape.bothShare + shape.claudeShare
          ? ['CLAUDE.md']
          : ['AGENTS.md'];
    for (const name of names.slice(0, shape.instructionFiles - placed.length)) {
      const path = `${directory}/${name}`;
      let importPath: string | undefined;
      if (random.chance(shape.importShare)) {
        const document = `docs/guide-${documents}.md`;
        documents += 1;
        if (!directories.includes('docs')) directories.push('docs');
        files.set(document, `# Guide ${documents}\n\nShared conventions imported by ${path}.\n`);
        importPath = `${'../'.repeat(depthOf(directory))}${document}`;
      }
      files.set(path, instructionText(random, directory, importPath));
      placed.push(path);
    }
  }
  return placed.sort(compareCodePoints);
}

function planOtherFiles(
  shape: RepositoryShape,
  random: Random,
  sourceDirectories: string[],
  files: Map<string, string>,
): string[] {
  const result: string[] = [];
  const perDirectory = new Map<string, number>();
  // Files live inside the packages, so every file belongs to one (`packages/` itself holds none).
  const inPackages = sourceDirectories.filter((directory) => directory !== 'packages');
  for (let index = 0; index < shape.otherFiles; index += 1) {
    const directory = random.pick(inPackages);
    const count = perDirectory.get(directory) ?? 0;
    perDirectory.set(directory, count + 1);
    const path = `${directory}/module-${count}.${random.pick(extensions)}`;
    files.set(path, `// ${path}\nexport const value${index} = ${random.integer(0, 1_000_000)};\n`);
    result.push(path);
  }
  return result;
}

const ruleWords = [
  'tests',
  'naming',
  'errors',
  'logging',
  'imports',
  'exports',
  'comments',
  'types',
  'builds',
];

function instructionText(random: Random, scope: string, importPath: string | undefined): string {
  const lines = [`# Conventions for ${scope}`, ''];
  const rules = random.integer(4, 16);
  for (let index = 0; index < rules; index += 1) {
    lines.push(
      `- Rule ${index + 1}: keep ${random.pick(ruleWords)} consistent in ${scope} (${random.integer(0, 9999)}).`,
    );
  }
  if (importPath !== undefined) lines.push('', `Shared guide: @${importPath}`);
  return `${lines.join('\n')}\n`;
}

/** Sort order by UTF-16 code unit, the same on every machine (no locale). */
export function compareCodePoints(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
