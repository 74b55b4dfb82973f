import { type FileHandle, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Flush the file and its directory to the disk before returning. Default `true`; caches may skip it. */
  durable?: boolean;
}

/** Matches the temp files {@link writeFileAtomic} creates: `<file>.<pid>.<8 hex digits>.tmp`. */
const tempFilePattern = /^(.+)\.(\d+)\.([0-9a-f]{8})\.tmp$/;

/**
 * Replace `path` with `data` so that a reader (or a crash) sees either the old file or the new one,
 * never a mix: write a temp file in the same directory, fsync it, rename it over `path`, then fsync
 * the directory so the rename itself is durable. The temp file is removed when any step fails.
 * Throws an `AgentContextError` with code `write-failed`.
 */
export async function writeFileAtomic(
  path: string,
  data: string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const durable = options.durable ?? true;
  const temp = join(
    dirname(path),
    `${basename(path)}.${process.pid}.${cryptoModule().randomBytes(4).toString('hex')}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', 0o644);
    await handle.writeFile(data, 'utf8');
    if (durable) await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw new AgentContextError(`Could not write ${path}: ${(error as Error).message}`, {
      code: 'write-failed',
      path,
      reason: (error as NodeJS.ErrnoException).code ?? 'write failed',
      cause: error,
    });
  }
  if (durable) await syncDirectory(dirname(path));
}

/**
 * Remove temp files left in `directory` by writers that died between creating and renaming them
 * (their pid is no longer alive on this machine). Best effort; never throws.
 */
export async function removeOrphanTempFiles(directory: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const match = tempFilePattern.exec(name);
    if (match === null || isProcessAlive(Number(match[2]))) continue;
    await rm(join(directory, name), { force: true }).catch(() => undefined);
  }
}

/** True unless the operating system says no process has this pid (EPERM means it exists). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function syncDirectory(directory: string): Promise<void> {
  // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic there.
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // Best effort only.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
