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
  const { cwd } = workspace;
  // The common cases without path.relative, whose cost grows with the length of both paths.
  if (absolutePath === cwd) return '.';
  if (isNormalized(absolutePath)) {
    if (isInside(cwd, absolutePath)) return absolutePath.slice(cwd === '/' ? 1 : cwd.length + 1);
    if (isInside(absolutePath, cwd))
      return upTo(cwd.slice(absolutePath === '/' ? 1 : absolutePath.length + 1));
  }
  return path.posix.relative(cwd, absolutePath) || '.';
}

/**
 * {@link toLabel} for the entries of directories, labelled one after the other: the label of
 * `directory/NAME` (given as `path`) is the directory's label with `/NAME`, the directory's computed
 * once while the entries of one directory come in a row. A path not directly in `directory`, or a
 * directory not plainly below the working directory, is labelled by {@link toLabel} itself.
 */
export function entryLabels(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
): (directory: string, path: string) => string {
  let lastDirectory: string | undefined;
  /** What the label of an entry of the last directory starts with; `undefined`: ask `toLabel`. */
  let prefix: string | undefined;
  return (directory, path) => {
    if (directory !== lastDirectory) {
      lastDirectory = directory;
      prefix = labelPrefix(workspace, directory);
    }
    const nameStart = directory === '/' ? 1 : directory.length + 1;
    if (
      prefix === undefined ||
      path.length <= nameStart ||
      path.charCodeAt(nameStart - 1) !== slash ||
      !path.startsWith(directory) ||
      path.indexOf('/', nameStart) !== -1
    )
      return toLabel(workspace, path);
    const name = path.slice(nameStart);
    return name === '.' || name === '..' ? toLabel(workspace, path) : prefix + name;
  };
}

const slash = 0x2f;

/**
 * {@link toLabel} of the entries of one directory, by name (a plain name: no `/`, not `.` or `..`):
 * the directory's label is computed once. The same labels as {@link entryLabels}, without a path
 * built per entry when the directory is plainly below the working directory.
 */
export function directoryEntryLabels(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
  directory: string,
): (name: string) => string {
  const prefix = labelPrefix(workspace, directory);
  if (prefix !== undefined) return (name) => prefix + name;
  const under = directory === '/' ? '/' : `${directory}/`;
  return (name) => toLabel(workspace, under + name);
}

/**
 * What the labels of the entries of `directory` start with (`''` for the working directory), or
 * `undefined` when the directory is not plainly below the working directory (ask {@link toLabel}).
 */
function labelPrefix(workspace: Pick<Workspace, 'root' | 'cwd'>, directory: string): string | undefined {
  const { root, cwd } = workspace;
  if (!(isNormalized(directory) && isInside(root, directory) && isInside(cwd, directory))) return undefined;
  return directory === cwd ? '' : `${directory.slice(cwd === '/' ? 1 : cwd.length + 1)}/`;
}

/** `../` once per segment of `below`, without the last slash: the label of an ancestor. */
function upTo(below: string): string {
  let label = '..';
  for (let index = below.indexOf('/'); index !== -1; index = below.indexOf('/', index + 1)) label += '/..';
  return label;
}

/** True for an absolute POSIX path with no empty, `.` or `..` segment and no trailing slash. */
export function isNormalized(absolutePath: string): boolean {
  return (
    absolutePath === '/' ||
    (absolutePath.startsWith('/') && !absolutePath.endsWith('/') && !/\/\.{0,2}(?:\/|$)/.test(absolutePath))
  );
}
