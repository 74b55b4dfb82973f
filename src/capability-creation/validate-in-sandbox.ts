import { AgentContextError } from '../errors.js';
import { capabilityCreationDefaults } from './capability-creation-defaults.js';
import { type SandboxProcess, startSandboxProcess } from './sandbox-process.js';
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

/** How long a warm validation child waits for the next validation before it is ended, in milliseconds. */
const warmIdleMs = 2_000;
/** Validations one warm child serves before a fresh one takes over (its heap keeps what it imported). */
const warmValidations = 50;

/** A validation child kept for the next validation of the same store and heap limit. */
interface WarmChild {
  started: Promise<SandboxProcess>;
  /** Set once started. */
  child: SandboxProcess | undefined;
  /** Validations it has served (all passed: a failure ends it). */
  served: number;
  busy: boolean;
  idle: NodeJS.Timeout | undefined;
}

/** The warm child per store directory and heap limit, in this process. */
const warmChildren = new Map<string, WarmChild>();

/**
 * Validate a compiled module in a sandboxed child process under the permission model (see
 * `startSandboxProcess`), with a time and heap limit: the child imports the file after checking its
 * hash, builds the capability, runs its static parts and sends back its description. Never throws
 * for anything the module does: an import error, an endless loop (the child is killed at the time
 * limit), heap exhaustion, `process.exit`, `process.abort` or a signal all become `{ ok: false, error }`.
 *
 * The child is warm: one per store directory and heap limit is kept after a pass, for the next
 * validation (at most 50 in one child; ended after 2 seconds without one), with the same isolation
 * and limits. Any failure ends it, and a module that fails in a child that validated others before
 * is validated again in a fresh child before the failure stands, so what an earlier module left
 * behind (a timer, a changed global, its heap) never fails a later one. A validation that finds the
 * warm child busy runs in a fresh child of its own.
 */
export async function validateInSandbox(
  directory: string,
  compiled: { file: string; sha256: string; code?: string },
  limits: ValidationLimits = {},
): Promise<ValidationOutcome> {
  const timeoutMs = limits.timeoutMs ?? capabilityCreationDefaults.timeoutMs;
  const memoryLimitMb = limits.memoryLimitMb ?? capabilityCreationDefaults.memoryLimitMb;
  const key = `${directory}\0${memoryLimitMb}`;
  let warm = warmChildren.get(key);
  if (warm?.child !== undefined && !warm.child.alive) {
    endWarmChild(key, warm);
    warm = undefined;
  }
  if (warm?.busy) return validateInFreshChild(directory, compiled, timeoutMs, memoryLimitMb);
  if (warm === undefined) {
    const started = startSandboxProcess({ directory, memoryLimitMb, attribution: false });
    warm = { started, child: undefined, served: 0, busy: false, idle: undefined };
    warmChildren.set(key, warm);
  }
  const current = warm;
  current.busy = true;
  if (current.idle !== undefined) clearTimeout(current.idle);
  let child: SandboxProcess;
  try {
    child = await current.started;
  } catch (error) {
    endWarmChild(key, current);
    throw error;
  }
  current.child = child;
  const outcome = await validateIn(child, compiled, timeoutMs, memoryLimitMb);
  current.busy = false;
  if (!outcome.ok) {
    const reused = current.served > 0;
    endWarmChild(key, current);
    return reused ? validateInFreshChild(directory, compiled, timeoutMs, memoryLimitMb) : outcome;
  }
  current.served += 1;
  if (current.served >= warmValidations) endWarmChild(key, current);
  else {
    current.idle = setTimeout(() => endWarmChild(key, current), warmIdleMs);
    current.idle.unref();
  }
  return outcome;
}

function endWarmChild(key: string, warm: WarmChild): void {
  if (warm.idle !== undefined) clearTimeout(warm.idle);
  warm.idle = undefined;
  void warm.started.then((child) => child.kill()).catch(() => undefined);
  if (warmChildren.get(key) === warm) warmChildren.delete(key);
}

async function validateInFreshChild(
  directory: string,
  compiled: { file: string; sha256: string; code?: string },
  timeoutMs: number,
  memoryLimitMb: number,
): Promise<ValidationOutcome> {
  const child = await startSandboxProcess({ directory, memoryLimitMb, attribution: false });
  try {
    return await validateIn(child, compiled, timeoutMs, memoryLimitMb);
  } finally {
    child.kill();
  }
}

async function validateIn(
  child: SandboxProcess,
  compiled: { file: string; sha256: string; code?: string },
  timeoutMs: number,
  memoryLimitMb: number,
): Promise<ValidationOutcome> {
  const outcome = await child.request(
    {
      type: 'load',
      key: 'validation',
      file: compiled.file,
      sha256: compiled.sha256,
      ...(compiled.code === undefined ? {} : { code: compiled.code }),
    },
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
