import { AgentContextError } from '../errors.js';

/** The typed refusal of an exclusive write (`createFile`, `writeFile` with `exclusive`): something is at `requested`. */
export function alreadyExistsError(requested: string, cause?: unknown): AgentContextError {
  return new AgentContextError(`Already exists: ${requested}`, {
    code: 'already-exists',
    path: requested,
    reason: 'already exists',
    ...(cause === undefined ? {} : { cause }),
  });
}
