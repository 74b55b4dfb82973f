import { AgentContextError } from '../errors.js';
import { capabilityCreationDefaults } from './capability-creation-defaults.js';
import { startSandboxProcess } from './sandbox-process.js';
import type { CapabilityDescription } from './sandbox-protocol.js';

/** Limits of one validation. */
export interface ValidationLimits {
  /** Milliseconds the module may take to import and give its static parts. Default 5,000. */
  timeoutMs?: number;
  /** Heap limit of the sandboxed child, in MiB. Default 128. */
  memoryLimitMb?: number;
}

/** The outcome of one validation: what the module gives, or one line saying what to fix. */
export type ValidationOutcome =
  | { ok: true; description: CapabilityDescription }
  | { ok: false; error: string };

/**
 * Validate a compiled module in a fresh, short-lived child process under the permission model (see
 * `startSandboxProcess`), with a time and heap limit: the child imports the file after checking its
 * hash, builds the capability, runs its static parts and sends back its description. Never throws
 * for anything the module does: an import error, an endless loop (the child is killed at the time
 * limit), heap exhaustion, `process.exit`, `process.abort` or a signal all become `{ ok: false, error }`.
 */
export async function validateInSandbox(
  directory: string,
  compiled: { file: string; sha256: string },
  limits: ValidationLimits = {},
): Promise<ValidationOutcome> {
  const timeoutMs = limits.timeoutMs ?? capabilityCreationDefaults.timeoutMs;
  const memoryLimitMb = limits.memoryLimitMb ?? capabilityCreationDefaults.memoryLimitMb;
  const child = await startSandboxProcess({ directory, memoryLimitMb, attribution: false });
  try {
    const outcome = await child.request(
      { type: 'load', key: 'validation', file: compiled.file, sha256: compiled.sha256 },
      timeoutMs,
    );
    if (outcome.type === 'timeout') {
      return {
        ok: false,
        error: `validation timed out after ${timeoutMs} ms: importing the module or calling instructions()/tools() did not finish (an endless loop, or a promise that never settles?)`,
      };
    }
    if (outcome.type === 'exit') {
      return {
        ok: false,
        error: /out of memory/.test(outcome.reason)
          ? `out of memory: the module used more than ${memoryLimitMb} MiB of heap during validation`
          : `the module ended its process during validation (${outcome.reason}); a capability must not exit, abort or kill its process`,
      };
    }
    if (!outcome.ok) return { ok: false, error: outcome.error };
    return { ok: true, description: outcome.value as CapabilityDescription };
  } finally {
    child.kill();
  }
}

/** Throw `invalid-option` unless every given limit is a positive finite number. */
export function assertLimits(limits: Record<string, number | undefined>): void {
  for (const [option, value] of Object.entries(limits)) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new AgentContextError(`${option} must be a positive number, got ${value}.`, {
        code: 'invalid-option',
        reason: `invalid ${option}`,
      });
    }
  }
}
