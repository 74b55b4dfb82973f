import { AgentContextError, describeError, isAgentContextError } from '../errors.js';
import { quoteForMessage } from '../text/cut-text.js';
import { isInside } from './paths.js';
import type { FileStat, Workspace } from './workspace.js';

/** Characters of a failure's description kept in a message. */
const shownReasonChars = 200;

/** A path checked by {@link resolvePathInWorkingDirectory}. */
export interface PathInWorkingDirectory {
  /** Absolute POSIX path (lexical). */
  absolute: string;
  /** What is there; `undefined` when nothing is (yet). */
  stat: FileStat | undefined;
}

/**
 * Resolve a path an agent touches (relative to `workspace.cwd`, or absolute) and check that it
 * stays inside the working directory, lexically and through symbolic links. The path may name a file
 * that does not exist yet. Nothing outside the working directory is read.
 *
 * Throws `AgentContextError` with code `path-outside-workspace` when it leaves the working
 * directory, and `invalid-path` when it cannot be a path (empty, a NUL byte) or cannot be checked;
 * messages quote at most 200 characters of the path.
 */
export async function resolvePathInWorkingDirectory(
  workspace: Workspace,
  path: string,
): Promise<PathInWorkingDirectory> {
  const shown = quoteForMessage(path);
  const outside = () =>
    new AgentContextError(
      `${shown} is outside the working directory ${workspace.cwd}; give a path inside it (relative to it, or absolute).`,
      { code: 'path-outside-workspace', path: shown, reason: 'outside the working directory' },
    );
  const invalid = (error: unknown, what: string) =>
    new AgentContextError(
      `${shown} ${what}: ${isAgentContextError(error) ? (error.reason ?? error.code) : describeError(error).slice(0, shownReasonChars)}.`,
      {
        code: 'invalid-path',
        path: shown,
        reason: what,
        cause: error,
      },
    );
  let absolute: string;
  try {
    absolute = workspace.resolve(path);
  } catch (error) {
    if (isAgentContextError(error) && error.code === 'path-outside-workspace') throw outside();
    throw invalid(error, 'is not a valid path');
  }
  if (!isInside(workspace.cwd, absolute)) throw outside();
  let stat: FileStat | undefined;
  let real: string | undefined;
  try {
    stat = await workspace.stat(absolute);
    if (stat !== undefined) real = await workspace.realpath(absolute);
  } catch (error) {
    if (isAgentContextError(error) && error.code === 'path-outside-workspace') throw outside();
    throw invalid(error, 'could not be checked');
  }
  if (real !== undefined && !isInside(workspace.cwd, real)) throw outside();
  return { absolute, stat };
}
