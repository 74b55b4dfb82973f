import type { NestedRuleLocation } from '../../rules/load-nested-rules.js';
import { defaultMaxRuleFileBytes } from '../../rules/rule-collector.js';
import { listedWorkspace } from '../../workspace/listed-workspace.js';
import type { ListRequest, Workspace } from '../../workspace/workspace.js';
import { workspaceBatches } from '../../workspace/workspace-batches.js';

/** What a new directory is looked at for: its per-directory names and rule folders. */
export interface NewDirectoryNames {
  /** Every per-directory file name of every format, overrides included. */
  filenames: readonly string[];
  /** The rule folders also read in subfolders (`.cursor/rules`, ...). */
  locations: readonly NestedRuleLocation[];
  /** Bytes of an instruction file read at most; `undefined` when none is read (`pointer`). */
  instructionBytes: number | undefined;
}

/** Levels of a rule folder walked (as `findRuleFiles` does). */
const ruleFolderDepth = 8;

/**
 * Look at every new directory of a touch in one request: one listing per directory, named by every
 * per-directory file name and every rule folder, the small files found read in the same request.
 * So a format's names cost no call of their own, and a workspace over a sandbox answers the whole
 * touch in one round trip. Returns a workspace answering the trackers' checks from that listing
 * (what it did not tell is asked of `workspace`).
 */
export async function listNewDirectories(
  workspace: Workspace,
  directories: readonly string[],
  names: NewDirectoryNames,
): Promise<Workspace> {
  if (directories.length === 0) return workspace;
  const requests = newDirectoryRequests(directories, names);
  try {
    const outcomes = await workspaceBatches(workspace).listDirectories(requests);
    return listedWorkspace(workspace, requests, outcomes);
  } catch {
    // The whole request failed (a sandbox gone): the single calls say why, path by path.
    return workspace;
  }
}

/**
 * The list requests of {@link listNewDirectories}: one per directory, the same for the same
 * directories and names, so requests made ahead of a touch (a tool's prefetch) answer it exactly.
 */
export function newDirectoryRequests(
  directories: readonly string[],
  names: NewDirectoryNames,
): ListRequest[] {
  const ruleFolders = names.locations.map(({ location }) => location.path);
  const maxBytes = Math.max(
    names.instructionBytes ?? 0,
    names.locations.length > 0 ? defaultMaxRuleFileBytes : 0,
  );
  const request: Omit<ListRequest, 'path'> = {
    names: [...new Set([...names.filenames, ...ruleFolders])],
    ...(ruleFolders.length > 0 ? { depth: ruleFolderDepth } : {}),
    ...(maxBytes > 0 ? { read: { maxBytes } } : {}),
  };
  return directories.map((path) => ({ path, ...request }));
}
