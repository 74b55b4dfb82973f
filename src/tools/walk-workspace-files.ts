import { decodeText } from '../workspace/read-text-file.js';
import type { DirectoryEntry, Workspace } from '../workspace/workspace.js';
import { type GitignoreRules, isIgnored, parseGitignore } from './gitignore-rules.js';

/** Bytes of one `.gitignore` read at most. */
const MAXIMUM_GITIGNORE_BYTES = 256 * 1024;

/** What a walk passed over, for the tool's closing line. */
export interface WalkReport {
  /** Symbolic links met (never followed, as `grep -r` and ripgrep do by default). */
  links: number;
  /** Files and directories left out by a `.gitignore`. */
  ignored: number;
  /** Directories that could not be listed (a race, a permission), by absolute path. */
  unlisted: string[];
  /** `.gitignore` files with more patterns than are applied, by absolute path. */
  cutGitignores: string[];
}

/** A new, empty {@link WalkReport}. */
export function emptyWalkReport(): WalkReport {
  return { links: 0, ignored: 0, unlisted: [], cutGitignores: [] };
}

interface Frame {
  directory: string;
  entries: DirectoryEntry[];
  index: number;
  /** Length of the `.gitignore` chain for this directory's entries. */
  chainLength: number;
}

/**
 * Every regular file under `start` (an absolute POSIX directory inside the workspace), depth first,
 * entries in code-point order, as absolute POSIX paths. Everything goes through the workspace, so its
 * containment holds. Left out, and counted in `report`: `.git`, symbolic links (not followed), and
 * what the `.gitignore` files from the workspace root down to each directory ignore. FIFOs,
 * sockets and devices are skipped. Stops early when `signal` aborts.
 */
export async function* walkWorkspaceFiles(
  workspace: Workspace,
  start: string,
  report: WalkReport,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const chain: GitignoreRules[] = [];
  for (const directory of ancestorsBelowRoot(workspace.root, start)) {
    const rules = await readGitignore(workspace, directory, report);
    if (rules) chain.push(rules);
  }
  const stack: Frame[] = [];
  const enter = async (directory: string): Promise<void> => {
    let entries: DirectoryEntry[];
    try {
      entries = await workspace.readdir(directory);
    } catch {
      report.unlisted.push(directory);
      return;
    }
    if (entries.some((entry) => entry.name === '.gitignore' && entry.kind === 'file')) {
      const rules = await readGitignore(workspace, directory, report);
      if (rules) chain.push(rules);
    }
    stack.push({ directory, entries, index: 0, chainLength: chain.length });
  };
  await enter(start);
  while (stack.length > 0) {
    if (signal?.aborted) return;
    const frame = stack[stack.length - 1]!;
    const entry = frame.entries[frame.index++];
    if (entry === undefined) {
      stack.pop();
      continue;
    }
    chain.length = frame.chainLength;
    if (entry.name === '.git') continue;
    const path = frame.directory.endsWith('/')
      ? `${frame.directory}${entry.name}`
      : `${frame.directory}/${entry.name}`;
    if (entry.kind === 'symlink') {
      report.links += 1;
      continue;
    }
    if (entry.kind === 'other') continue;
    const directory = entry.kind === 'directory';
    if (chain.length > 0 && isIgnored(chain, path, directory)) {
      report.ignored += 1;
      continue;
    }
    if (directory) await enter(path);
    else yield path;
  }
}

/** The directories from the workspace root down to `start`'s parent, outermost first. */
function ancestorsBelowRoot(root: string, start: string): string[] {
  const under = root.endsWith('/') ? root : `${root}/`;
  if (!start.startsWith(under)) return [];
  const directories = [root];
  let current = root;
  for (const segment of start.slice(under.length).split('/').slice(0, -1)) {
    current = `${current.endsWith('/') ? current : `${current}/`}${segment}`;
    directories.push(current);
  }
  return directories;
}

async function readGitignore(
  workspace: Workspace,
  directory: string,
  report: WalkReport,
): Promise<GitignoreRules | undefined> {
  const path = `${directory.endsWith('/') ? directory : `${directory}/`}.gitignore`;
  try {
    const stat = await workspace.stat(path);
    if (stat?.kind !== 'file' || stat.symlink) return undefined;
    const read = await workspace.readFile(path, { maxBytes: MAXIMUM_GITIGNORE_BYTES });
    const rules = parseGitignore(decodeText(read.bytes).text, directory);
    if (rules.cut || read.truncated) report.cutGitignores.push(path);
    return rules.rules.length > 0 ? rules : undefined;
  } catch {
    return undefined;
  }
}
