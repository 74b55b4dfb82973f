import { compileGlob, isInvalidGlob, maximumTestedPathLength } from '../shared/compile-glob.js';

/** Patterns read from one `.gitignore` at most; the rest of a longer file is not applied. */
export const maximumGitignorePatterns = 2_000;

/** A name compared as text, as `compileGlob` compares it (same characters). */
const plainName = /^[A-Za-z0-9._-]+$/;

/** One line of a `.gitignore`, compiled. */
interface GitignoreRule {
  test: (relativePath: string) => boolean;
  /** `!pattern`: a match re-includes the path. */
  negated: boolean;
  /** `pattern/`: matches directories only. */
  directoryOnly: boolean;
  /**
   * Set for a plain name at any depth (`node_modules`, `*.log`): the text the path's last segment
   * equals (`name`) or ends with (`ending`), so the test is one string comparison on the whole path.
   */
  name?: string;
  ending?: string;
}

/** The rules of one `.gitignore`, for paths below the directory that holds it. */
export interface GitignoreRules {
  /** Absolute POSIX path of the directory holding the `.gitignore`. */
  base: string;
  /** `base` with a trailing `/`: the start of every path the rules apply to. */
  under: string;
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
    const rule: GitignoreRule = { test: compiled.test, negated, directoryOnly };
    // The shapes compileGlob itself tests as text (see its `nameTest`), tested here without a slice.
    if (!anchored && plainName.test(line)) rule.name = line;
    else if (!anchored && line.startsWith('*') && plainName.test(line.slice(1))) rule.ending = line.slice(1);
    rules.push(rule);
  }
  return { base, under: base.endsWith('/') ? base : `${base}/`, rules, cut };
}

/**
 * Whether a path is ignored by a chain of `.gitignore` files (outermost first): the last rule that
 * matches decides, nearer files after farther ones. `path` is an absolute POSIX path. Rules are
 * tried from the last one back, so the first that matches answers and the rest are not tried.
 */
export function isIgnored(chain: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
  const nameLength = path.length - path.lastIndexOf('/') - 1;
  for (let level = chain.length - 1; level >= 0; level -= 1) {
    const { under, rules } = chain[level]!;
    if (!path.startsWith(under)) continue;
    const relativeLength = path.length - under.length;
    let relative: string | undefined;
    for (let index = rules.length - 1; index >= 0; index -= 1) {
      const rule = rules[index]!;
      if (rule.directoryOnly && !isDirectory) continue;
      let matches: boolean;
      if (rule.name !== undefined) {
        matches =
          relativeLength <= maximumTestedPathLength &&
          nameLength === rule.name.length &&
          path.endsWith(rule.name);
      } else if (rule.ending !== undefined) {
        matches =
          relativeLength <= maximumTestedPathLength &&
          nameLength >= rule.ending.length &&
          path.endsWith(rule.ending) &&
          !isDotName(path, nameLength);
      } else {
        relative ??= path.slice(under.length);
        matches = rule.test(relative);
      }
      if (matches) return !rule.negated;
    }
  }
  return false;
}

/** True when the last segment of `path` (`nameLength` long) is `.` or `..`. */
function isDotName(path: string, nameLength: number): boolean {
  if (nameLength > 2) return false;
  const name = path.slice(path.length - nameLength);
  return name === '.' || name === '..';
}
