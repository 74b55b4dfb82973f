import path from 'node:path';
import { AgentContextError } from '../errors.js';
import type { CheckedDirectories } from './checked-directories.js';
import { isInside, outsideWorkspaceError } from './paths.js';

/** What {@link resolveRealPath} needs to know about one path segment, without following it. */
export type SegmentInfo =
  | { kind: 'symlink'; target: string }
  | { kind: 'directory' | 'file' | 'other' }
  | undefined;

/** Result of {@link resolveRealPath}. */
export interface RealPathResolution {
  /** The real absolute POSIX path. When `exists` is false, the missing tail is appended as given. */
  realPath: string;
  exists: boolean;
  /** True when the last segment of the requested path was itself a symlink. */
  symlink: boolean;
  /** What the real path is, when it exists (as seen by the check; it may change before an open). */
  kind?: 'directory' | 'file' | 'other';
}

/** Symlink hops allowed in one resolution before it counts as a loop (the Linux limit is 40). */
const maximumSymlinkHops = 40;

/**
 * Resolve symlinks segment by segment below `realRoot`, refusing any link whose target leaves it
 * before anything outside is touched: `inspect` is only ever called on paths inside `realRoot`.
 *
 * @param absolutePath an absolute POSIX path, lexically inside `realRoot`.
 * @param realRoot the real (symlink-free) absolute POSIX path of the containment root.
 * @param inspect `lstat` plus `readlink` for one path, synchronous or not.
 * @param requested the path as the caller gave it, for error messages.
 * @param checked directories already resolved in this operation (see `withCheckedDirectories`): the
 *   walk starts at the deepest one above the path instead of at the root, and adds those it resolves.
 *   The last segment is always inspected.
 */
export async function resolveRealPath(
  absolutePath: string,
  realRoot: string,
  inspect: (path: string) => SegmentInfo | Promise<SegmentInfo>,
  requested: string = absolutePath,
  checked?: CheckedDirectories,
): Promise<RealPathResolution> {
  let hops = 0;
  const walk = async (target: string): Promise<RealPathResolution> => {
    const start = checked?.deepestAbove(target, realRoot);
    let lexical = start?.lexical ?? realRoot;
    let current = start?.real ?? realRoot;
    // `target` is normalised and lies below `lexical` (the root, or an ancestor found above).
    const relative = target === lexical ? '' : target.slice(lexical === '/' ? 1 : lexical.length + 1);
    const segments = relative === '' ? [] : relative.split('/');
    let currentKind: RealPathResolution['kind'] = 'directory';
    let lastWasSymlink = false;
    for (let index = 0; index < segments.length; index++) {
      lexical = `${lexical === '/' ? '' : lexical}/${segments[index]}`;
      const candidate = `${current === '/' ? '' : current}/${segments[index]}`;
      // A synchronous answer is used at once: the whole walk then runs in one turn, so concurrent
      // walks of one operation never start cold side by side, each after the one before it.
      const inspected = inspect(candidate);
      const info = inspected instanceof Promise ? await inspected : inspected;
      lastWasSymlink = false;
      if (info === undefined) {
        const rest = segments.slice(index).join('/');
        return { realPath: `${current === '/' ? '' : current}/${rest}`, exists: false, symlink: false };
      }
      if (info.kind === 'symlink') {
        hops += 1;
        if (hops > maximumSymlinkHops) {
          throw new AgentContextError(
            `Too many symbolic links while resolving ${JSON.stringify(requested)}`,
            {
              code: 'symlink-loop',
              path: requested,
              reason: 'symlink loop',
            },
          );
        }
        const linkTarget = path.posix.resolve(current, info.target);
        if (!isInside(realRoot, linkTarget)) {
          throw outsideWorkspaceError(requested, realRoot, `symlink ${candidate} points to ${linkTarget}`);
        }
        const resolved = await walk(linkTarget);
        if (!resolved.exists)
          return { ...resolved, realPath: joinRest(resolved.realPath, segments, index + 1) };
        current = resolved.realPath;
        currentKind = resolved.kind;
        lastWasSymlink = true;
        if (currentKind === 'directory') checked?.set(lexical, current);
        continue;
      }
      if (info.kind !== 'directory' && index < segments.length - 1) {
        // A file in the middle of a path: nothing below it can exist.
        return { realPath: joinRest(candidate, segments, index + 1), exists: false, symlink: false };
      }
      current = candidate;
      currentKind = info.kind;
      if (currentKind === 'directory') checked?.set(lexical, current);
    }
    return { realPath: current, exists: true, symlink: lastWasSymlink, kind: currentKind };
  };
  return walk(absolutePath);
}

function joinRest(base: string, segments: string[], from: number): string {
  const rest = segments.slice(from).join('/');
  return rest === '' ? base : `${base}/${rest}`;
}
