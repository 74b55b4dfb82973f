import { buildGlobAutomaton, GlobSyntaxError } from './glob-automaton.js';

/**
 * Where a glob without `/` matches: `any-depth`, the file name in any folder below the base, as in
 * `.gitignore`; `base-only`, only files directly in the base.
 */
export type GlobsWithoutSlash = 'any-depth' | 'base-only';

/** Options of {@link compileGlob}. */
export interface CompileGlobOptions {
  /** Where a glob without `/` matches. @default 'any-depth' */
  globsWithoutSlash?: GlobsWithoutSlash;
}

/** Longest path a compiled glob tests, in characters (Linux's `PATH_MAX`); a longer one never matches. */
export const maximumTestedPathLength = 4_096;

/** A glob ready to test paths relative to its rule's base directory. */
export interface CompiledGlob {
  /** The glob as written. */
  glob: string;
  /** True when the POSIX path (relative to the base) matches. */
  test: (relativePath: string) => boolean;
  /** Directory every matching path lies under (`''` when any), so a matcher can skip the glob. */
  prefix: string;
  /** True when every matching path lies directly in `prefix`, never deeper (`src/*.ts`). */
  direct: boolean;
}

/** Why a glob cannot be used. */
export interface InvalidGlob {
  glob: string;
  reason: string;
}

/** Characters that make a path segment a pattern rather than a name. */
const patternCharacters = /[*?[\]{}()!+@\\]/;
/** Names and endings compared as plain text (`*.test.ts`, `src/app`); anything else goes to the automaton. */
const plainName = /^[A-Za-z0-9._-]+$/;
const plainDirectory = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/**
 * Compile one glob, relative to a base directory (a rule's base, a search's root). A leading `./` or
 * `/` is dropped (both mean the base); a leading `!` negates. A glob without `/` matches the file name
 * at any depth (`*.ts` is any TypeScript file), as in `.gitignore`, or with `globsWithoutSlash:
 * 'base-only'` only files directly in the base. Dot files match. The syntax is picomatch's with
 * `dot: true` (see {@link buildGlobAutomaton}), but matching never backtracks: a test costs at most the
 * path length times the glob's size, and a path over 4,096 characters never matches.
 *
 * Invalid (an {@link InvalidGlob} with the reason): an empty glob, a `..` segment (it would leave the
 * base), unbalanced brackets, braces or parentheses, `!(...)` groups, a glob over 1,024 characters.
 *
 * @example
 * const glob = compileGlob('src/**\/*.ts');
 * if (!isInvalidGlob(glob)) glob.test('src/api/handler.ts'); // true
 */
export function compileGlob(written: string, options: CompileGlobOptions = {}): CompiledGlob | InvalidGlob {
  const globsWithoutSlash = options.globsWithoutSlash ?? 'any-depth';
  const trimmed = written.trim();
  const negations = /^!*(?!\()/.exec(trimmed)?.[0].length ?? 0;
  const glob = trimmed.slice(negations).replace(/^\.\//, '').replace(/^\/+/, '');
  if (glob === '') return { glob: written, reason: 'the glob is empty' };
  if (glob.includes('\0')) return { glob: written, reason: 'the glob holds a NUL character' };
  if (glob.split('/').includes('..'))
    return { glob: written, reason: 'a `..` segment would leave the base directory' };
  let pattern: { test: (path: string) => boolean };
  try {
    pattern = buildGlobAutomaton(glob);
  } catch (error) {
    if (error instanceof GlobSyntaxError) return { glob: written, reason: error.message };
    throw error;
  }
  const compiled = shapeOf(glob, globsWithoutSlash, pattern);
  const negated = negations % 2 === 1;
  const test = compiled.test;
  return {
    glob: written,
    prefix: negated ? '' : compiled.prefix,
    direct: negated ? false : compiled.direct,
    test: (path) => path.length <= maximumTestedPathLength && test(path) !== negated,
  };
}

/** The test, prefix and depth of a valid glob, its plain-text shapes tested as strings. */
function shapeOf(
  glob: string,
  globsWithoutSlash: GlobsWithoutSlash,
  pattern: { test: (path: string) => boolean },
): Omit<CompiledGlob, 'glob'> {
  if (!glob.includes('/')) {
    const name = nameTest(glob);
    if (globsWithoutSlash === 'base-only') {
      // The whole path against the pattern: `*.ts` is the base's own files, `**` still everything.
      return {
        test: name === undefined ? (path) => pattern.test(path) : (path) => !path.includes('/') && name(path),
        prefix: '',
        direct: !glob.includes('**'),
      };
    }
    const test = name ?? ((fileName: string) => pattern.test(fileName));
    return {
      test: (path) => test(path.slice(path.lastIndexOf('/') + 1)),
      prefix: '',
      direct: false,
    };
  }
  const prefix = staticPrefix(glob);
  const rest = prefix === '' ? glob : glob.slice(prefix.length + 1);
  const under = prefix === '' ? '' : `${prefix}/`;
  const direct = !rest.includes('/') && !rest.includes('**');
  return { test: shapeTest(under, rest) ?? ((path) => pattern.test(path)), prefix, direct };
}

/** The test of a known shape below `under` (`''` or a directory with its slash), or `undefined`. */
function shapeTest(under: string, rest: string): ((path: string) => boolean) | undefined {
  if (under !== '' && !plainDirectory.test(under.slice(0, -1))) return undefined;
  if (rest === '**') {
    const directory = under.slice(0, -1);
    return (path) => path.startsWith(under) || path === directory;
  }
  const deep = rest.startsWith('**/');
  const name = nameTest(deep ? rest.slice(3) : rest);
  if (name === undefined || (!deep && rest.includes('/'))) return undefined;
  return (path) => {
    if (!path.startsWith(under)) return false;
    const slash = path.lastIndexOf('/');
    if (!deep && slash !== under.length - 1) return false;
    return name(path.slice(slash + 1));
  };
}

/**
 * A test of a file name for a plain name, `*ENDING`, or plain text with single `*`s anywhere
 * (`module-*.test.ts`), or `undefined` for any other pattern. A `*` takes any run of characters,
 * none too; `.` and `..` never match it.
 */
export function nameTest(pattern: string): ((name: string) => boolean) | undefined {
  if (plainName.test(pattern)) return (name) => name === pattern;
  const ending = pattern.slice(1);
  if (pattern.startsWith('*') && plainName.test(ending))
    return (name) => name.endsWith(ending) && name !== '.' && name !== '..';
  if (!plainWithStars.test(pattern) || pattern.includes('**')) return undefined;
  return starsTest(pattern.split('*'));
}

/** Plain name characters and `*`, for {@link starsTest}. */
const plainWithStars = /^[A-Za-z0-9._*-]+$/;

/**
 * The test of plain texts joined by `*` (`parts` from a split on `*`): the first starts the name, the
 * last ends it, each middle one is taken at its first place after the one before. Taking the first
 * place never loses a match (a `*` can take whatever a later place would skip), so nothing is tried
 * twice: the cost is at most the name's length times the pattern's.
 */
function starsTest(parts: readonly string[]): (name: string) => boolean {
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1);
  const least = parts.reduce((sum, part) => sum + part.length, 0);
  return (name) => {
    if (name.length < least || name === '.' || name === '..') return false;
    if (!name.startsWith(first) || !name.endsWith(last)) return false;
    const end = name.length - last.length;
    let at = first.length;
    for (const part of middle) {
      const found = name.indexOf(part, at);
      if (found === -1 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

/** The leading segments without pattern characters, minus the last segment (a file name or pattern). */
function staticPrefix(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (patternCharacters.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
}

/** True for the result of a failed {@link compileGlob}. */
export function isInvalidGlob(value: CompiledGlob | InvalidGlob): value is InvalidGlob {
  return 'reason' in value;
}
