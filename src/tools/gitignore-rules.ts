import { compileGlob, isInvalidGlob } from '../shared/compile-glob.js';

/** Patterns read from one `.gitignore` at most; the rest of a longer file is not applied. */
export const maximumGitignorePatterns = 2_000;

/** One line of a `.gitignore`, compiled. */
interface GitignoreRule {
  test: (relativePath: string) => boolean;
  /** `!pattern`: a match re-includes the path. */
  negated: boolean;
  /** `pattern/`: matches directories only. */
  directoryOnly: boolean;
}

/** The rules of one `.gitignore`, for paths below the directory that holds it. */
export interface GitignoreRules {
  /** Absolute POSIX path of the directory holding the `.gitignore`. */
  base: string;
  rules: GitignoreRule[];
  /** True when the file had more than {@link maximumGitignorePatterns} patterns. */
  cut: boolean;
}

/**
 * Compile a `.gitignore` the way git reads it: blank lines and `#` comments skipped, trailing spaces
 * dropped (unless escaped), `\#` and `\!` escapes, `!` re-includes, a trailing `/` matches directories
 * only, a pattern with a `/` before its end is relative to the file's directory (a leading `/` too),
 * any other matches the name at any depth below it. Matching never backtracks (the shared glob
 * automaton); a line that does not compile is skipped.
 */
export function parseGitignore(text: string, base: string): GitignoreRules {
  const rules: GitignoreRule[] = [];
  let cut = false;
  for (const rawLine of text.split('\n')) {
    let line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    line = line.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    if (rules.length >= maximumGitignorePatterns) {
      cut = true;
      break;
    }
    let negated = false;
    if (line.startsWith('!')) {
      negated = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.replace(/\/+$/, '');
    if (line === '') continue;
    const anchored = line.includes('/');
    const compiled = compileGlob(line, { globsWithoutSlash: anchored ? 'base-only' : 'any-depth' });
    if (isInvalidGlob(compiled)) continue;
    rules.push({ test: compiled.test, negated, directoryOnly });
  }
  return { base, rules, cut };
}

/**
 * Whether a path is ignored by a chain of `.gitignore` files (outermost first): the last rule that
 * matches decides, nearer files after farther ones. `path` is an absolute POSIX path.
 */
export function isIgnored(chain: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const rules of chain) {
    const under = rules.base.endsWith('/') ? rules.base : `${rules.base}/`;
    if (!path.startsWith(under)) continue;
    const relative = path.slice(under.length);
    for (const rule of rules.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.negated === !ignored) continue;
      if (rule.test(relative)) ignored = !rule.negated;
    }
  }
  return ignored;
}
