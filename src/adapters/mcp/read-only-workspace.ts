import type { Workspace } from '../../workspace/workspace.js';

/**
 * The same workspace without `writeFile` and `removeFile`: every feature that needs to write (offload,
 * capability creation, the `write_file` tool) refuses with `workspace-not-writable`, and nothing else
 * can write through it either.
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
