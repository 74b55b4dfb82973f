import { isInside } from '../../workspace/paths.js';
import type { Workspace } from '../../workspace/workspace.js';

/**
 * The absolute POSIX path of a touched path when it lies strictly below the workspace cwd, else
 * `undefined` (the cwd itself, paths outside it, lexical escapes, invalid paths). No I/O: symlink
 * escapes are left to the workspace, which refuses them when the path is used.
 */
export function resolveBelowCwd(workspace: Workspace, requested: string): string | undefined {
  const { cwd } = workspace;
  let absolute: string;
  if (isPlainRelative(requested)) {
    // Same result as the workspace's lexical resolution, without its cost, for the common shapes.
    absolute = cwd === '/' ? `/${requested}` : `${cwd}/${requested}`;
  } else if (requested.startsWith(`${cwd}/`) && isPlainRelative(requested.slice(1))) {
    // An absolute path under a symlinked alias of the root falls through to the workspace, which maps it.
    absolute = requested;
  } else {
    try {
      absolute = workspace.resolve(requested);
    } catch {
      return undefined;
    }
  }
  return absolute !== cwd && isInside(cwd, absolute) ? absolute : undefined;
}

/** A leading or trailing `/`, an empty, `.` or `..` segment, a backslash or a NUL. */
const notPlain = /^\/|\/$|\/\/|\\|\0|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * A relative path with nothing to normalise: no leading or trailing `/`, no empty, `.` or `..`
 * segment, no backslash (Windows separator) and no NUL.
 */
function isPlainRelative(requested: string): boolean {
  return requested !== '' && !notPlain.test(requested);
}
