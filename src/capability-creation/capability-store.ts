import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { AgentContextError, isAgentContextError } from '../errors.js';
import type { Capability } from '../session/capability.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { sha256Of } from '../shared/sha256.js';
import { authoredCapabilityProxy, type CallLimits } from './authored-capability-proxy.js';
import { capabilityCreationDefaults } from './capability-creation-defaults.js';
import { type CapabilityHost, createCapabilityHost, type HostModule } from './capability-host.js';
import { assertCapabilityName } from './capability-name.js';
import {
  checkCapabilityModule,
  type ModuleCheck,
  maxModuleBytes,
  pruneCompiled,
  readModuleSource,
} from './check-capability-module.js';
import { compiledDirectoryName } from './compile-capability-module.js';
import type { FileLockOptions } from './file-lock.js';
import {
  buildCapabilityExport,
  type CapabilitySummary,
  formatValidationError,
} from './inspect-capability.js';
import type { CapabilityRecord, CapabilityStatus } from './manifest.js';
import { manifestFileName, readManifest, refusedManifestError, updateManifest } from './manifest-file.js';
import { currentFileIdentity } from './module-file-identity.js';
import {
  publishSharedCapability,
  type SharedCapabilities,
  takeSharedCapabilities,
} from './shared-capabilities.js';
import { assertStoreWritable, storeWriteRefusal } from './store-access.js';
import { ensureStoreDirectory } from './store-directory.js';
import { recordFault, updateRecords } from './update-records.js';
import { assertLimits, type ValidationLimits } from './validate-in-sandbox.js';
import type { ValidationRecord } from './validation-record.js';

/** Options of {@link createCapabilityStore}. */
export interface CapabilityStoreOptions extends ValidationLimits, CallLimits {
  /**
   * How long to wait for, and when to take over, the manifest lock (`FileLockOptions`). Default: wait
   * up to 30,000 ms, take over a lock held 10,000 ms.
   */
  lock?: FileLockOptions;
  /**
   * Import authored capabilities into the agent's process instead of running them in the sandboxed
   * capability host: no isolation at all, for hosts whose store holds only their own code.
   * Validation still happens in a sandboxed child. Default `false`.
   */
  trusted?: boolean;
  /**
   * Where the workers of a deployment share authored capabilities (`store.sharedCapabilities()` of a
   * conversation store). This directory is then the worker's working copy: a capability that passed
   * validation here (`write`, `enable`) or was disabled here is published there, and every
   * `loadActive` first takes what other workers published (one round trip when nothing changed),
   * validating it in this worker's own sandbox before it is served. Default: none (this directory
   * alone).
   */
  shared?: SharedCapabilities;
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
   * Validate `code` in a sandboxed child, then save it as `<name>.ts` (atomically) together with its
   * record, under the manifest lock, so the record always describes the module on disk: a new record
   * is appended, a re-authored name replaces its record at the same position and is active again.
   * Failing code is kept on disk with `lastError` (check `record.lastError`). Throws
   * `invalid-name` before anything is written, and `invalid-option` for code that is not a string
   * or is over 1 MiB, and `not-found` when the store's directory is missing and so is its parent.
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
   * Every active capability, in manifest order, as proxies of the capability host (or, `trusted`,
   * imported into this process). A module whose bytes passed validation before (same hash, library
   * version and Node major) is not validated again; a module changed on disk since its record was
   * written is validated again with an `authored-capability-changed` warning; a module that failed
   * and has not changed is skipped without running it. A broken one is skipped with an
   * `authored-capability-skipped` diagnostic, never thrown. New errors are recorded, fixed ones
   * cleared, and the manifest is written only when a record changed.
   */
  loadActive(): Promise<LoadedCapabilities>;
  /** Stop this store's capability host process (the next call into authored code starts a new one). */
  close(): void;
}

/** What {@link CapabilityStore.loadActive} returns: the capabilities, their records, and what was skipped. */
export interface LoadedCapabilities extends LoadResult<Capability> {
  /** The record of each item, in the same order as `items`. */
  records: CapabilityRecord[];
}

/**
 * Open the capability store in `directory` (resolved against the process's working directory).
 * Nothing is created until the first write, which creates `directory` itself when it is missing but
 * never its parent: a missing parent is a `not-found` error.
 *
 * The store is the host's storage, not the agent's workspace: it works on `node:fs` directly and
 * is not contained by a `Workspace`. Files: `<name>.ts` per capability, `manifest.json` (the index),
 * `manifest.lock` (held briefly during a manifest write) and `.compiled/` (compiled JavaScript, a
 * cache). Several processes may share a directory: manifest writes are atomic and serialised by the
 * lock. Validation limits: `timeoutMs` (default 5,000) and `memoryLimitMb` (default 128) per module.
 *
 * @example
 * const store = createCapabilityStore('.agent-capabilities');
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
  const {
    lock,
    trusted = capabilityCreationDefaults.trusted,
    executeTimeoutMs,
    hookTimeoutMs,
    shared,
    ...limits
  } = options;
  assertLimits({ ...limits, executeTimeoutMs, hookTimeoutMs });
  const callLimits: CallLimits = { executeTimeoutMs, hookTimeoutMs };
  const host = (): CapabilityHost => hostFor(root, limits.memoryLimitMb, lock);

  /**
   * Capabilities this store already built, by name, with the file version they were built from:
   * while the record still says the module passed with the same hash and export, the module file
   * has the same identity (see `fileIdentityOf`) and the compiled file is still there, the next
   * `loadActive` serves the same capability without reading anything else.
   */
  const memory = new Map<string, RememberedLoad>();
  /** The identity of `.compiled/` when every remembered compiled file was last seen there. */
  let compiledSeen: string | undefined;
  const knownLoad = (entry: CapabilityRecord, compiledUnchanged: boolean): RememberedLoad | undefined => {
    const remembered = memory.get(entry.name);
    if (remembered === undefined) return undefined;
    const same =
      entry.lastError === null &&
      entry.sha256 === remembered.check.sha256 &&
      entry.exportName === (remembered.check.exportName ?? null) &&
      entry.moduleFile === remembered.moduleFile &&
      currentFileIdentity(remembered.modulePath) === remembered.identity &&
      (compiledUnchanged || remembered.module.code !== undefined || existsSync(remembered.module.file));
    if (same) return remembered;
    memory.delete(entry.name);
    return undefined;
  };

  /** The records of the manifest file version last read whole (see `fileIdentityOf`). */
  let manifestSeen: { identity: string; records: CapabilityRecord[] } | undefined;

  const list = async (): Promise<LoadResult<CapabilityRecord>> => {
    await faultsWrittenFor(root);
    const identity = currentFileIdentity(join(root, manifestFileName));
    if (identity !== undefined && identity === manifestSeen?.identity)
      return { items: manifestSeen.records.map((record) => ({ ...record })), diagnostics: [] };
    const snapshot = await readManifest(root);
    if (snapshot.state === 'ok' && identity !== undefined)
      manifestSeen = { identity, records: snapshot.records.map((record) => ({ ...record })) };
    if (snapshot.state === 'refused') {
      const { message, path } = refusedManifestError(root, snapshot);
      return {
        items: [],
        diagnostics: [{ severity: 'error', code: 'capability-store-special-file', message, path }],
      };
    }
    if (snapshot.state !== 'damaged') return { items: snapshot.records, diagnostics: [] };
    // Reading never writes where it may not: a damaged manifest of a read-only store is read as it is.
    const refusal = await storeWriteRefusal(root);
    if (refusal !== undefined) {
      const path = join(root, manifestFileName);
      const message = `${path} is damaged (${snapshot.problems.join('; ')}), and the store cannot be written (${refusal}), so it was not repaired: its ${snapshot.records.length} valid record(s) are read as they are.`;
      return {
        items: snapshot.records,
        diagnostics: [{ severity: 'warning', code: 'capability-store-read-only', message, path }],
      };
    }
    const repaired = await updateManifest(root, () => ({ value: undefined }), lock);
    return { items: repaired.records, diagnostics: repaired.diagnostics };
  };

  /** The record named `name`, and the repair diagnostics of reading the manifest. */
  const find = async (name: string): Promise<{ seen: CapabilityRecord; repairs: Diagnostic[] }> => {
    assertCapabilityName(name);
    const { items, diagnostics: repairs } = await list();
    const seen = items.find((candidate) => candidate.name === name);
    if (seen !== undefined) return { seen, repairs };
    const special = repairs.find((diagnostic) => diagnostic.code === 'capability-store-special-file');
    if (special !== undefined) {
      throw new AgentContextError(special.message, {
        code: 'not-a-file',
        path: special.path,
        reason: 'manifest is not a regular file',
      });
    }
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
    assertCapabilityName(name);
    await assertStoreWritable(root);
    const { seen, repairs } = await find(name);
    const read = await readModuleSource(root, seen.moduleFile);
    const check: ModuleCheck =
      'error' in read
        ? { sha256: undefined, exportName: undefined, error: read.error }
        : await checkCapabilityModule(root, seen.moduleFile, read.source, { limits, useRecord: false });
    const { record: updated, diagnostics } = await record(seen, check, status);
    return { record: updated, summary: check.summary, diagnostics: [...repairs, ...diagnostics] };
  };

  /**
   * Share a record with the other workers when there is a shared place: a module that passes, or a
   * disabled one (so the others stop serving it). Its code is read from disk unless given.
   */
  const share = async (outcome: CapabilityOutcome, code?: string): Promise<CapabilityOutcome> => {
    const { record: entry } = outcome;
    if (shared === undefined || (entry.lastError !== null && entry.status !== 'disabled')) return outcome;
    let source = code;
    if (source === undefined) {
      const read = await readModuleSource(root, entry.moduleFile);
      if ('error' in read) return outcome;
      source = read.source;
    }
    if (sha256Of(source) !== entry.sha256) return outcome;
    const problems = await publishSharedCapability(root, shared, entry, source);
    return { ...outcome, diagnostics: [...outcome.diagnostics, ...problems] };
  };

  return {
    directory: root,
    list,
    validate: (name) => recheck(name),
    enable: async (name) => share(await recheck(name, 'active')),

    async disable(name) {
      assertCapabilityName(name);
      await assertStoreWritable(root);
      const { seen, repairs } = await find(name);
      const { record: updated, diagnostics } = await record(seen, undefined, 'disabled');
      return share({ record: updated, summary: undefined, diagnostics: [...repairs, ...diagnostics] });
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
      // Refused before validation runs: nothing is compiled, locked or written in a read-only store.
      await assertStoreWritable(root);
      await ensureStoreDirectory(root);
      const moduleFile = `${name}.ts`;
      // Validated from the code itself, then saved together with its record under the lock: with
      // several writers of one name, the last one to take the lock wins both the file and the record.
      const check = await checkCapabilityModule(root, moduleFile, code, { limits, useRecord: true });
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
          const previousFile = previous?.moduleFile;
          const keep =
            check.validation === undefined
              ? []
              : [check.validation.compiledFile, `${name}.${check.sha256}.json`];
          // The module and the manifest are written together: a failure (a full disk) changes neither.
          const afterWrite = async () => {
            if (previousFile !== undefined && previousFile !== moduleFile) {
              await rm(join(root, previousFile), { force: true }).catch(() => undefined);
            }
            await pruneCompiled(root, name, keep);
          };
          return {
            records,
            files: [{ path: join(root, moduleFile), data: code }],
            afterWrite,
            value: previous,
          };
        },
        lock,
      );
      return share({ record: entry, summary: check.summary, diagnostics: update.diagnostics }, code);
    },

    close() {
      memory.clear();
      manifestSeen = undefined;
      closeHost(root, limits.memoryLimitMb);
    },

    async loadActive() {
      const taken =
        shared === undefined ? [] : await takeSharedCapabilities(root, shared, (await list()).items, lock);
      const { items: records, diagnostics: listed } = await list();
      const diagnostics = [...taken, ...listed];
      const active = records.filter((candidate) => candidate.status === 'active');
      // An unchanged module is known by its record and one lstat of its file (and of its compiled
      // file): no read, hash, validation record or new proxy per run.
      const compiled = currentFileIdentity(join(root, compiledDirectoryName));
      const compiledUnchanged = compiled !== undefined && compiled === compiledSeen;
      const activeNames = new Set(active.map((entry) => entry.name));
      for (const name of memory.keys()) if (!activeNames.has(name)) memory.delete(name);
      const known = new Map<CapabilityRecord, RememberedLoad>();
      for (const entry of active) {
        const hit = knownLoad(entry, compiledUnchanged);
        if (hit !== undefined) known.set(entry, hit);
      }
      // Asked once, and only when a module is to be checked: a store this process may not write
      // gets no cache file, lock or record from loading (modules are compiled in memory).
      let refusal = known.size < active.length ? await storeWriteRefusal(root) : undefined;
      const reads = await mapWithLimit(active, 4, async (entry): Promise<ModuleRead> => {
        const hit = known.get(entry);
        if (hit !== undefined) return { check: hit.check, identity: hit.identity };
        const read = await readModuleSource(root, entry.moduleFile);
        if ('error' in read)
          return { check: { sha256: undefined, exportName: undefined, error: read.error } };
        const sha256 = sha256Of(read.source);
        const identity = read.identity;
        // A failure of these very bytes is not run again; it is judged again once the module changes.
        if (entry.lastError !== null && entry.sha256 === sha256)
          return { check: { sha256, exportName: entry.exportName ?? undefined, error: entry.lastError } };
        const changed = entry.sha256 !== null && entry.sha256 !== sha256;
        if (changed) {
          diagnostics.push({
            severity: 'warning',
            code: 'authored-capability-changed',
            message: `Authored capability "${entry.name}" changed on disk since it was last validated (sha256 ${entry.sha256?.slice(0, 12)}… is now ${sha256.slice(0, 12)}…); it was validated again.`,
            path: join(root, entry.moduleFile),
          });
        }
        const check = await checkCapabilityModule(root, entry.moduleFile, read.source, {
          limits,
          useRecord: !changed,
          cache: refusal === undefined,
        });
        return { check, identity };
      });
      const items: Capability[] = [];
      const loaded: CapabilityRecord[] = [];
      const changed: Array<{ seen: CapabilityRecord; check: ModuleCheck }> = [];
      for (const [index, entry] of active.entries()) {
        const read = reads[index] as ModuleRead;
        let check = read.check;
        let capability = known.get(entry)?.capability;
        if (capability === undefined && check.validation !== undefined && check.sha256 !== undefined) {
          const module = hostModule(root, entry.name, check.sha256, check.validation, check.compiledCode);
          const built = trusted
            ? await importTrusted(module)
            : {
                capability: authoredCapabilityProxy(check.validation.description, module, host(), callLimits),
              };
          if ('error' in built) check = { ...check, error: built.error, validation: undefined };
          else {
            capability = built.capability;
            if (read.identity === undefined) memory.delete(entry.name);
            else {
              const { moduleFile } = entry;
              const modulePath = join(root, moduleFile);
              memory.set(entry.name, {
                moduleFile,
                modulePath,
                identity: read.identity,
                check,
                capability,
                module,
              });
            }
          }
        }
        if (capability !== undefined) {
          items.push(capability);
          loaded.push(entry);
        } else {
          memory.delete(entry.name);
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
      }
      // Every remembered compiled file was there when `.compiled/` had the identity seen before
      // this load's checks (a removal since changes it).
      compiledSeen = compiled;
      const inMemory = reads.filter((read) => read.check.cacheSkipped !== undefined);
      if (changed.length > 0 && refusal === undefined) refusal = await storeWriteRefusal(root);
      let unsaved = 0;
      if (changed.length > 0 && refusal === undefined) {
        try {
          diagnostics.push(...(await updateRecords(root, changed, lock)).diagnostics);
        } catch (error) {
          // The records are a note for the next load; a disk that refuses them does not stop this one.
          if (
            !isAgentContextError(error) ||
            (error.code !== 'write-failed' && error.code !== 'store-read-only')
          )
            throw error;
          refusal = error.reason ?? error.code;
          unsaved = changed.length;
        }
      } else unsaved = changed.length;
      if (inMemory.length > 0 || unsaved > 0) {
        const why = refusal ?? inMemory[0]?.check.cacheSkipped ?? 'not writable';
        const parts = [
          ...(inMemory.length > 0
            ? [
                `${inMemory.length} module(s) were compiled in memory instead of into ${compiledDirectoryName}/`,
              ]
            : []),
          ...(unsaved > 0 ? [`${unsaved} changed record(s) were not saved`] : []),
        ];
        diagnostics.push({
          severity: 'info',
          code: 'capability-store-read-only',
          message: `The capability store ${root} could not be written (${why}): ${parts.join(' and ')}. Loading wrote nothing there.`,
          path: root,
        });
      }
      return { items, diagnostics, records: loaded };
    },
  };
}

function hostModule(
  root: string,
  name: string,
  sourceSha256: string,
  validation: ValidationRecord,
  code: string | undefined,
): HostModule {
  return {
    key: validation.compiledFile,
    name,
    sourceSha256,
    file: join(root, compiledDirectoryName, validation.compiledFile),
    sha256: validation.compiledSha256,
    ...(code === undefined ? {} : { code }),
    toolNames: validation.description.tools.map((tool) => tool.name),
  };
}

/** Import a compiled module into this process (the `trusted` mode), after checking its hash. */
async function importTrusted(module: HostModule): Promise<{ capability: Capability } | { error: string }> {
  try {
    if (module.code !== undefined) {
      // Compiled in memory (a store that cannot be written): imported from the checked bytes.
      if (sha256Of(module.code) !== module.sha256)
        return { error: 'the compiled module does not match its hash' };
      const url = `data:text/javascript;base64,${Buffer.from(module.code, 'utf8').toString('base64')}`;
      return {
        capability: buildCapabilityExport((await import(url)) as Record<string, unknown>).value as Capability,
      };
    }
    if (sha256Of(await readFile(module.file)) !== module.sha256) {
      return { error: `the compiled module ${module.file} changed on disk; it was not imported` };
    }
    const namespace = (await import(pathToFileURL(module.file).href)) as Record<string, unknown>;
    return { capability: buildCapabilityExport(namespace).value as Capability };
  } catch (error) {
    return { error: `failed when loaded into this process: ${formatValidationError(error)}` };
  }
}

/** A module's check in `loadActive`, with the file identity it was read at (when it has one). */
interface ModuleRead {
  check: ModuleCheck;
  identity?: string;
}

/** A capability built by `loadActive`, kept for the next run while its module is unchanged. */
interface RememberedLoad {
  /** The module file, as in the record, and its absolute path. */
  moduleFile: string;
  modulePath: string;
  /** The module file's identity when it was read. */
  identity: string;
  /** The passed check it was built from. */
  check: ModuleCheck;
  capability: Capability;
  module: HostModule;
}

/** One capability host per store directory and heap limit in this process, shared by its stores. */
const hosts = new Map<string, CapabilityHost>();

/**
 * Fault records still being written, by store directory. A host reports a fault while a call is
 * answered; the store's next read of its manifest (the next run's `loadActive`, a `list`) waits for
 * them, so a faulted module is never served again because its record was not yet on disk.
 */
const faultsBeingWritten = new Map<string, Set<Promise<void>>>();

function faultWritten(root: string, writing: Promise<void>): void {
  const settled = writing.catch(() => undefined);
  let pending = faultsBeingWritten.get(root);
  if (pending === undefined) {
    pending = new Set();
    faultsBeingWritten.set(root, pending);
  }
  const set = pending;
  set.add(settled);
  void settled.then(() => {
    set.delete(settled);
    if (set.size === 0 && faultsBeingWritten.get(root) === set) faultsBeingWritten.delete(root);
  });
}

/** Resolves once every fault record of this store begun so far is written (or failed). */
async function faultsWrittenFor(root: string): Promise<void> {
  const pending = faultsBeingWritten.get(root);
  if (pending !== undefined) await Promise.all([...pending]);
}

function hostFor(
  root: string,
  memoryLimitMb: number | undefined,
  lock: FileLockOptions | undefined,
): CapabilityHost {
  const key = `${root}\0${memoryLimitMb ?? capabilityCreationDefaults.memoryLimitMb}`;
  let host = hosts.get(key);
  if (host === undefined) {
    host = createCapabilityHost({
      directory: root,
      memoryLimitMb: memoryLimitMb ?? capabilityCreationDefaults.memoryLimitMb,
      onFault: (module, message) => {
        faultWritten(root, recordFault(root, module.name, module.sourceSha256, message, lock));
      },
    });
    hosts.set(key, host);
  }
  return host;
}

function closeHost(root: string, memoryLimitMb: number | undefined): void {
  const key = `${root}\0${memoryLimitMb ?? capabilityCreationDefaults.memoryLimitMb}`;
  hosts.get(key)?.close();
  hosts.delete(key);
}
