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
  await writeFilesAtomic([{ path, data }], options);
}

/** One file of {@link writeFilesAtomic}. */
export interface FileReplacement {
  path: string;
  data: string;
}

/**
 * Replace several files, each as {@link writeFileAtomic} does, so that a failure while writing
 * (a full disk, `EIO`, a permission) changes none of them: every temp file is written (and, when
 * `durable`, flushed) before the first rename, and all of them are removed when any one fails.
 * The renames then happen in the order given. Throws `write-failed` naming the file that failed.
 */
export async function writeFilesAtomic(
  files: readonly FileReplacement[],
  options: AtomicWriteOptions = {},
): Promise<void> {
  const durable = options.durable ?? true;
  const staged: Array<{ path: string; temp: string }> = [];
  let current: FileReplacement | undefined;
  try {
    for (const file of files) {
      current = file;
      staged.push({ path: file.path, temp: tempPathFor(file.path) });
      await writeTemp(staged[staged.length - 1]?.temp as string, file.data, durable);
    }
    for (const { path, temp } of staged) {
      current = files.find((file) => file.path === path);
      await rename(temp, path);
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true }).catch(() => undefined)));
    const path = current?.path ?? '';
    throw new AgentContextError(`Could not write ${path}: ${(error as Error).message}`, {
      code: 'write-failed',
      path,
      reason: (error as NodeJS.ErrnoException).code ?? 'write failed',
      cause: error,
    });
  }
  if (durable)
    for (const directory of new Set(files.map((file) => dirname(file.path)))) await syncDirectory(directory);
}

function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `${basename(path)}.${process.pid}.${cryptoModule().randomBytes(4).toString('hex')}.tmp`,
  );
}

/** Create `temp` exclusively and write `data` into it; the caller removes it when this fails. */
async function writeTemp(temp: string, data: string, durable: boolean): Promise<void> {
  const handle: FileHandle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(data, 'utf8');
    if (durable) await handle.sync();
  } finally {
    await handle.close().catch(() => undefined);
  }
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
