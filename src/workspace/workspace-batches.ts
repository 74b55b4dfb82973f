import { asError, listDirectoriesWith, singleCallPrimitives } from './list-directories.js';
import type { BatchOutcome, Workspace } from './workspace.js';

/** The batch operations of a workspace, every one present (see {@link workspaceBatches}). */
export type WorkspaceBatches = Required<Pick<Workspace, 'statPaths' | 'readFiles' | 'listDirectories'>>;

/**
 * The batch operations of `workspace`: its own where it has them (one request each, one round trip
 * on a remote sandbox), and otherwise the same answers made of its single calls (`stat`, `readFile`,
 * `realpath` + `readdir`), one after the other. This is how every feature asks for many paths at
 * once, so any workspace works and a batching one is asked once.
 *
 * @example
 * const [agents] = await workspaceBatches(workspace).statPaths(['AGENTS.md']);
 * if (agents?.ok && agents.value?.kind === 'file') console.log('AGENTS.md is there');
 */
export function workspaceBatches(workspace: Workspace): WorkspaceBatches {
  return {
    statPaths: workspace.statPaths
      ? (paths) => workspace.statPaths!(paths)
      : (paths) => eachPath(paths, (path) => workspace.stat(path)),
    readFiles: workspace.readFiles
      ? (paths, options) => workspace.readFiles!(paths, options)
      : (paths, options) => eachPath(paths, (path) => workspace.readFile(path, options)),
    listDirectories: workspace.listDirectories
      ? (requests) => workspace.listDirectories!(requests)
      : (requests) => listDirectoriesWith(singleCallPrimitives(workspace), requests),
  };
}

/** Run one single call per path, in order, each failure its outcome. */
export async function eachPath<Value>(
  paths: readonly string[],
  single: (path: string) => Promise<Value>,
): Promise<Array<BatchOutcome<Value>>> {
  return Promise.all(
    paths.map((path) =>
      single(path).then(
        (value): BatchOutcome<Value> => ({ ok: true, value }),
        (error: unknown): BatchOutcome<Value> => ({ ok: false, error: asError(error) }),
      ),
    ),
  );
}
