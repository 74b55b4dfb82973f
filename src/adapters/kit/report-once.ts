import type { DiagnosticCode } from '../../diagnostic-codes.js';
import type { ContextEvent } from '../../session/context-event.js';

/**
 * A test that is true the first time it sees a key for an owner (a run, a session, an adapter
 * instance) and false every later time: what the kit reports, it reports once. Owners are held weakly.
 */
export function createReportOnce<Owner extends object>(): (owner: Owner, key: string) => boolean {
  const reported = new WeakMap<Owner, Set<string>>();
  return (owner, key) => {
    const keys = reported.get(owner) ?? new Set<string>();
    reported.set(owner, keys);
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  };
}

/** An adapter's warning: a `diagnostic` event, reason `run-start`, with `adapter` as its capability. */
export function adapterWarning(adapter: string, code: DiagnosticCode, message: string): ContextEvent {
  return {
    type: 'diagnostic',
    reason: 'run-start',
    capability: adapter,
    message,
    diagnostic: { severity: 'warning', code, message },
  };
}
