import { lstat, readdir, realpath, rm, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { sha256Of } from '../shared/sha256.js';
import {
  compileCapabilityModule,
  compiledDirectoryName,
  isRegularFile,
  libraryVersion,
} from './compile-capability-module.js';
import type { CapabilitySummary } from './inspect-capability.js';
import { fileIdentityOf } from './module-file-identity.js';
import type { CapabilityDescription } from './sandbox-protocol.js';
import { readStoreFile } from './store-file.js';
import { type ValidationLimits, validateInSandbox } from './validate-in-sandbox.js';
import {
  nodeMajor,
  readValidationRecord,
  type ValidationRecord,
  writeValidationRecord,
} from './validation-record.js';

/** Largest module file accepted, in bytes (1 MiB): a capability is code, not data. */
export const maxModuleBytes = 1024 * 1024;

/** What checking one module found. */
export interface ModuleCheck {
  /** Hex SHA-256 of the source checked; `undefined` when the file could not be read. */
  sha256: string | undefined;
  /** The export holding the capability; `undefined` when validation did not get that far. */
  exportName: string | undefined;
  /** `null` when the module passed. */
  error: string | null;
  summary?: CapabilitySummary;
  /** The passed validation (its description and compiled file), when the module passed. */
  validation?: ValidationRecord;
  /** True when the validation came from the record of an earlier one, not a new child. */
  cached?: boolean;
  /** The compiled file that was checked. */
  compiledFile?: string;
  /** The compiled module, when it is not on disk (the cache was not written: see `cacheSkipped`). */
  compiledCode?: string;
  /** Why the compiled module and the validation record were not cached, when they were not. */
  cacheSkipped?: string;
}

/** Options of {@link checkCapabilityModule}. */
export interface CheckOptions {
  limits: ValidationLimits;
  /** Accept an earlier passed validation of the same bytes (library version and Node major). */
  useRecord: boolean;
  /**
   * Write the compiled module and the validation record into `.compiled/`. `false` for a store
   * this process may not write: the module is compiled in memory. Default `true`.
   */
  cache?: boolean;
}

/**
 * Compile a module and validate it in a sandboxed child (see `validateInSandbox`), or, with `useRecord`, take the
 * record of an earlier passed validation of the same bytes. A pass is recorded for next time when
 * the cache can be written (see {@link CheckOptions.cache}). Never throws for anything the module does.
 */
export async function checkCapabilityModule(
  directory: string,
  moduleFile: string,
  source: string,
  options: CheckOptions,
): Promise<ModuleCheck> {
  const sha256 = sha256Of(source);
  const name = moduleFile.replace(/\.[^.]+$/, '');
  if (options.useRecord) {
    const record = await readValidationRecord(directory, name, sha256);
    const compiledFile = record && join(directory, compiledDirectoryName, record.compiledFile);
    if (record !== undefined && compiledFile !== undefined && isRegularFile(compiledFile)) {
      const summary = summarise(record.description);
      return {
        sha256,
        exportName: summary.exportName,
        error: null,
        summary,
        validation: record,
        cached: true,
        compiledFile,
      };
    }
  }
  const compiled = await compileCapabilityModule(directory, moduleFile, source, {
    cache: options.cache ?? true,
  });
  if (!compiled.ok) return { sha256, exportName: undefined, error: compiled.error };
  const inMemory =
    compiled.code === undefined ? {} : { compiledCode: compiled.code, cacheSkipped: compiled.cacheSkipped };
  const validation = await validateInSandbox(directory, compiled, options.limits);
  if (!validation.ok)
    return {
      sha256,
      exportName: undefined,
      error: validation.error,
      compiledFile: compiled.file,
      ...inMemory,
    };
  const record: ValidationRecord = {
    sha256,
    libraryVersion: libraryVersion(),
    nodeMajor,
    compiledFile: basename(compiled.file),
    compiledSha256: compiled.sha256,
    description: validation.description,
  };
  if (compiled.code === undefined) await writeValidationRecord(directory, name, record);
  const summary = summarise(validation.description);
  return {
    sha256,
    exportName: summary.exportName,
    error: null,
    summary,
    validation: record,
    compiledFile: compiled.file,
    ...inMemory,
  };
}

/** The summary tools and the CLI show, from a capability's description. */
export function summarise(description: CapabilityDescription): CapabilitySummary {
  return {
    exportName: description.exportName,
    name: description.name,
    toolNames: description.tools.map((tool) => tool.name),
    instructionBlocks: description.instructions.length,
    hooks: description.hooks,
  };
}

/**
 * Read a module file of the store in `directory` as UTF-8 text. Only regular files up to
 * {@link maxModuleBytes} are read (a FIFO would block forever), and a symbolic link is followed only
 * when it stays inside the store; a problem comes back as a one-line error instead of a throw.
 * `identity` is the file's version as it was just before the read (see `fileIdentityOf`), when it
 * can tell this version from a later one without reading again: a regular file, not a link, not
 * changed within the timestamp margin.
 */
export async function readModuleSource(
  directory: string,
  moduleFile: string,
): Promise<{ source: string; identity?: string } | { error: string }> {
  const path = join(directory, moduleFile);
  try {
    const now = Date.now();
    const link = await lstat(path, { bigint: true });
    if (link.isSymbolicLink()) {
      const target = await realpath(path);
      const inside = relative(await realpath(directory), target);
      if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || inside.startsWith(sep)) {
        return {
          error: `module file ${path} is a symbolic link leading outside the store (to ${target}); it is refused`,
        };
      }
    }
    const read = await readStoreFile(directory, path, { maxBytes: maxModuleBytes });
    if (read.state === 'refused')
      return { error: `module file ${path} is ${read.reason}, not a regular file; it was not opened` };
    if (read.state === 'too-large')
      return { error: `module file ${path} is larger than ${maxModuleBytes} bytes` };
    if (read.state === 'missing') return { error: `module file ${path} is missing` };
    if (read.state === 'unreadable') return { error: `module file ${path} cannot be read (${read.reason})` };
    // The identity of the version read: the link's own when it is the file, unchanged since.
    const identity = fileIdentityOf(link, now);
    const same = identity !== undefined && identity === fileIdentityOf(read.stats, now);
    return same ? { source: read.text, identity } : { source: read.text };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      error:
        code === 'ENOENT' ? `module file ${path} is missing` : `module file ${path} cannot be read (${code})`,
    };
  }
}

/** How old a compiled file or validation record of another version must be before it is pruned. */
const pruneAfterMs = 60_000;

/**
 * Remove compiled files and validation records of `name` other than `keep`; best effort (a cache).
 * Files younger than a minute are left alone: another writer of the same name may be validating them.
 */
export async function pruneCompiled(directory: string, name: string, keep: readonly string[]): Promise<void> {
  const compiledDirectory = join(directory, compiledDirectoryName);
  const files = await readdir(compiledDirectory).catch(() => [] as string[]);
  const now = Date.now();
  for (const file of files) {
    if (keep.includes(file) || !file.startsWith(`${name}.`)) continue;
    if (!file.endsWith('.mjs') && !file.endsWith('.json')) continue;
    const path = join(compiledDirectory, file);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined || now - info.mtimeMs < pruneAfterMs) continue;
    await rm(path, { force: true }).catch(() => undefined);
  }
}
