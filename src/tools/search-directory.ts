import { toLabel } from '../workspace/labels.js';
import { type TreeReading, treeReaderOf } from '../workspace/tree-reading.js';
import type { TreeScan, TreeScanRequest, Workspace } from '../workspace/workspace.js';
import { toolError } from './tool-error.js';
import type { WalkReport } from './walk-workspace-files.js';

/** The directory a search tool starts from: its absolute POSIX path and label. Throws a tool error. */
export async function searchDirectory(
  workspace: Workspace,
  path: string,
): Promise<{ directory: string; label: string }> {
  let directory: string;
  try {
    directory = workspace.resolve(path);
    const stat = await workspace.stat(path);
    if (stat === undefined) throw new Error(`${JSON.stringify(path)} does not exist.`);
    if (stat.kind !== 'directory') throw new Error(`${JSON.stringify(path)} is not a directory.`);
    if (stat.symlink) directory = await workspace.realpath(path);
  } catch (error) {
    throw error instanceof Error && !('code' in error) ? error : toolError(error, path);
  }
  return { directory, label: toLabel(workspace, directory) };
}

/** The closing note of a search: what it passed over (`.gitignore`, links, unlisted directories), or `''`. */
export function walkNote(report: WalkReport, extra: readonly string[] = []): string {
  const parts = [...extra];
  if (report.ignored > 0) parts.push(`${report.ignored} ignored by .gitignore`);
  if (report.links > 0) parts.push(`${report.links} symbolic links not followed`);
  if (report.unlisted.length > 0) parts.push(`${report.unlisted.length} directories could not be listed`);
  return parts.length === 0 ? '' : `[passed over: ${parts.join(', ')}]`;
}

/**
 * The workspace's scan of a search's tree in one request (`Workspace.scanTree`), or `undefined`
 * when it has none, cannot scan now, or the request failed (the walk's own calls then say why).
 */
export async function scanForSearch(
  workspace: Workspace,
  request: TreeScanRequest,
): Promise<TreeScan | undefined> {
  if (workspace.scanTree === undefined) return undefined;
  try {
    return await workspace.scanTree(request);
  } catch {
    return undefined;
  }
}

/**
 * The workspace's synchronous reading of the tree below `directory` (see `TreeReading`), or
 * `undefined` when it has none or it cannot be opened now (the walk's own calls then say why).
 */
export async function openTreeReading(
  workspace: Workspace,
  directory: string,
): Promise<TreeReading | undefined> {
  try {
    return await treeReaderOf(workspace)?.open(directory);
  } catch {
    return undefined;
  }
}
