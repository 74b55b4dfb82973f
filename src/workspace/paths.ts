import path from 'node:path';
import { AgentContextError } from '../errors.js';

/** Convert a host path to POSIX separators (a no-op on POSIX systems). */
export function toPosixPath(hostPath: string): string {
  return path.sep === '/' ? hostPath : hostPath.split(path.sep).join('/');
}

/**
 * True when `child` is `parent` or lies below it. Both must be absolute, normalised POSIX paths.
 * Lexical only: no I/O, symlinks not considered.
 */
export function isInside(parent: string, child: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith('/') ? parent : `${parent}/`;
  return child.startsWith(prefix);
}

/** Most segments a resolved path may have; a deeper one is refused (`invalid-path`). */
export const maximumPathSegments = 256;
/** Longest resolved path, in characters (Linux's `PATH_MAX`); a longer one is refused (`invalid-path`). */
export const maximumPathLength = 4_096;

/**
 * Lexically resolve `target` against the absolute POSIX directory `base`. Throws `invalid-path`
 * for NUL bytes (they would be cut by the OS and open a different file), and for a result deeper
 * than {@link maximumPathSegments} segments or longer than {@link maximumPathLength}
 * characters: every walk over a path costs at least its depth, and some (the nested instructions
 * of a touch) the depth times the length.
 */
export function resolvePosix(base: string, target: string): string {
  if (target.includes('\0')) {
    throw new AgentContextError(`Path contains a NUL byte: ${JSON.stringify(target)}`, {
      code: 'invalid-path',
      path: target,
      reason: 'NUL byte',
    });
  }
  const posix = toPosixPath(target);
  // An absolute path already in normal form is its own resolution (path.posix.resolve costs more
  // the longer the path, and deep trees make long paths).
  const resolved =
    posix.startsWith('/') && !posix.endsWith('/') && !/\/\.{0,2}(?:\/|$)/.test(posix)
      ? posix
      : path.posix.resolve(base, posix);
  if (exceedsPathLimits(resolved)) {
    const shown = target.length > 80 ? `${JSON.stringify(target.slice(0, 80))}...` : JSON.stringify(target);
    throw new AgentContextError(
      `Refused the path ${shown}: it is deeper than ${maximumPathSegments} segments or longer than ${maximumPathLength} characters once resolved.`,
      { code: 'invalid-path', path: target.slice(0, maximumPathLength), reason: 'too deep or too long' },
    );
  }
  return resolved;
}

/**
 * True when the absolute POSIX `path` is deeper than {@link maximumPathSegments} segments or longer
 * than {@link maximumPathLength} characters (slashes counted up to the limit only).
 */
export function exceedsPathLimits(path: string): boolean {
  if (path.length > maximumPathLength) return true;
  let count = 0;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    if (++count > maximumPathSegments) return true;
  }
  return false;
}

/** The error every contained workspace throws for an escape. */
export function outsideWorkspaceError(requested: string, root: string, reason: string): AgentContextError {
  return new AgentContextError(
    `Refused ${JSON.stringify(requested)}: ${reason}, outside the workspace root ${root}. ` +
      'Use a path inside the workspace, or create the workspace with `contained: false` to allow host access.',
    { code: 'path-outside-workspace', path: requested, reason },
  );
}

/**
 * Order strings by Unicode code point (not UTF-16 code unit), so listings sort the same way on every
 * platform and in every language.
 */
export function compareCodePoints(left: string, right: string): number {
  // Below the surrogates, code units are code points: most names are compared here, unit by unit.
  const shorter = Math.min(left.length, right.length);
  for (let index = 0; index < shorter; index++) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a >= 0xd800 || b >= 0xd800) return compareFromCodePoints(left, right);
    if (a !== b) return a - b;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}

/**
 * Sort `names` in place by {@link compareCodePoints} and return them. The engine's own sort (by code
 * unit, no comparison called back) orders them first; the order is then checked pair by pair, and only
 * names that code units order otherwise (a surrogate pair against a unit from U+E000 up) are sorted
 * again with the comparison. A folder of 100,000 names sorts in a few milliseconds instead of tens.
 */
export function sortByCodePoints(names: string[]): string[] {
  names.sort();
  for (let index = 1; index < names.length; index += 1) {
    if (compareCodePoints(names[index - 1]!, names[index]!) > 0) return names.sort(compareCodePoints);
  }
  return names;
}

/** {@link compareCodePoints} by whole code points, for strings with a unit at or above U+D800. */
function compareFromCodePoints(left: string, right: string): number {
  const leftPoints = left[Symbol.iterator]();
  const rightPoints = right[Symbol.iterator]();
  for (;;) {
    const a = leftPoints.next();
    const b = rightPoints.next();
    if (a.done || b.done) return a.done === b.done ? 0 : a.done ? -1 : 1;
    const difference = a.value.codePointAt(0)! - b.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}
