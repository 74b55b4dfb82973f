import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { sha256Of } from '../shared/sha256.js';
import { type FileReplacement, removeOrphanTempFiles, writeFilesAtomic } from './atomic-write.js';
import { isCapabilityName } from './capability-name.js';
import { type FileLockOptions, withFileLock } from './file-lock.js';
import { type CapabilityRecord, moduleExtensions, parseManifest, serializeManifest } from './manifest.js';
import { assertStoreWritable, storeWriteError } from './store-access.js';
import { ensureStoreDirectory } from './store-directory.js';
import { readStoreFile } from './store-file.js';

/** The index file of a capability store directory. */
export const manifestFileName = 'manifest.json';
/** The cross-process lock file that serialises manifest writes. */
export const lockFileName = 'manifest.lock';

/** What {@link readManifest} found. */
export interface ManifestSnapshot {
  /** The records, in manifest order (only the valid ones when `state` is `damaged`). */
  records: CapabilityRecord[];
  /**
   * `missing`: no manifest yet (an empty store); `damaged`: it must be repaired before use;
   * `refused`: something that is not a regular file is where the manifest goes (a FIFO, a socket, a
   * device, a directory, a symbolic link leading out of the store): it was not opened, and the store
   * stays unusable until a person replaces it.
   */
  state: 'ok' | 'missing' | 'damaged' | 'refused';
  /** Why the manifest is damaged or refused; empty otherwise. */
  problems: string[];
}

/** What the `change` callback of {@link updateManifest} decides. */
export interface ManifestChange<Value> {
  /** The new record list; leave it out when nothing changed, so the manifest is not rewritten. */
  records?: CapabilityRecord[];
  /**
   * Other files of the store to replace together with the manifest: each is written to a temp file
   * before the first rename (see `writeFilesAtomic`), so a failed write changes none of them, and
   * they are renamed into place before the manifest. Default none.
   */
  files?: FileReplacement[];
  /** Run under the lock once every file is in place (never after a failure). Default none. */
  afterWrite?: () => Promise<void>;
  /** Passed back to the caller of `updateManifest`. */
  value: Value;
}

/** What {@link updateManifest} returns. */
export interface ManifestUpdate<Value> {
  value: Value;
  /** The records as they are on disk after the update. */
  records: CapabilityRecord[];
  /** A repair of a damaged manifest, if one happened. */
  diagnostics: Diagnostic[];
}

/**
 * Read `manifest.json` of `directory` without locking (writes are atomic renames, so a reader
 * always sees a whole file) and without writing anything. A missing directory or manifest is an
 * empty store; anything but a regular file there is `refused` without being opened (see
 * `readStoreFile`). Never repairs: see {@link updateManifest}.
 */
export async function readManifest(directory: string): Promise<ManifestSnapshot> {
  const read = await readStoreFile(directory, join(directory, manifestFileName));
  if (read.state === 'missing') return { records: [], state: 'missing', problems: [] };
  if (read.state === 'refused') return { records: [], state: 'refused', problems: [read.reason] };
  if (read.state !== 'ok') {
    const reason = read.state === 'unreadable' ? read.reason : 'too large';
    return { records: [], state: 'damaged', problems: [`unreadable (${reason})`] };
  }
  const { records, problems } = parseManifest(read.text);
  return { records, state: problems.length === 0 ? 'ok' : 'damaged', problems };
}

/**
 * The error a write to a store whose manifest path holds something else than a regular file
 * throws: `not-a-file`, naming the path and what to do.
 */
export function refusedManifestError(directory: string, snapshot: ManifestSnapshot): AgentContextError {
  const path = join(directory, manifestFileName);
  return new AgentContextError(
    `The capability store's manifest ${path} is ${snapshot.problems.join('; ')}, not a regular file; it was not opened. Remove it (the next write creates a new manifest) or put the real manifest.json back.`,
    { code: 'not-a-file', path, reason: 'manifest is not a regular file' },
  );
}

/**
 * Read, change and write `manifest.json` under the directory's cross-process lock, creating the
 * directory when needed (never its parent, see `ensureStoreDirectory`). The write is atomic (see
 * `writeFilesAtomic`); temp files of dead writers are removed first.
 *
 * Nothing is written (no lock file either) in a directory this process may not write: that throws
 * `store-read-only` (see `assertStoreWritable`). A write that fails on the way (a full disk, `EIO`)
 * removes its temp files and its lock and throws `write-failed`; the store then reads as before.
 * A manifest path holding something else than a regular file throws `not-a-file` unopened.
 *
 * A damaged manifest is never read as empty: it is moved aside to `manifest.json.corrupt-<time>`,
 * its valid records are kept as they were, every module file on disk without a record is added
 * back disabled (its earlier status is unknown), the repaired manifest is written, and a
 * `manifest-rebuilt` warning says so.
 */
export async function updateManifest<Value>(
  directory: string,
  change: (records: CapabilityRecord[]) => Promise<ManifestChange<Value>> | ManifestChange<Value>,
  lockOptions: FileLockOptions = {},
): Promise<ManifestUpdate<Value>> {
  await assertStoreWritable(directory);
  await ensureStoreDirectory(directory);
  try {
    return await withFileLock(
      join(directory, lockFileName),
      () => changeLocked(directory, change),
      lockOptions,
    );
  } catch (error) {
    throw storeWriteError(directory, error);
  }
}

async function changeLocked<Value>(
  directory: string,
  change: (records: CapabilityRecord[]) => Promise<ManifestChange<Value>> | ManifestChange<Value>,
): Promise<ManifestUpdate<Value>> {
  await removeOrphanTempFiles(directory);
  const snapshot = await readManifest(directory);
  if (snapshot.state === 'refused') throw refusedManifestError(directory, snapshot);
  const diagnostics: Diagnostic[] = [];
  let records = snapshot.records;
  let mustWrite = false;
  if (snapshot.state === 'damaged') {
    const repair = await repairManifest(directory, snapshot);
    records = repair.records;
    diagnostics.push(repair.diagnostic);
    mustWrite = true;
  }
  const outcome = await change(records.map((record) => ({ ...record })));
  if (outcome.records !== undefined) {
    records = outcome.records;
    mustWrite = true;
  }
  const files = outcome.files ?? [];
  if (mustWrite) files.push({ path: join(directory, manifestFileName), data: serializeManifest(records) });
  if (files.length > 0) await writeFilesAtomic(files);
  await outcome.afterWrite?.();
  return { value: outcome.value, records, diagnostics };
}

async function repairManifest(
  directory: string,
  snapshot: ManifestSnapshot,
): Promise<{ records: CapabilityRecord[]; diagnostic: Diagnostic }> {
  const manifestPath = join(directory, manifestFileName);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const asideName = `${manifestFileName}.corrupt-${stamp}-${cryptoModule().randomBytes(2).toString('hex')}`;
  await rename(manifestPath, join(directory, asideName)).catch(() => undefined);
  const records = [...snapshot.records];
  const known = new Set(records.map((record) => record.name));
  const now = new Date().toISOString();
  let added = 0;
  for (const { name, moduleFile } of await listModuleFiles(directory)) {
    if (known.has(name)) continue;
    known.add(name);
    const bytes = await readFile(join(directory, moduleFile)).catch(() => undefined);
    records.push({
      name,
      moduleFile,
      exportName: null,
      status: 'disabled',
      lastError: null,
      sha256: bytes === undefined ? null : sha256Of(bytes),
      updatedAt: now,
    });
    added += 1;
  }
  const kept = snapshot.records.length;
  return {
    records,
    diagnostic: {
      severity: 'warning',
      code: 'manifest-rebuilt',
      message: `${manifestFileName} was damaged (${snapshot.problems.join('; ')}); it was moved to ${asideName} and the index rebuilt: ${kept} record(s) kept as they were, ${added} module file(s) added back as disabled. Enable them again once checked.`,
      path: manifestPath,
    },
  };
}

/** Module files of the directory (`<name>.ts` and friends), one per name, sorted by name. */
async function listModuleFiles(directory: string): Promise<Array<{ name: string; moduleFile: string }>> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  const found: Array<{ name: string; moduleFile: string }> = [];
  for (const file of [...files].sort()) {
    const extension = moduleExtensions.find((candidate) => file.endsWith(candidate));
    if (extension === undefined) continue;
    const name = file.slice(0, -extension.length);
    if (!isCapabilityName(name)) continue;
    // When both foo.ts and foo.js exist, the extension listed first wins.
    const preferred = moduleExtensions.find((candidate) => files.has(`${name}${candidate}`));
    if (preferred === extension) found.push({ name, moduleFile: file });
  }
  return found;
}
