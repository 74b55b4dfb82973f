import type { Diagnostic } from '../diagnostics.js';
import type { ModuleCheck } from './check-capability-module.js';
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
 * `updatedAt`): a check of older code must not overwrite the result of newer code. A record that
 * ends up unchanged keeps its `updatedAt`, and when nothing changed the manifest is not written.
 * Returns each patched record as it is now, in patch order.
 */
export async function updateRecords(
  directory: string,
  patches: readonly RecordPatch[],
  lock: FileLockOptions | undefined,
): Promise<{ records: CapabilityRecord[]; diagnostics: Diagnostic[] }> {
  const update = await updateManifest(
    directory,
    (records) => {
      let changed = false;
      const results = patches.map(({ seen, check, status }) => {
        const index = records.findIndex((candidate) => candidate.name === seen.name);
        const current = records[index];
        if (current === undefined) return seen;
        const next = { ...current, status: status ?? current.status };
        if (check !== undefined && current.updatedAt === seen.updatedAt) {
          next.lastError = check.error;
          next.sha256 = check.sha256 ?? current.sha256;
          next.exportName = check.exportName ?? current.exportName;
        }
        if (JSON.stringify(next) === JSON.stringify(current)) return current;
        next.updatedAt = new Date().toISOString();
        records[index] = next;
        changed = true;
        return next;
      });
      return changed ? { records, value: results } : { value: results };
    },
    lock,
  );
  return { records: update.value, diagnostics: update.diagnostics };
}
