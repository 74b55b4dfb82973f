import type { Workspace } from './workspace.js';

/**
 * The same workspace without `writeFile` and `removeFile`: what a capability that must only read
 * (user-level files, for one) is given. Every read still goes through `workspace`, contained as it is.
 */
export function readOnlyWorkspace(workspace: Workspace): Workspace {
  return {
    root: workspace.root,
    cwd: workspace.cwd,
    resolve: (path) => workspace.resolve(path),
    stat: (path) => workspace.stat(path),
    readdir: (path) => workspace.readdir(path),
    realpath: (path) => workspace.realpath(path),
    readFile: (path, options) => workspace.readFile(path, options),
  };
}
