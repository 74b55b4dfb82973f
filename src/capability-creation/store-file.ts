import { type BigIntStats, constants } from 'node:fs';
import { type FileHandle, lstat, open, realpath, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';

/** What {@link readStoreFile} found at a path of the store. */
export type StoreFileRead =
  /** A regular file (or a link to one inside the store), read whole as UTF-8. */
  | { state: 'ok'; text: string; stats: BigIntStats }
  /** Nothing there (or a parent that is not a directory). */
  | { state: 'missing' }
  /** Something that is not a regular file, never opened: `reason` says what it is, in words. */
  | { state: 'refused'; reason: string }
  /** Larger than `maxBytes`. */
  | { state: 'too-large'; size: number }
  /** The operating system refused or failed the read: `reason` is its error code. */
  | { state: 'unreadable'; reason: string };

/** Options of {@link readStoreFile}. */
export interface StoreFileOptions {
  /** Refuse a file larger than this many bytes without reading it. No limit when left out. */
  maxBytes?: number;
}

const regularReadFlags = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Read a file of the capability store at `path` as UTF-8 text, without ever opening (or waiting
 * on) anything that is not a regular file: the path is looked at with `lstat` first, so a FIFO, a
 * socket, a device or a directory where a file belongs is refused with what it is, and a symbolic
 * link is followed only when it leads to a regular file inside `directory` (the store). The open is
 * non-blocking and its descriptor checked again (`fstat`), so a FIFO swapped in between the look and
 * the open is refused too instead of waited on. Never throws.
 */
export async function readStoreFile(
  directory: string,
  path: string,
  options: StoreFileOptions = {},
): Promise<StoreFileRead> {
  let handle: FileHandle | undefined;
  try {
    const link = await lstat(path, { bigint: true });
    if (link.isSymbolicLink()) {
      const target = await realpath(path);
      const inside = relative(await realpath(directory), target);
      if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || inside.startsWith(sep)) {
        return { state: 'refused', reason: `a symbolic link leading outside the store (to ${target})` };
      }
      const followed = await stat(path, { bigint: true });
      if (!followed.isFile()) return { state: 'refused', reason: `a symbolic link to ${kindOf(followed)}` };
    } else if (!link.isFile()) {
      return { state: 'refused', reason: kindOf(link) };
    }
    handle = await open(
      path,
      link.isSymbolicLink() ? regularReadFlags : regularReadFlags | constants.O_NOFOLLOW,
    );
    const opened = await handle.stat({ bigint: true });
    if (!opened.isFile()) return { state: 'refused', reason: kindOf(opened) };
    if (options.maxBytes !== undefined && Number(opened.size) > options.maxBytes)
      return { state: 'too-large', size: Number(opened.size) };
    const text = await handle.readFile('utf8');
    return { state: 'ok', text, stats: opened };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    if (code === 'ELOOP')
      return { state: 'refused', reason: 'a symbolic link swapped in while it was opened' };
    return { state: 'unreadable', reason: code ?? (error as Error).message };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** What a file-system entry is, in words, for a message: `a FIFO`, `a directory`, ... */
export function kindOf(stats: {
  isFile(): boolean;
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSymbolicLink(): boolean;
}): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}
