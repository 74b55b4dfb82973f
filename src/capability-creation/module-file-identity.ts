import { type BigIntStats, lstatSync } from 'node:fs';

/**
 * How long after its last change a file's timestamps are trusted to tell versions apart, in
 * milliseconds. File systems stamp changes with a coarse clock (a few milliseconds on Linux, up to
 * two seconds on some), so two writes within one tick of the same size can leave the same
 * timestamps; a file changed this recently is read and hashed again instead.
 */
const timestampMarginMs = 2_000;

/**
 * The identity of one version of a regular file or directory, from its `lstat` (device, inode,
 * size, and the modification and change times in nanoseconds): any write to a file changes it, an
 * entry added to or removed from a directory changes the directory's, and replacing either makes a
 * new inode. `undefined` for anything else (a symbolic link is never identified this way: its
 * target can change behind it), and for an entry changed within the timestamp margin of `now`.
 */
export function fileIdentityOf(stats: BigIntStats, now: number = Date.now()): string | undefined {
  if (!stats.isFile() && !stats.isDirectory()) return undefined;
  const changedMs = Math.max(Number(stats.ctimeNs), Number(stats.mtimeNs)) / 1e6;
  if (changedMs > now - timestampMarginMs) return undefined;
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/**
 * The identity of the file or directory at `path` now (one synchronous `lstat`), or `undefined`
 * when it cannot be identified (missing, a link or another kind, changed within the margin).
 */
export function currentFileIdentity(path: string): string | undefined {
  try {
    return fileIdentityOf(lstatSync(path, { bigint: true }));
  } catch {
    return undefined;
  }
}
