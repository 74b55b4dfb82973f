import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import { sha256Of } from '../shared/sha256.js';
import { isCapabilityName } from './capability-name.js';
import type { FileLockOptions } from './file-lock.js';
import { type CapabilityRecord, type CapabilityStatus, moduleExtensions } from './manifest.js';
import { updateManifest } from './manifest-file.js';

/** An authored capability as workers share it, without its code: what {@link SharedCapabilities.list} gives. */
export interface SharedCapabilityRecord {
  /** The capability name, `^[a-z][a-z0-9_]*$`. */
  name: string;
  /** The module file, `<name>.ts` (or `.mts`, `.js`, `.mjs`). */
  moduleFile: string;
  status: CapabilityStatus;
  /** Hex SHA-256 of the module's bytes. */
  sha256: string;
  /** ISO 8601 time the publishing worker wrote it: a later one replaces an earlier one. */
  updatedAt: string;
}

/** An authored capability as workers share it: its record and its module's text. */
export interface SharedCapability extends SharedCapabilityRecord {
  code: string;
}

/**
 * A place where the workers of one deployment share authored capabilities, so that a capability
 * authored (and validated) on one worker is live on the next run of every other. Each worker keeps
 * its own capability store directory as its working copy: `createCapabilityStore(directory, {
 * shared })` publishes what it authors here and takes, at each `loadActive`, what others published.
 * The conversation stores give one (`store.sharedCapabilities()`).
 */
export interface SharedCapabilities {
  /** Every shared capability, without its code: one round trip. */
  list(): Promise<SharedCapabilityRecord[]>;
  /** The shared capabilities of `names`, code included, in any order; a name not shared is left out. */
  read(names: readonly string[]): Promise<SharedCapability[]>;
  /** Share `capability`, replacing the one of its name unless that one is newer (`updatedAt`). */
  publish(capability: SharedCapability): Promise<void>;
}

/**
 * Take into the store at `root` what other workers shared since: every shared capability this
 * store lacks, or holds with other bytes or another status and an older `updatedAt`, is written as
 * its module file with its record (`lastError` cleared: this worker validates it at its next load,
 * in its own sandbox). One round trip when nothing changed, two when something did. Never throws:
 * a shared place or a store that fails is a `capabilities-not-shared` diagnostic, and the store is
 * served as it is.
 */
export async function takeSharedCapabilities(
  root: string,
  shared: SharedCapabilities,
  local: readonly CapabilityRecord[],
  lock: FileLockOptions | undefined,
): Promise<Diagnostic[]> {
  const byName = new Map(local.map((record) => [record.name, record]));
  let wanted: SharedCapabilityRecord[];
  try {
    wanted = (await shared.list()).filter((candidate) => {
      const held = byName.get(candidate.name);
      if (held === undefined) return true;
      const same = held.sha256 === candidate.sha256 && held.status === candidate.status;
      return !same && candidate.updatedAt > held.updatedAt;
    });
  } catch (error) {
    return [notShared(root, `the shared capabilities could not be listed (${describeError(error)})`)];
  }
  if (wanted.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  /** Names answered with something that does not match their record. */
  const rejected = new Set<string>();
  let taken: SharedCapability[];
  try {
    const expected = new Map(wanted.map((candidate) => [candidate.name, candidate.sha256]));
    taken = (await shared.read(wanted.map((candidate) => candidate.name))).filter((capability) => {
      const fits =
        expected.get(capability.name) === capability.sha256 &&
        typeof capability.code === 'string' &&
        sha256Of(capability.code) === capability.sha256 &&
        isCapabilityName(capability.name) &&
        moduleExtensions.some((extension) => capability.moduleFile === `${capability.name}${extension}`) &&
        (capability.status === 'active' || capability.status === 'disabled');
      if (!fits) {
        rejected.add(capability.name);
        diagnostics.push(
          notShared(
            root,
            `the shared capability "${capability.name}" does not match its record; it was not taken`,
          ),
        );
      }
      return fits;
    });
  } catch (error) {
    return [notShared(root, `the shared capabilities could not be read (${describeError(error)})`)];
  }
  const answered = new Set(taken.map((capability) => capability.name));
  for (const candidate of wanted) {
    if (!answered.has(candidate.name) && !rejected.has(candidate.name))
      diagnostics.push(
        notShared(
          root,
          `the shared capability "${candidate.name}" was listed but could not be read; it was not taken`,
        ),
      );
  }
  if (taken.length === 0) return diagnostics;
  try {
    const update = await updateManifest(
      root,
      (records) => {
        for (const capability of taken) {
          const index = records.findIndex((candidate) => candidate.name === capability.name);
          const held = records[index];
          const sameBytes = held?.sha256 === capability.sha256 && held.moduleFile === capability.moduleFile;
          const entry: CapabilityRecord = {
            name: capability.name,
            moduleFile: capability.moduleFile,
            exportName: sameBytes ? held.exportName : null,
            status: capability.status,
            lastError: sameBytes ? held.lastError : null,
            sha256: capability.sha256,
            updatedAt: capability.updatedAt,
          };
          if (held === undefined) records.push(entry);
          else records[index] = entry;
        }
        return {
          records,
          files: taken.map((capability) => ({
            path: join(root, capability.moduleFile),
            data: capability.code,
          })),
          value: undefined,
        };
      },
      lock,
    );
    diagnostics.push(...update.diagnostics);
  } catch (error) {
    diagnostics.push(
      notShared(
        root,
        `the shared capabilities could not be written into the store (${describeError(error)})`,
      ),
    );
  }
  return diagnostics;
}

/** Share one capability of the store at `root`; a failure is a `capabilities-not-shared` diagnostic. */
export async function publishSharedCapability(
  root: string,
  shared: SharedCapabilities,
  record: CapabilityRecord,
  code: string,
): Promise<Diagnostic[]> {
  if (record.sha256 === null) return [];
  try {
    await shared.publish({
      name: record.name,
      moduleFile: record.moduleFile,
      status: record.status,
      sha256: record.sha256,
      updatedAt: record.updatedAt,
      code,
    });
    return [];
  } catch (error) {
    return [
      notShared(
        root,
        `"${record.name}" was saved in this store but could not be shared with the other workers (${describeError(error)})`,
      ),
    ];
  }
}

function notShared(root: string, cause: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'capabilities-not-shared',
    message: `${cause}; this worker serves the capabilities of its own store (${root}).`,
    path: root,
  };
}
