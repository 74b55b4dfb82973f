import type { Workspace } from './workspace.js';

const writtenAsText = new WeakMap<Workspace, Set<string>>();

/**
 * Remember that this process wrote `absolutePath` of `workspace` from a string (an offloaded tool
 * result), so readers show it as text whatever it holds: a NUL byte in a tool's output does not
 * make the file binary.
 */
export function markWrittenAsText(workspace: Workspace, absolutePath: string): void {
  let paths = writtenAsText.get(workspace);
  if (paths === undefined) {
    paths = new Set();
    writtenAsText.set(workspace, paths);
  }
  paths.add(absolutePath);
}

/** True when {@link markWrittenAsText} recorded `absolutePath` for `workspace`. */
export function wasWrittenAsText(workspace: Workspace, absolutePath: string): boolean {
  return writtenAsText.get(workspace)?.has(absolutePath) ?? false;
}
