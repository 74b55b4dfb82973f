import type { Workspace } from './workspace.js';

/**
 * The same workspace without `writeFile`, `createFile` and `removeFile`: what a capability that must only read
 * (user-level files, for one) is given. Its batch operations, when it has them, are kept. Every read still goes through `workspace`, contained as it is.
 */
export function readOnlyWorkspace(workspace: Workspace): Workspace {
  const { statPaths, readFiles, listDirectories } = workspace;
  return {
    ...(statPaths ? { statPaths: (paths) => statPaths.call(workspace, paths) } : {}),
    ...(readFiles ? { readFiles: (paths, options) => readFiles.call(workspace, paths, options) } : {}),
    ...(listDirectories ? { listDirectories: (requests) => listDirectories.call(workspace, requests) } : {}),
    root: workspace.root,
    cwd: workspace.cwd,
    resolve: (path) => workspace.resolve(path),
    stat: (path) => workspace.stat(path),
    readdir: (path) => workspace.readdir(path),
    realpath: (path) => workspace.realpath(path),
    readFile: (path, options) => workspace.readFile(path, options),
  };
}
