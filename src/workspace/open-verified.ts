import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  type Stats,
  unlinkSync,
} from 'node:fs';
import fs from 'node:fs/promises';
import { AgentContextError } from '../errors.js';
import { isInside, outsideWorkspaceError } from './paths.js';

/**
 * How an opened descriptor is proven to be inside the root:
 * - `descriptor-path` (Linux with `/proc`): the kernel's own path of the descriptor,
 *   `/proc/self/fd/N`, must lie inside the root. Exact: nothing outside is read, listed or written.
 * - `inode` (elsewhere): the path is checked again after the open, and the descriptor's device and
 *   inode must equal those of the checked path. A process that swaps a symlink in for the open and
 *   back out before the second check can still slip one open past it.
 */
export type VerificationMethod = 'descriptor-path' | 'inode';

/**
 * The method this platform supports. A process that may not look at `/proc` (Node's permission
 * model throws instead of answering) gets `inode`, so importing the library never fails there.
 */
export const platformVerification: VerificationMethod = detectVerification();

function detectVerification(): VerificationMethod {
  if (process.platform !== 'linux') return 'inode';
  try {
    return existsSync('/proc/self/fd') ? 'descriptor-path' : 'inode';
  } catch {
    return 'inode';
  }
}

/** What every verified open needs to know about the workspace and the request. */
export interface VerifiedOpenContext {
  /** Real path of the containment root (`/` for host access). */
  realRoot: string;
  /** The path as the caller gave it, for error messages. */
  requested: string;
  method: VerificationMethod;
  /** Check the requested path again (the `inode` method): its real path now, or `undefined`. */
  recheck: () => Promise<string | undefined>;
}

/** An open, verified descriptor. Close `handle` when done. */
export interface VerifiedHandle {
  handle: fs.FileHandle;
  stats: Stats;
  /**
   * A path that names the opened object itself: `/proc/self/fd/N` with `descriptor-path`, so a
   * listing or a name below it cannot be redirected; the checked real path with `inode`.
   */
  path: string;
}

const readFlags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
const directoryFlags = readFlags | (constants.O_DIRECTORY ?? 0);

/**
 * Open `realPath` without following a final symlink and without blocking (a FIFO opens at once),
 * then prove that the object opened is inside the root and is of the expected kind, before a byte
 * is read. Throws `path-outside-workspace` when a concurrent change led the open outside, and
 * `not-a-file` / `not-a-directory` for anything else than asked (FIFOs, sockets, devices).
 */
export async function openVerified(
  realPath: string,
  kind: 'file' | 'directory',
  context: VerifiedOpenContext,
): Promise<VerifiedHandle> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(realPath, kind === 'directory' ? directoryFlags : readFlags);
  } catch (error) {
    throw refusalOfOpen(error, kind, context.requested) ?? error;
  }
  try {
    const verified = await verifyHandle(handle, realPath, context);
    requireKind(verified.stats, kind, context.requested);
    return verified;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * The cheapest verified open, for the `descriptor-path` method: one synchronous `open` (no final
 * symlink followed, never blocking), `fstat`, the descriptor's own path checked against the root,
 * the kind checked (a file unless `kind` says `directory`: list it through `/proc/self/fd/N`). A thread-pool round trip per step costs tens of microseconds where these cost one
 * or two, and a small file is read whole right after. Returns the descriptor (close it) and its stats.
 */
export function openVerifiedFileSync(
  realPath: string,
  context: VerifiedOpenContext,
  kind: 'file' | 'directory' = 'file',
): { descriptor: number; stats: Stats } {
  let descriptor: number;
  try {
    descriptor = openSync(realPath, kind === 'directory' ? directoryFlags : readFlags);
  } catch (error) {
    throw refusalOfOpen(error, kind, context.requested) ?? error;
  }
  try {
    const stats = fstatSync(descriptor);
    const actual = readlinkSync(`/proc/self/fd/${descriptor}`);
    if (!isInside(context.realRoot, actual)) throw movedOutside(context, actual);
    requireKind(stats, kind, context.requested);
    return { descriptor, stats };
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

/**
 * Open the entry `name` of a directory held open as `directoryDescriptor` (opened and verified with
 * {@link openVerifiedFileSync}), for the `descriptor-path` method: one synchronous `open` of
 * `/proc/self/fd/DIRECTORY/NAME`, no final symlink followed and never blocking, then `fstat` and the
 * kind checked. No path check of its own is needed: the kernel looks `name` up in the directory
 * object itself, not by a path that could be redirected, so what opens is an entry of a directory
 * proven inside the root. `name` must be one entry name as a listing gives it (no `/`, not `.` or
 * `..`; anything else is refused as `path-outside-workspace`). Returns the descriptor (close it) and
 * its stats; throws as {@link openVerifiedFileSync}.
 */
export function openEntrySync(
  directoryDescriptor: number,
  name: string,
  context: Pick<VerifiedOpenContext, 'realRoot' | 'requested'>,
): { descriptor: number; stats: Stats } {
  const { requested } = context;
  const entry = entryPath(directoryDescriptor, name, context);
  let descriptor: number;
  try {
    descriptor = openSync(entry, readFlags);
  } catch (error) {
    throw refusalOfOpen(error, 'file', requested) ?? error;
  }
  try {
    const stats = fstatSync(descriptor);
    requireKind(stats, 'file', requested);
    return { descriptor, stats };
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

/**
 * Open the subdirectory `name` of a directory held open as `directoryDescriptor` (opened and verified
 * with {@link openVerifiedFileSync}, or itself opened so), for the `descriptor-path` method: one
 * synchronous `open` of `/proc/self/fd/DIRECTORY/NAME` that follows no final link, never blocks and
 * opens only a directory. As with {@link openEntrySync}, the kernel looks `name` up in the directory
 * object itself, so what opens lies inside the root without a path check of its own. Returns the
 * descriptor (close it); throws `not-a-directory`, `path-outside-workspace` for a link or a name that
 * is not one plain name, and the system's error otherwise.
 */
export function openSubdirectorySync(
  directoryDescriptor: number,
  name: string,
  context: Pick<VerifiedOpenContext, 'realRoot' | 'requested'>,
): number {
  const { requested } = context;
  const entry = entryPath(directoryDescriptor, name, context);
  try {
    return openSync(entry, directoryFlags);
  } catch (error) {
    throw refusalOfOpen(error, 'directory', requested) ?? error;
  }
}

/**
 * Remove the entry `name` of a directory held open as `directoryDescriptor` (opened and verified
 * with {@link openVerifiedFileSync}, kind `directory`), for the `descriptor-path` method: the entry is
 * unlinked through `/proc/self/fd/DIRECTORY/NAME`, looked up in the directory object itself, so a
 * directory swapped for a link after it was resolved never leads the removal outside. A link is
 * removed, not its target. Throws `not-a-file` for a directory, `path-outside-workspace` for a name
 * that is not one plain entry name, and the system's error otherwise (`ENOENT` for a missing entry).
 */
export function removeEntrySync(
  directoryDescriptor: number,
  name: string,
  context: Pick<VerifiedOpenContext, 'realRoot' | 'requested'>,
): void {
  const { requested } = context;
  const entry = entryPath(directoryDescriptor, name, context);
  try {
    unlinkSync(entry);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      (code === 'EISDIR' || code === 'EPERM') &&
      lstatSync(entry, { throwIfNoEntry: false })?.isDirectory()
    ) {
      throw new AgentContextError(`Is a directory, not a file: ${requested}`, {
        code: 'not-a-file',
        path: requested,
        reason: 'is a directory',
      });
    }
    throw error;
  }
}

/**
 * The path of the entry `name` of a directory held open as `directoryDescriptor`
 * (`/proc/self/fd/DIRECTORY/NAME`, looked up in the directory object itself); throws
 * `path-outside-workspace` when `name` is not one plain entry name (empty, `.`, `..`, a `/` or NUL).
 */
function entryPath(
  directoryDescriptor: number,
  name: string,
  context: Pick<VerifiedOpenContext, 'realRoot' | 'requested'>,
): string {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) {
    throw outsideWorkspaceError(context.requested, context.realRoot, 'the entry name is not one plain name');
  }
  return `/proc/self/fd/${directoryDescriptor}/${name}`;
}

/** Prove an open descriptor lies inside the root (see {@link VerificationMethod}). */
export async function verifyHandle(
  handle: fs.FileHandle,
  realPath: string,
  context: VerifiedOpenContext,
): Promise<VerifiedHandle> {
  const stats = fstatSync(handle.fd);
  if (context.method === 'descriptor-path') {
    const descriptorPath = `/proc/self/fd/${handle.fd}`;
    const actual = readlinkSync(descriptorPath);
    if (!isInside(context.realRoot, actual)) throw movedOutside(context, actual);
    return { handle, stats, path: descriptorPath };
  }
  const now = await context.recheck();
  const linkStats = now === undefined ? undefined : lstatSync(now, { throwIfNoEntry: false });
  if (
    now === undefined ||
    linkStats === undefined ||
    linkStats.dev !== stats.dev ||
    linkStats.ino !== stats.ino
  ) {
    throw movedOutside(context, realPath);
  }
  return { handle, stats, path: now };
}

function movedOutside(context: VerifiedOpenContext, actual: string): AgentContextError {
  return outsideWorkspaceError(
    context.requested,
    context.realRoot,
    `the path changed while it was opened and led to ${actual}`,
  );
}

function requireKind(stats: Stats, kind: 'file' | 'directory', requested: string): void {
  if (kind === 'file' && !stats.isFile()) throw notARegularFile(requested, stats);
  if (kind === 'directory' && !stats.isDirectory()) {
    throw new AgentContextError(`Not a directory: ${requested}`, {
      code: 'not-a-directory',
      path: requested,
      reason: 'not a directory',
    });
  }
}

/** `not-a-file` naming what the path is instead. */
export function notARegularFile(
  requested: string,
  stats?: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean },
): AgentContextError {
  const what =
    stats === undefined
      ? 'not a regular file'
      : stats.isDirectory()
        ? 'a directory'
        : stats.isFIFO()
          ? 'a named pipe (FIFO)'
          : stats.isSocket()
            ? 'a socket'
            : 'a device or other special file';
  return new AgentContextError(`Not a regular file: ${requested} is ${what}`, {
    code: 'not-a-file',
    path: requested,
    reason: what === 'not a regular file' ? what : `is ${what}`,
  });
}

/** Errors of the open itself that mean "not what was asked for" rather than an I/O failure. */
function refusalOfOpen(
  error: unknown,
  kind: 'file' | 'directory',
  requested: string,
): AgentContextError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // ENXIO: a socket (or a FIFO opened for writing with no reader); ELOOP: the last segment became a symlink.
  if (code === 'ENXIO' || code === 'EOPNOTSUPP') {
    return new AgentContextError(`Not a regular file: ${requested} is a socket or special file`, {
      code: 'not-a-file',
      path: requested,
      reason: 'is a socket or special file',
      cause: error,
    });
  }
  if (code === 'ENOTDIR' && kind === 'directory') {
    return new AgentContextError(`Not a directory: ${requested}`, {
      code: 'not-a-directory',
      path: requested,
      reason: 'not a directory',
      cause: error,
    });
  }
  if (code === 'ELOOP') {
    return new AgentContextError(
      `Refused ${JSON.stringify(requested)}: it became a symbolic link while it was opened`,
      {
        code: 'path-outside-workspace',
        path: requested,
        reason: 'the path changed while it was opened',
        cause: error,
      },
    );
  }
  return undefined;
}
