import type { DiagnosticCode } from './diagnostic-codes.js';
import { isAgentContextError } from './errors.js';

/** The error codes of a workspace call that a loader reports under the same name. */
const workspaceCodes = new Set<string>([
  'path-outside-workspace',
  'invalid-path',
  'not-found',
  'not-a-file',
  'not-a-directory',
  'hard-linked',
  'symlink-loop',
  'read-failed',
]);

/**
 * The diagnostic code for a workspace call that threw: the `AgentContextError` code when it names
 * a problem of the path (`not-found`, `symlink-loop`, ...), otherwise `fallback`.
 */
export function diagnosticCodeOf(error: unknown, fallback: DiagnosticCode = 'read-failed'): DiagnosticCode {
  return isAgentContextError(error) && workspaceCodes.has(error.code)
    ? (error.code as DiagnosticCode)
    : fallback;
}
