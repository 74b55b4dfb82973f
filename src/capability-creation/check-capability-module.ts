import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capability } from '../session/capability.js';
import { compileCapabilityModule, compiledDirectoryName } from './compile-capability-module.js';
import {
  buildCapabilityExport,
  type CapabilitySummary,
  formatValidationError,
  inspectCapability,
} from './inspect-capability.js';
import { sha256Of } from './manifest-file.js';
import { defaultValidationTimeoutMs, type ValidationLimits, validateInWorker } from './validate-in-worker.js';

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
  /** The built capability, when it was loaded into the host (`load: true`) and passed. */
  capability?: Capability;
  /** The compiled file that was checked. */
  compiledFile?: string;
}

/** Options of {@link checkCapabilityModule}. */
export interface CheckOptions {
  limits: ValidationLimits;
  /** Also import the module into this process and check it again there. */
  load: boolean;
}

/**
 * Compile a module, validate it in a worker and, with `load: true`, import it into the host and run
 * the same static checks again (a static part can behave differently in the host, and the built
 * capability is what the session receives). Never throws for anything the module does.
 */
export async function checkCapabilityModule(
  directory: string,
  moduleFile: string,
  source: string,
  options: CheckOptions,
): Promise<ModuleCheck> {
  const sha256 = sha256Of(source);
  const compiled = await compileCapabilityModule(directory, moduleFile, source);
  if (!compiled.ok) return { sha256, exportName: undefined, error: compiled.error };
  const validation = await validateInWorker(compiled.url, options.limits);
  if (!validation.ok)
    return { sha256, exportName: undefined, error: validation.error, compiledFile: compiled.file };
  const { summary } = validation;
  if (!options.load)
    return { sha256, exportName: summary.exportName, error: null, summary, compiledFile: compiled.file };
  try {
    const namespace = (await import(compiled.url)) as Record<string, unknown>;
    const built = buildCapabilityExport(namespace);
    const timeoutMs = options.limits.timeoutMs ?? defaultValidationTimeoutMs;
    const loaded = await withTimeout(inspectCapability(built.value, built.exportName), timeoutMs);
    return {
      sha256,
      exportName: loaded.exportName,
      error: null,
      summary: loaded,
      capability: built.value as Capability,
      compiledFile: compiled.file,
    };
  } catch (error) {
    return {
      sha256,
      exportName: summary.exportName,
      error: `failed when loaded into the host: ${formatValidationError(error)}`,
      compiledFile: compiled.file,
    };
  }
}

/**
 * Read a module file as UTF-8 text. Only regular files up to {@link maxModuleBytes} are read (a
 * FIFO would block forever); a problem comes back as a one-line error instead of a throw.
 */
export async function readModuleSource(path: string): Promise<{ source: string } | { error: string }> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { error: `module file ${path} is not a regular file` };
    if (info.size > maxModuleBytes)
      return { error: `module file ${path} is larger than ${maxModuleBytes} bytes` };
    return { source: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      error:
        code === 'ENOENT' ? `module file ${path} is missing` : `module file ${path} cannot be read (${code})`,
    };
  }
}

/** Remove compiled files of `name` other than `keep`; best effort (a cache, rebuilt when needed). */
export async function pruneCompiled(
  directory: string,
  name: string,
  keep: string | undefined,
): Promise<void> {
  const compiledDirectory = join(directory, compiledDirectoryName);
  const files = await readdir(compiledDirectory).catch(() => [] as string[]);
  for (const file of files) {
    const path = join(compiledDirectory, file);
    if (path === keep || !file.startsWith(`${name}.`) || !file.endsWith('.mjs')) continue;
    await rm(path, { force: true }).catch(() => undefined);
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`instructions() or tools() did not settle within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
