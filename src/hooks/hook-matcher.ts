/** How a matcher is tested: every tool, exact names, or a pattern. */
export type CompiledMatcher =
  | { type: 'all' }
  | { type: 'names'; names: ReadonlySet<string> }
  | { type: 'pattern'; pattern: RegExp }
  | { type: 'invalid'; reason: string };

/** A matcher of only letters, digits, `_` and `|`: exact names, as Claude Code reads it. */
const plainMatcher = /^[A-Za-z0-9_|]+$/;

/** A group or class followed by a quantifier: nested repetition, which can backtrack exponentially. */
const nestedQuantifier = /[)\]][*+?{]|\{/;

/**
 * Compile a hook group's matcher as Claude Code reads it: none, `''` or `*` match every tool; a
 * matcher of letters, digits, `_` and `|` is a list of exact names (`Edit|Write`); anything else is a
 * regular expression that must match the whole name (`mcp__github__.*`, `Notebook.*`).
 *
 * A pattern with a quantified group or class, or counted repetition (`(a+)+`, `[ab]*`, `a{2}`) is
 * refused: a repository's file must not be able to freeze the agent on a tool name.
 */
export function compileMatcher(matcher: string | null): CompiledMatcher {
  if (matcher === null || matcher === '' || matcher === '*') return { type: 'all' };
  if (plainMatcher.test(matcher)) return { type: 'names', names: new Set(matcher.split('|')) };
  if (matcher.length > 200) return { type: 'invalid', reason: 'is longer than 200 characters' };
  if (nestedQuantifier.test(matcher))
    return { type: 'invalid', reason: 'repeats a group, a class or a count, which is not supported' };
  try {
    return { type: 'pattern', pattern: new RegExp(`^(?:${matcher})$`) };
  } catch (error) {
    return { type: 'invalid', reason: `is not a valid pattern (${(error as Error).message})` };
  }
}

/** Whether a compiled matcher fires for a tool known by any of `names` (its own and its aliases). */
export function matcherFires(matcher: CompiledMatcher, names: readonly string[]): boolean {
  switch (matcher.type) {
    case 'all':
      return true;
    case 'names':
      return names.some((name) => matcher.names.has(name));
    case 'pattern':
      return names.some((name) => matcher.pattern.test(name));
    case 'invalid':
      return false;
  }
}
