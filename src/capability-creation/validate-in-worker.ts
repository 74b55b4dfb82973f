import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AgentContextError } from '../errors.js';
import { formatValidationError } from './inspect-capability.js';
import type { ValidationReply } from './validation-worker.js';

/** Limits of one validation. */
export interface ValidationLimits {
  /** Milliseconds the module may take to import and give its static parts. Default 5,000. */
  timeoutMs?: number;
  /** Heap limit of the validation worker, in MiB (`resourceLimits.maxOldGenerationSizeMb`). Default 128. */
  memoryLimitMb?: number;
}

/** The outcome of one validation: the summary, or one line saying what to fix. */
export type ValidationOutcome = ValidationReply;

/** Default time limit of a validation, in milliseconds. */
export const defaultValidationTimeoutMs = 5_000;
/** Default heap limit of a validation worker, in MiB. */
export const defaultValidationMemoryLimitMb = 128;

/**
 * Validate the compiled module at `moduleUrl` in a fresh worker thread with a time and heap limit.
 * Never throws for anything the module does: an import error, an endless loop (the worker is
 * terminated at the time limit), heap exhaustion, or `process.exit` (which in a worker ends only
 * the worker) all become `{ ok: false, error }`. The worker's stdout and stderr are discarded, so
 * an authored module cannot write into the host's output. The worker is terminated as soon as it
 * answers, so timers the module left running do not keep it alive.
 *
 * Isolation here protects the host from accidents, not from malice: the module still runs with
 * the host's permissions (file system, network, child processes) while it is validated.
 */
export async function validateInWorker(
  moduleUrl: string,
  limits: ValidationLimits = {},
): Promise<ValidationOutcome> {
  const timeoutMs = limits.timeoutMs ?? defaultValidationTimeoutMs;
  const memoryLimitMb = limits.memoryLimitMb ?? defaultValidationMemoryLimitMb;
  const entry = await workerEntry();
  return new Promise((resolve) => {
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      workerData: { moduleUrl },
      resourceLimits: {
        maxOldGenerationSizeMb: memoryLimitMb,
        maxYoungGenerationSizeMb: Math.min(32, memoryLimitMb),
      },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: ValidationOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          error: `validation timed out after ${timeoutMs} ms: importing the module or calling instructions()/tools() did not finish (an endless loop, or a promise that never settles?)`,
        }),
      timeoutMs,
    );
    worker.on('message', (reply: ValidationReply) => finish(reply));
    worker.on('error', (error: Error & { code?: string }) =>
      finish({
        ok: false,
        error:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `out of memory: the module used more than ${memoryLimitMb} MiB of heap during validation`
            : formatValidationError(error),
      }),
    );
    worker.on('exit', (code) =>
      finish({
        ok: false,
        error: `the module ended validation with process.exit(${code}); a capability must not exit the process`,
      }),
    );
  });
}

/** Throw `invalid-option` unless every given limit is a positive finite number. */
export function assertValidationLimits(limits: ValidationLimits): void {
  for (const [option, value] of Object.entries({
    timeoutMs: limits.timeoutMs,
    memoryLimitMb: limits.memoryLimitMb,
  })) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new AgentContextError(`${option} must be a positive number, got ${value}.`, {
        code: 'invalid-option',
        reason: `invalid ${option}`,
      });
    }
  }
}

interface WorkerEntry {
  source: URL | string;
  eval: boolean;
}

let cachedEntry: Promise<WorkerEntry> | undefined;

/**
 * Where the worker script is. The published build ships it as JavaScript next to the code that
 * uses it (or one folder below, when that code was bundled into a chunk at the package root). When
 * running from the TypeScript sources (tests), the `.ts` entry is bundled with esbuild once per
 * process and run as eval code.
 */
function workerEntry(): Promise<WorkerEntry> {
  cachedEntry ??= findWorkerEntry().catch((error: unknown) => {
    cachedEntry = undefined;
    throw error;
  });
  return cachedEntry;
}

async function findWorkerEntry(): Promise<WorkerEntry> {
  for (const candidate of [
    './validation-worker.js',
    './capability-creation/validation-worker.js',
    '../capability-creation/validation-worker.js',
  ]) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { source: url, eval: false };
  }
  const sourcePath = fileURLToPath(new URL('./validation-worker.ts', import.meta.url));
  if (!existsSync(sourcePath)) {
    throw new AgentContextError(
      'The capability validation worker script is missing from the installed package.',
      {
        code: 'not-found',
        path: fileURLToPath(new URL('./validation-worker.js', import.meta.url)),
        reason: 'validation worker missing',
      },
    );
  }
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [sourcePath],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return { source: result.outputFiles[0]?.text ?? '', eval: true };
}
