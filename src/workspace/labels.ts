import path from 'node:path';
import { isInside } from './paths.js';
import type { Workspace } from './workspace.js';

/**
 * The label of an absolute POSIX path, as shown to the model and in diagnostics: the POSIX path
 * relative to the working directory (`workspace.cwd`; `.` for the directory itself, `../` for
 * ancestors still inside the workspace root), and the absolute path only outside the root.
 *
 * Why not absolute for ancestors: a relative label never leaks where the repository sits on the
 * host, stays identical on every machine (so the prompt prefix caches across clones), and is a path
 * the agent's own file tools accept.
 */
export function toLabel(workspace: Pick<Workspace, 'root' | 'cwd'>, absolutePath: string): string {
  if (!isInside(workspace.root, absolutePath)) return absolutePath;
  return path.posix.relative(workspace.cwd, absolutePath) || '.';
}
