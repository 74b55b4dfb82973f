import path from 'node:path';
import { isInside } from './paths.js';
import type { Workspace } from './workspace.js';

/**
 * The label of an absolute POSIX path, as shown to the model and in diagnostics: relative to the
 * workspace's working directory (`.` for the directory itself), or the absolute path when it lies
 * outside the working directory (ancestors, external imports).
 */
export function toLabel(workspace: Pick<Workspace, 'cwd'>, absolutePath: string): string {
  if (!isInside(workspace.cwd, absolutePath)) return absolutePath;
  return path.posix.relative(workspace.cwd, absolutePath) || '.';
}
