import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import type { Capability } from '../session/capability.js';
import { writeFileAtomic } from './atomic-write.js';
import { assertCapabilityName } from './capability-name.js';
import {
  checkCapabilityModule,
  type ModuleCheck,
  maxModuleBytes,
  pruneCompiled,
  readModuleSource,
} from './check-capability-module.js';
import type { FileLockOptions } from './file-lock.js';
import type { CapabilitySummary } from './inspect-capability.js';
import type { CapabilityRecord, CapabilityStatus } from './manifest.js';
import { readManifest, updateManifest } from './manifest-file.js';
import { mapWithLimit } from './map-with-limit.js';
import { updateRecords } from './update-records.js';
import { assertValidationLimits, type ValidationLimits } from './validate-in-worker.js';

/** Options of {@link createCapabilityStore}. */
export interface CapabilityStoreOptions extends ValidationLimits {
  /** How long to wait for, and when to take over, the manifest lock. See `FileLockOptions`. */
  lock?: FileLockOptions;
}

/** The outcome of `write`, `validate`, `enable` and `disable`. */
export interface CapabilityOutcome {
  /** The record as it is in the manifest now. `record.lastError` is `null` when the module passed. */
  record: CapabilityRecord;
  /** What validation found, when it ran and passed. */
  summary: CapabilitySummary | undefined;
  /** Repairs of a damaged manifest that happened on the way. */
  diagnostics: Diagnostic[];
}

/** Authored capabilities persisted in one directory. See {@link createCapabilityStore}. */
export interface CapabilityStore {
  /** The absolute directory. */
  readonly directory: string;
  /**
   * Save `code` as `<name>.ts` (atomically), validate it in a worker, and record the result: a new
   * record is appended, a re-authored name replaces its record at the same position and is active
   * again. Failing code is kept on disk with `lastError` (check `record.lastError`). Throws
   * `invalid-name` before anything is written, and `invalid-option` for code that is not a string
   * or is over 1 MiB.
   */
  write(name: string, code: string): Promise<CapabilityOutcome>;
  /** Validate the module on disk again and record the result. Throws `not-found` for an unknown name. */
  validate(name: string): Promise<CapabilityOutcome>;
  /** Mark a capability active and validate it (so `lastError` is current). Throws `not-found` for an unknown name. */
  enable(name: string): Promise<CapabilityOutcome>;
  /** Mark a capability disabled: kept on disk, never loaded. Throws `not-found` for an unknown name. */
  disable(name: string): Promise<CapabilityOutcome>;
  /** The records in manifest order. A missing directory lists nothing; a damaged manifest is repaired first. */
  list(): Promise<LoadResult<CapabilityRecord>>;
  /**
   * Every active capability, in manifest order, built fresh from its module on disk: compiled
   * (a changed module never comes back stale from Node's module cache), validated in a worker,
   * imported into this process and checked again there. A broken one is skipped with an
   * `authored-capability-skipped` diagnostic, never thrown. New errors are recorded, fixed ones
   * cleared, and the manifest is written only when a record changed.
   */
  loadActive(): Promise<LoadedCapabilities>;
}

/** What {@link CapabilityStore.loadActive} returns: the capabilities, their records, and what was skipped. */
export interface LoadedCapabilities extends LoadResult<Capability> {
  /** The record of each item, in the same order as `items`. */
  records: CapabilityRecord[];
}

/**
 * Open the capability store in `directory` (resolved against the process's working directory).
 * Nothing is created until the first write.
 *
 * The store is the host's storage, not the agent's workspace: it works on `node:fs` directly and
 * is not contained by a `Workspace`. Files: `<name>.ts` per capability, `manifest.json` (the index),
 * `manifest.lock` (held briefly during a manifest write) and `.compiled/` (compiled JavaScript, a
 * cache). Several processes may share a directory: manifest writes are atomic and serialised by the
 * lock. Validation limits: `timeoutMs` (default 5,000) and `memoryLimitMb` (default 128) per module.
 *
 * @example
 * const store = createCapabilityStore('.agent/capabilities');
 * const { record } = await store.write('shout', "export default { name: 'shout', instructions: () => 'Use capitals.' };");
 * record.lastError; // null
 * const { items } = await store.loadActive(); // [{ name: 'shout', instructions: [Function] }]
 */
export function createCapabilityStore(
  directory: string,
  options: CapabilityStoreOptions = {},
): CapabilityStore {
  if (typeof directory !== 'string' || directory === '') {
    throw new AgentContextError('createCapabilityStore needs a directory path.', {
      code: 'invalid-option',
      reason: 'directory missing',
    });
  }
  const root = resolve(directory);
  const { lock, ...limits } = options;
  assertValidationLimits(limits);

  const list = async (): Promise<LoadResult<CapabilityRecord>> => {
    const snapshot = await readManifest(root);
    if (snapshot.state !== 'damaged') return { items: snapshot.records, diagnostics: [] };
    const repaired = await updateManifest(root, () => ({ value: undefined }), lock);
    return { items: repaired.records, diagnostics: repaired.diagnostics };
  };

  /** The record named `name`, and the repair diagnostics of reading the manifest. */
  const find = async (name: string): Promise<{ seen: CapabilityRecord; repairs: Diagnostic[] }> => {
    assertCapabilityName(name);
    const { items, diagnostics: repairs } = await list();
    const seen = items.find((candidate) => candidate.name === name);
    if (seen !== undefined) return { seen, repairs };
    const known = items.length === 0 ? 'none' : items.map((candidate) => candidate.name).join(', ');
    throw new AgentContextError(`No authored capability is named "${name}" (known: ${known}).`, {
      code: 'not-found',
      path: join(root, 'manifest.json'),
      reason: 'unknown capability name',
    });
  };

  const record = async (
    seen: CapabilityRecord,
    check: ModuleCheck | undefined,
    status?: CapabilityStatus,
  ) => {
    const update = await updateRecords(root, [{ seen, check, status }], lock);
    return { record: update.records[0] ?? seen, diagnostics: update.diagnostics };
  };

  const recheck = async (name: string, status?: CapabilityStatus): Promise<CapabilityOutcome> => {
    const { seen, repairs } = await find(name);
    const read = await readModuleSource(join(root, seen.moduleFile));
    const check: ModuleCheck =
      'error' in read
        ? { sha256: undefined, exportName: undefined, error: read.error }
        : await checkCapabilityModule(root, seen.moduleFile, read.source, { limits, load: false });
    const { record: updated, diagnostics } = await record(seen, check, status);
    return { record: updated, summary: check.summary, diagnostics: [...repairs, ...diagnostics] };
  };

  return {
    directory: root,
    list,
    validate: (name) => recheck(name),
    enable: (name) => recheck(name, 'active'),

    async disable(name) {
      const { seen, repairs } = await find(name);
      const { record: updated, diagnostics } = await record(seen, undefined, 'disabled');
      return { record: updated, summary: undefined, diagnostics: [...repairs, ...diagnostics] };
    },

    async write(name, code) {
      assertCapabilityName(name);
      if (typeof code !== 'string' || Buffer.byteLength(code) > maxModuleBytes) {
        throw new AgentContextError(
          `The code of "${name}" must be a string of at most ${maxModuleBytes} bytes.`,
          {
            code: 'invalid-option',
            reason: 'code missing or too large',
          },
        );
      }
      await mkdir(root, { recursive: true });
      const moduleFile = `${name}.ts`;
      // Written before validation, so failing code stays on disk to be inspected and fixed.
      await writeFileAtomic(join(root, moduleFile), code);
      const check = await checkCapabilityModule(root, moduleFile, code, { limits, load: false });
      const entry: CapabilityRecord = {
        name,
        moduleFile,
        exportName: check.exportName ?? null,
        status: 'active',
        lastError: check.error,
        sha256: check.sha256 ?? null,
        updatedAt: new Date().toISOString(),
      };
      const update = await updateManifest(
        root,
        (records) => {
          const index = records.findIndex((candidate) => candidate.name === name);
          const previous = records[index];
          if (previous === undefined) records.push(entry);
          else records[index] = entry;
          return { records, value: previous };
        },
        lock,
      );
      const previousFile = update.value?.moduleFile;
      if (previousFile !== undefined && previousFile !== moduleFile) {
        await rm(join(root, previousFile), { force: true }).catch(() => undefined);
      }
      await pruneCompiled(root, name, check.compiledFile);
      return { record: entry, summary: check.summary, diagnostics: update.diagnostics };
    },

    async loadActive() {
      const { items: records, diagnostics } = await list();
      const active = records.filter((candidate) => candidate.status === 'active');
      const checks = await mapWithLimit(active, 2, async (entry) => {
        const read = await readModuleSource(join(root, entry.moduleFile));
        if ('error' in read)
          return { sha256: undefined, exportName: undefined, error: read.error } as ModuleCheck;
        return checkCapabilityModule(root, entry.moduleFile, read.source, { limits, load: true });
      });
      const items: Capability[] = [];
      const loaded: CapabilityRecord[] = [];
      const changed: Array<{ seen: CapabilityRecord; check: ModuleCheck }> = [];
      active.forEach((entry, index) => {
        const check = checks[index] as ModuleCheck;
        if (check.capability !== undefined) {
          items.push(check.capability);
          loaded.push(entry);
        } else {
          diagnostics.push({
            severity: 'error',
            code: 'authored-capability-skipped',
            message: `Authored capability "${entry.name}" was not loaded: ${check.error}`,
            path: join(root, entry.moduleFile),
          });
        }
        const differs =
          entry.lastError !== check.error ||
          (check.sha256 !== undefined && entry.sha256 !== check.sha256) ||
          (check.exportName !== undefined && entry.exportName !== check.exportName);
        if (differs) changed.push({ seen: entry, check });
      });
      if (changed.length > 0) diagnostics.push(...(await updateRecords(root, changed, lock)).diagnostics);
      return { items, diagnostics, records: loaded };
    },
  };
}
