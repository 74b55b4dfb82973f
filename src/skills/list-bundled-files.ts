import { compareCodePoints, isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';

/** Default bound of the bundled-files walk: folders below the skill folder. */
export const defaultBundledDepth = 8;
/** Files counted at most; past it the count is "more than". Keeps a skill folder of a huge tree cheap. */
export const maxBundledCount = 10_000;

// Package and VCS folders are not part of what a skill bundles.
export const bundledSkippedDirectories: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** Result of {@link listBundledFiles}. */
export interface BundledFiles {
  /** Paths relative to the skill folder, sorted by code point, `SKILL.md` itself left out. */
  files: string[];
  /** False when the walk stopped early (depth bound, count bound, unreadable folder). */
  complete: boolean;
}

/** Options of {@link listBundledFiles}. */
export interface ListBundledFilesOptions {
  /** Folders below the skill folder walked at most. @default 8 */
  maxDepth?: number;
  /**
   * Leave out links whose real path is outside the skill folder's (for skills outside the workspace,
   * whose files only `load_skill` reads, and it refuses those). @default false
   */
  withinFolder?: boolean;
}

/**
 * Every file a skill bundles: the regular files under its folder (symbolic links followed inside the
 * workspace, each real folder walked once), except its own `SKILL.md`, `node_modules` and `.git`.
 * Never throws: an unreadable folder or a refused link is left out and makes the list incomplete.
 */
export async function listBundledFiles(
  workspace: Workspace,
  directory: string,
  options: ListBundledFilesOptions = {},
): Promise<BundledFiles> {
  const maxDepth = options.maxDepth ?? defaultBundledDepth;
  const files: string[] = [];
  let complete = true;
  const visited = new Set<string>();
  const folder = options.withinFolder ? await realPathOrUndefined(workspace, directory) : undefined;
  if (options.withinFolder && folder === undefined) return { files, complete: false };
  const leaves = async (path: string) =>
    folder !== undefined && !isInside(folder, (await realPathOrUndefined(workspace, path)) ?? '/');
  let level: Array<{ absolute: string; relative: string }> = [{ absolute: directory, relative: '' }];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: typeof level = [];
    for (const folder of level) {
      try {
        const real = await workspace.realpath(folder.absolute);
        if (visited.has(real)) continue;
        visited.add(real);
        for (const entry of await workspace.readdir(folder.absolute)) {
          const absolute = `${folder.absolute}/${entry.name}`;
          const relative = folder.relative === '' ? entry.name : `${folder.relative}/${entry.name}`;
          let kind = entry.kind === 'symlink' ? await linkTargetKind(workspace, absolute) : entry.kind;
          if (kind !== undefined && entry.kind === 'symlink' && (await leaves(absolute))) kind = undefined;
          if (kind === undefined) complete = false;
          if (kind === 'file' && relative !== 'SKILL.md') files.push(relative);
          else if (kind === 'directory' && !bundledSkippedDirectories.has(entry.name)) {
            if (depth < maxDepth) next.push({ absolute, relative });
            else complete = false;
          }
          if (files.length >= maxBundledCount)
            return { files: files.sort(compareCodePoints), complete: false };
        }
      } catch {
        complete = false;
      }
    }
    level = next;
  }
  return { files: files.sort(compareCodePoints), complete };
}

async function realPathOrUndefined(workspace: Workspace, path: string): Promise<string | undefined> {
  try {
    return await workspace.realpath(path);
  } catch {
    return undefined;
  }
}

/** What a symbolic link points at; `undefined` when it is dangling or the workspace refuses it. */
async function linkTargetKind(workspace: Workspace, path: string): Promise<string | undefined> {
  try {
    return (await workspace.stat(path))?.kind;
  } catch {
    return undefined;
  }
}
