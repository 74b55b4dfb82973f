import { link, lstat, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { isProcessAlive } from './atomic-write.js';
import { capabilityCreationDefaults } from './capability-creation-defaults.js';
import { readStoreFile } from './store-file.js';

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  /** Give up with a `lock-timeout` error after waiting this long, in milliseconds. Default 30,000. */
  timeoutMs?: number;
  /**
   * A lock held longer than this (milliseconds) is taken over even when its holder still runs.
   * Default 10,000. A lock whose holder process is dead (same machine) is taken over at once.
   */
  staleMs?: number;
}

/** What a lock file says about its holder. `token` is unique per acquisition. */
interface LockHolder {
  pid?: number;
  hostname?: string;
  token?: string;
  acquiredAt?: number;
  /** Modification time, the only clue when the content cannot be read. */
  modifiedMs: number;
  /**
   * Set when something that is not a regular file is where the lock goes (a directory, a FIFO):
   * never opened, judged by its modification time alone, and removed whole when stale.
   */
  misplaced?: boolean;
}

const waiting = new Map<string, Promise<void>>();

/**
 * Run `action` while holding the lock file `lockPath`, serialising it with every other process (and
 * every other caller in this process) that locks the same path.
 *
 * The lock file is created whole and atomically (a hard link of a complete temp file, falling back
 * to an exclusive create where hard links are not supported) and holds the pid, host name, a
 * unique token and the time. A holder that died (same host, pid gone) or held it longer than
 * `staleMs` is taken over; take-overs are serialised by a second `<lock>.break` file so two waiters
 * never both remove a lock. Something else than a regular file at the lock's path (a directory, a
 * FIFO) is never opened: it counts as a lock whose holder is unknown, taken over (removed) once its
 * modification time is `staleMs` old. Release removes the file only if it still carries this
 * holder's token. A failure to create the lock (a full disk, a read-only directory) leaves no temp
 * file behind and is thrown as the system's error.
 */
export async function withFileLock<T>(
  lockPath: string,
  action: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  // Callers in the same process queue up here instead of polling the file against each other.
  const previous = waiting.get(lockPath) ?? Promise.resolve();
  let done!: () => void;
  const mine = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
  waiting.set(lockPath, mine);
  await previous;
  try {
    const token = await acquire(
      lockPath,
      options.timeoutMs ?? capabilityCreationDefaults.lock.timeoutMs,
      options.staleMs ?? capabilityCreationDefaults.lock.staleMs,
    );
    try {
      return await action();
    } finally {
      await release(lockPath, token);
    }
  } finally {
    done();
    if (waiting.get(lockPath) === mine) waiting.delete(lockPath);
  }
}

async function acquire(lockPath: string, timeoutMs: number, staleMs: number): Promise<string> {
  const token = `${process.pid}-${cryptoModule().randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const content = JSON.stringify({ pid: process.pid, hostname: hostname(), token, acquiredAt: Date.now() });
    if (await createWhole(lockPath, content)) {
      await removeDeadBreaker(`${lockPath}.break`, staleMs);
      return token;
    }
    const holder = await readHolder(lockPath);
    if (holder !== undefined && isStale(holder, staleMs)) {
      await breakStaleLock(lockPath, holder, staleMs);
      continue;
    }
    if (holder === undefined) continue;
    if (Date.now() > deadline) {
      throw new AgentContextError(
        `Timed out after ${timeoutMs} ms waiting for the lock ${lockPath} (held by pid ${holder.pid ?? 'unknown'}). If no other process uses this directory, remove the lock file.`,
        { code: 'lock-timeout', path: lockPath, reason: 'lock held by another process' },
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

/** Create `path` with `content` in one step; false when it already exists. */
async function createWhole(path: string, content: string): Promise<boolean> {
  const temp = `${path}.${process.pid}.${cryptoModule().randomBytes(4).toString('hex')}.tmp`;
  try {
    // Inside the try: a write that fails after the create (a full disk) leaves the temp file.
    await writeFile(temp, content, { flag: 'wx' });
    await link(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    // File systems without hard links: an exclusive create is still exclusive, just not whole.
    try {
      await writeFile(path, content, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    await rm(temp, { force: true });
  }
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const info = await lstat(path);
    if (!info.isFile()) return { modifiedMs: info.mtimeMs, misplaced: true };
    const read = await readStoreFile(dirname(path), path, { maxBytes: maxLockBytes });
    if (read.state === 'missing') return undefined;
    if (read.state !== 'ok') return { modifiedMs: info.mtimeMs };
    try {
      const parsed = JSON.parse(read.text) as Omit<LockHolder, 'modifiedMs' | 'misplaced'>;
      return { ...parsed, modifiedMs: Number(read.stats.mtimeMs) };
    } catch {
      return { modifiedMs: Number(read.stats.mtimeMs) };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A lock file is one short line of JSON; anything longer is not read. */
const maxLockBytes = 4_096;

function isStale(holder: LockHolder, staleMs: number): boolean {
  if (holder.hostname === hostname() && holder.pid !== undefined && !isProcessAlive(holder.pid)) return true;
  return Date.now() - (holder.acquiredAt ?? holder.modifiedMs) > staleMs;
}

async function breakStaleLock(lockPath: string, stale: LockHolder, staleMs: number): Promise<void> {
  const breakPath = `${lockPath}.break`;
  const content = JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: Date.now() });
  if (!(await createWhole(breakPath, content))) {
    await removeDeadBreaker(breakPath, staleMs);
    await sleep(2);
    return;
  }
  try {
    // Only the stale holder's own file is removed: if it changed since we looked, someone else
    // already took over and holds it legitimately.
    const current = await readHolder(lockPath);
    if (current !== undefined && sameHolder(current, stale))
      await rm(lockPath, { force: true, recursive: current.misplaced === true });
  } finally {
    await rm(breakPath, { force: true });
  }
}

/** A take-over marker whose process died mid-take-over would otherwise stay forever. */
async function removeDeadBreaker(breakPath: string, staleMs: number): Promise<void> {
  const breaker = await readHolder(breakPath).catch(() => undefined);
  if (breaker !== undefined && isStale(breaker, staleMs))
    await rm(breakPath, { force: true, recursive: breaker.misplaced === true });
}

function sameHolder(a: LockHolder, b: LockHolder): boolean {
  if (a.token !== undefined || b.token !== undefined) return a.token === b.token;
  return a.modifiedMs === b.modifiedMs;
}

async function release(lockPath: string, token: string): Promise<void> {
  const holder = await readHolder(lockPath).catch(() => undefined);
  if (holder?.token === token) await rm(lockPath, { force: true });
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
