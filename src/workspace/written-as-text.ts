import type { Workspace } from './workspace.js';

/** Per workspace: files written from strings in this process, and directories whose files are text by name. */
interface TextFiles {
  paths: Set<string>;
  directories: Map<string, (name: string) => boolean>;
}

const textFiles = new WeakMap<Workspace, TextFiles>();

function textFilesOf(workspace: Workspace): TextFiles {
  let files = textFiles.get(workspace);
  if (files === undefined) {
    files = { paths: new Set(), directories: new Map() };
    textFiles.set(workspace, files);
  }
  return files;
}

/**
 * Remember that this process wrote `absolutePath` of `workspace` from a string (an offloaded tool
 * result), so readers show it as text whatever it holds: a NUL byte in a tool's output does not
 * make the file binary.
 */
export function markWrittenAsText(workspace: Workspace, absolutePath: string): void {
  textFilesOf(workspace).paths.add(absolutePath);
}

/**
 * Treat the files directly in `absoluteDirectory` whose name `accepts` takes as text, whatever they
 * hold: results offloaded there by an earlier process are read back as written.
 */
export function markTextDirectory(
  workspace: Workspace,
  absoluteDirectory: string,
  accepts: (name: string) => boolean,
): void {
  textFilesOf(workspace).directories.set(absoluteDirectory, accepts);
}

/** True when `absolutePath` of `workspace` was marked, itself or by its directory and name. */
export function wasWrittenAsText(workspace: Workspace, absolutePath: string): boolean {
  const files = textFiles.get(workspace);
  if (files === undefined) return false;
  if (files.paths.has(absolutePath)) return true;
  const slash = absolutePath.lastIndexOf('/');
  const accepts = files.directories.get(slash <= 0 ? '/' : absolutePath.slice(0, slash));
  return accepts?.(absolutePath.slice(slash + 1)) ?? false;
}
