import { isAgentContextError } from '../../errors.js';
import { isInside } from '../../workspace/paths.js';
import type { FileStat, Workspace } from '../../workspace/workspace.js';

/** A path argument of a tool, checked to lie inside the served directory. */
export interface ServedPath {
  /** Absolute POSIX path (lexical). */
  absolute: string;
  /** What is there; `undefined` when nothing is (yet). */
  stat: FileStat | undefined;
}

/**
 * Check a path argument: relative to the served directory (`workspace.cwd`) or absolute, it must stay
 * inside that directory, lexically and through symbolic links. Throws an `Error` whose message is
 * meant for the client (it becomes the tool error); nothing outside the directory is read.
 */
export async function checkServedPath(workspace: Workspace, path: string): Promise<ServedPath> {
  const shown = JSON.stringify(path);
  const outside = new Error(
    `${shown} is outside the served directory ${workspace.cwd}; give a path inside it (relative to it, or absolute).`,
  );
  let absolute: string;
  try {
    absolute = workspace.resolve(path);
  } catch (error) {
    if (isAgentContextError(error) && error.code === 'path-outside-workspace') throw outside;
    throw new Error(`${shown} is not a valid path: ${(error as Error).message}`);
  }
  if (!isInside(workspace.cwd, absolute)) throw outside;
  try {
    const stat = await workspace.stat(absolute);
    if (stat !== undefined && !isInside(workspace.cwd, await workspace.realpath(absolute))) throw outside;
    return { absolute, stat };
  } catch (error) {
    if (error === outside) throw error;
    if (isAgentContextError(error) && error.code === 'path-outside-workspace') throw outside;
    throw new Error(`${shown} could not be checked: ${(error as Error).message}`);
  }
}
