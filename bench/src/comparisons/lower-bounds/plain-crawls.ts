import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** What a plain crawl found, to check that both sides of a pair did the same job. */
export interface CrawlCount {
  /** Files found and read. */
  files: number;
}

const assetRoots = ['.claude', '.agents', '.codex', '.grok'];

/**
 * The least an inventory scan must do, with bare node:fs calls: for each asset root, walk `skills/`
 * (depth bound 8) with `readdir` and read every `SKILL.md`, list `agents/` and read every `*.md`,
 * and read `settings.json` when present. No containment, no parsing, no checks.
 */
export async function crawlAssetRoots(root: string): Promise<CrawlCount> {
  let files = 0;
  const read = async (path: string) => {
    await readFile(path, 'utf8');
    files += 1;
  };
  const walkSkills = async (directory: string, depth: number): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    const reads: Promise<void>[] = [];
    for (const entry of entries) {
      if (entry.isFile() && entry.name === 'SKILL.md') reads.push(read(join(directory, entry.name)));
      else if (entry.isDirectory() && depth < 8)
        reads.push(walkSkills(join(directory, entry.name), depth + 1));
    }
    await Promise.all(reads);
  };
  for (const name of assetRoots) {
    const base = join(root, name);
    const entries = await readdir(base, { withFileTypes: true }).catch(() => undefined);
    if (!entries) continue;
    const reads: Promise<void>[] = [];
    for (const entry of entries) {
      if (entry.name === 'skills' && entry.isDirectory()) reads.push(walkSkills(join(base, 'skills'), 1));
      if (entry.name === 'settings.json' && entry.isFile()) reads.push(read(join(base, entry.name)));
      if (entry.name === 'agents' && entry.isDirectory()) {
        const agents = await readdir(join(base, 'agents'), { withFileTypes: true });
        for (const agent of agents) {
          if (agent.isFile() && agent.name.endsWith('.md'))
            reads.push(read(join(base, 'agents', agent.name)));
        }
      }
    }
    await Promise.all(reads);
  }
  return { files };
}

/**
 * The least walk-up instruction discovery must do, with bare node:fs calls: from `cwd` up, one
 * `stat` of `.git` per directory until the project root is found, then one `stat` per candidate name
 * (AGENTS.md, CLAUDE.md) in each directory from the root down to `cwd`, and one `readFile` per file
 * found. Imports are not followed (the repository for this pair has none on the chain).
 */
export async function statInstructionCandidates(root: string, cwd: string): Promise<CrawlCount> {
  let top = cwd;
  while (top !== root && !(await stat(join(top, '.git')).catch(() => undefined))) top = dirname(top);
  const chain = [top];
  const below = relative(top, cwd);
  if (below !== '')
    for (const segment of below.split(sep)) chain.push(join(chain[chain.length - 1] as string, segment));
  let files = 0;
  for (const directory of chain) {
    for (const name of ['AGENTS.md', 'CLAUDE.md']) {
      const path = join(directory, name);
      if ((await stat(path).catch(() => undefined))?.isFile()) {
        await readFile(path, 'utf8');
        files += 1;
      }
    }
  }
  return { files };
}
