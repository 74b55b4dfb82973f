import { diagnosticCodeOf } from '../diagnostic-code-of-error.js';
import type { Diagnostic } from '../diagnostics.js';
import { describeError, isAgentContextError } from '../errors.js';

/**
 * Turn a refused or failed workspace call into an `error` diagnostic on `label`. The code is the
 * `AgentContextError` code (`path-outside-workspace`, `symlink-loop`, `read-failed`...), or
 * `read-failed` for anything else, so the scan can go on.
 */
export function diagnosticFromError(error: unknown, label: string, what: 'file' | 'directory'): Diagnostic {
  const code = diagnosticCodeOf(error);
  const reason = isAgentContextError(error) && error.reason ? error.reason : describeError(error);
  return { severity: 'error', code, message: `Could not read the ${what} ${label}: ${reason}`, path: label };
}
