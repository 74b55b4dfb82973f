import { AgentContextError } from '../errors.js';

/**
 * What an authored capability name must look like: a lowercase letter, then lowercase letters,
 * digits and underscores. The name is also the module file name (`<name>.ts`), so the pattern
 * keeps it a safe file name on every platform (no dots, slashes or case-folding clashes).
 */
export const capabilityNamePattern = /^[a-z][a-z0-9_]*$/;

/** Longest accepted name; long enough for any sensible name, short enough for any file system. */
export const maxCapabilityNameLength = 64;

/** True when `name` is a valid authored capability name (see {@link capabilityNamePattern}). */
export function isCapabilityName(name: unknown): name is string {
  // `$` in a JavaScript regular expression without the `m` flag matches only at the very end, so a
  // trailing newline is refused; the length check keeps file names portable.
  return (
    typeof name === 'string' && name.length <= maxCapabilityNameLength && capabilityNamePattern.test(name)
  );
}

/**
 * Throw an `invalid-name` {@link AgentContextError} unless `name` is a valid authored capability
 * name. Called before anything is written, so a bad name never touches the disk.
 */
export function assertCapabilityName(name: unknown): asserts name is string {
  if (isCapabilityName(name)) return;
  const shown = typeof name === 'string' ? JSON.stringify(name) : typeof name;
  throw new AgentContextError(
    `Invalid capability name ${shown}: use 1-${maxCapabilityNameLength} characters, a lowercase letter first, then lowercase letters, digits or underscores (for example "release_notes").`,
    { code: 'invalid-name', reason: 'name must match ^[a-z][a-z0-9_]*$' },
  );
}
