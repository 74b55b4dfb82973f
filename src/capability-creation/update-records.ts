import type { Diagnostic } from '../diagnostics.js';
import { sha256Of } from '../shared/sha256.js';
import { type ModuleCheck, readModuleSource } from './check-capability-module.js';
import type { FileLockOptions } from './file-lock.js';
import type { CapabilityRecord, CapabilityStatus } from './manifest.js';
import { updateManifest } from './manifest-file.js';

/** A change to one record: the result of a check, a new status, or both. */
export interface RecordPatch {
  /** The record as it was read before the check ran. */
  seen: CapabilityRecord;
  check?: ModuleCheck;
  status?: CapabilityStatus;
}

/**
 * Apply patches in one locked manifest update. A check's health fields (`lastError`, `sha256`,
 * `exportName`) are applied only if the record was not re-authored since it was read (same
 * `updatedAt`) and the module file on disk still has the bytes that were checked: a record always
 * describes the bytes on disk, and a check of older code never overwrites the result of newer code.
 * A record that ends up unchanged keeps its `updatedAt`, and when nothing changed the manifest is
 * not written. Returns each patched record as it is now, in patch order.
 */
export async function updateRecords(
  directory: string,
  patches: readonly RecordPatch[],
  lock: FileLockOptions | undefined,
): Promise<{ records: CapabilityRecord[]; diagnostics: Diagnostic[] }> {
  const update = await updateManifest(
    directory,
    async (records) => {
      let changed = false;
      const results: CapabilityRecord[] = [];
      for (const { seen, check, status } of patches) {
        const index = records.findIndex((candidate) => candidate.name === seen.name);
        const current = records[index];
        if (current === undefined) {
          results.push(seen);
          continue;
        }
        const next = { ...current, status: status ?? current.status };
        if (
          check !== undefined &&
          current.updatedAt === seen.updatedAt &&
          (await stillOnDisk(directory, current, check))
        ) {
          next.lastError = check.error;
          next.sha256 = check.sha256 ?? current.sha256;
          next.exportName = check.exportName ?? current.exportName;
        }
        if (JSON.stringify(next) === JSON.stringify(current)) {
          results.push(current);
          continue;
        }
        next.updatedAt = new Date().toISOString();
        records[index] = next;
        changed = true;
        results.push(next);
      }
      return changed ? { records, value: results } : { value: results };
    },
    lock,
  );
  return { records: update.value, diagnostics: update.diagnostics };
}

/**
 * Record `message` as the `lastError` of `name`, if its record still describes the module with
 * hash `sha256` (a module that changed since is judged again at its next load).
 */
export async function recordFault(
  directory: string,
  name: string,
  sha256: string,
  message: string,
  lock: FileLockOptions | undefined,
): Promise<void> {
  await updateManifest(
    directory,
    (records) => {
      const record = records.find((candidate) => candidate.name === name);
      if (record === undefined || record.sha256 !== sha256 || record.lastError === message)
        return { value: undefined };
      record.lastError = message;
      record.updatedAt = new Date().toISOString();
      return { records, value: undefined };
    },
    lock,
  );
}

async function stillOnDisk(
  directory: string,
  record: CapabilityRecord,
  check: ModuleCheck,
): Promise<boolean> {
  if (check.sha256 === undefined) return true;
  const read = await readModuleSource(directory, record.moduleFile);
  return 'source' in read && sha256Of(read.source) === check.sha256;
}
