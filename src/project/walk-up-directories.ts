import path from 'node:path';
import { isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';

/** How the top of the walk-up was chosen. */
export type CeilingReason =
  /** The nearest ancestor holding a root marker (`.git` by default). */
  | 'root-marker'
  /** `stopAt` was given and is an ancestor of the workspace directory. */
  | 'stop-at'
  /** No root marker up to the workspace root: the workspace directory alone. */
  | 'no-root-marker'
  /** `stopAt` was given but is not an ancestor of the workspace directory: the workspace directory alone. */
  | 'stop-at-not-ancestor';

/** The directories a discovery searches, and why the walk stops where it does. */
export interface WalkUp {
  /** The highest directory searched. */
  ceiling: string;
  ceilingReason: CeilingReason;
  /** Ancestors first, the workspace directory last. */
  directories: string[];
}

/**
 * Choose the directories to search, from the ceiling down to `workspace.cwd`:
 *
 * 1. `stopAt` given and an ancestor of (or equal to) the workspace directory: walk up to it. When it
 *    lies above `workspace.root`, the root is the ceiling: nothing outside the root is ever read.
 * 2. `stopAt` given but not an ancestor: the workspace directory alone.
 * 3. Otherwise the project root: the nearest directory, from the workspace directory up to
 *    `workspace.root` inclusive, holding one of `rootMarkers` (file or directory).
 * 4. No marker found: the workspace directory alone.
 */
export async function walkUpDirectories(
  workspace: Workspace,
  options: { stopAt: string | undefined; rootMarkers: readonly string[] },
): Promise<WalkUp> {
  const start = workspace.cwd;
  if (options.stopAt !== undefined) {
    const stopAt = await realCeiling(workspace, path.posix.resolve(start, options.stopAt));
    if (!isInside(stopAt, start))
      return { ceiling: start, ceilingReason: 'stop-at-not-ancestor', directories: [start] };
    const ceiling = isInside(workspace.root, stopAt) ? stopAt : workspace.root;
    return { ceiling, ceilingReason: 'stop-at', directories: chain(ceiling, start) };
  }
  for (let directory = start; ; directory = path.posix.dirname(directory)) {
    if (await holdsMarker(workspace, directory, options.rootMarkers)) {
      return { ceiling: directory, ceilingReason: 'root-marker', directories: chain(directory, start) };
    }
    if (directory === workspace.root || directory === path.posix.dirname(directory)) break;
  }
  return { ceiling: start, ceilingReason: 'no-root-marker', directories: [start] };
}

/**
 * The ceiling as a real path when it names a directory inside the workspace through a symlink (the
 * workspace directory is a real path, so a linked name of an ancestor would never compare equal);
 * as given otherwise, including when it lies outside the root (callers on the local disk resolve
 * those before building the workspace).
 */
async function realCeiling(workspace: Workspace, stopAt: string): Promise<string> {
  if (isInside(stopAt, workspace.cwd) || !isInside(workspace.root, stopAt)) return stopAt;
  try {
    return await workspace.realpath(stopAt);
  } catch {
    return stopAt;
  }
}

async function holdsMarker(
  workspace: Workspace,
  directory: string,
  markers: readonly string[],
): Promise<boolean> {
  for (const marker of markers) {
    try {
      if ((await workspace.stat(path.posix.join(directory, marker))) !== undefined) return true;
    } catch {
      // A marker that cannot be inspected (e.g. a symlink leaving the root) does not make a root.
    }
  }
  return false;
}

/**
 * Every directory a walk-up may search, whatever marks the project root: `workspace.cwd` and each
 * ancestor up to `workspace.root`, nearest first. No I/O: for asking about all of them in one request.
 */
export function walkUpCandidates(workspace: Workspace): string[] {
  const directories: string[] = [];
  for (let directory = workspace.cwd; ; directory = path.posix.dirname(directory)) {
    directories.push(directory);
    if (directory === workspace.root || directory === path.posix.dirname(directory)) break;
  }
  return directories;
}

/** `top`, its descendants on the way to `bottom`, and `bottom` (top must contain bottom). */
function chain(top: string, bottom: string): string[] {
  const directories: string[] = [];
  for (let directory = bottom; ; directory = path.posix.dirname(directory)) {
    directories.push(directory);
    if (directory === top || directory === path.posix.dirname(directory)) break;
  }
  return directories.reverse();
}
