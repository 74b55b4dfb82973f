import { AgentContextError } from '../errors.js';
import { isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';

/** Check root names once: relative, inside the directory they are found in. */
export function checkRootNames(workspace: Workspace, roots: readonly string[]): string[] {
  const names: string[] = [];
  for (const root of roots) {
    const invalid = (reason: string) =>
      new AgentContextError(`Invalid asset root "${root}": ${reason}.`, {
        code: 'invalid-option',
        path: root,
        reason,
      });
    if (typeof root !== 'string' || root.trim() === '') throw invalid('give a folder name such as .claude');
    if (root.startsWith('/')) throw invalid('give a path relative to the workspace directory');
    let absolute: string;
    try {
      absolute = workspace.resolve(root);
    } catch (error) {
      throw new AgentContextError(`Invalid asset root "${root}": it is outside the workspace.`, {
        code: 'invalid-option',
        path: root,
        reason: 'outside the workspace',
        cause: error,
      });
    }
    if (!isInside(workspace.cwd, absolute)) throw invalid('it leaves the workspace directory');
    const name = absolute.slice(workspace.cwd.length + (workspace.cwd === '/' ? 0 : 1));
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
