import { compileGlob, isInvalidGlob, maximumTestedPathLength, nameTest } from '../shared/compile-glob.js';

/** Patterns read from one `.gitignore` at most; the rest of a longer file is not applied. */
export const maximumGitignorePatterns = 2_000;

/** A segment without pattern characters. */
const plainName = /^[A-Za-z0-9._-]+$/;

/** One line of a `.gitignore`, compiled. */
interface GitignoreRule {
  test: (relativePath: string) => boolean;
  /** `!pattern`: a match re-includes the path. */
  negated: boolean;
  /** `pattern/`: matches directories only. */
  directoryOnly: boolean;
  /** Set for `*.EXT` at any depth (`EXT` plain, with a `.`): `.EXT`, which the name ends with. */
  ending: string | undefined;
  /**
   * Set for a name pattern at any depth that `compileGlob` tests as text (`node_modules`, `*.log`,
   * `npm-debug.log*`): the same test, given the path's last segment.
   */
  matchesName: ((name: string) => boolean) | undefined;
  /**
   * Set for a pattern relative to the file (`/dist`, `examples/*\/build`): the absolute directory,
   * with its slash, below which every path it matches lies (or which it is, without the slash), so
   * other paths skip its glob; with `direct`, only the entries directly in it can match.
   */
  within: string | undefined;
  direct: boolean | undefined;
  /** Set for a pattern relative to the file that ends in a plain name (`examples/*\/build`): that name. */
  lastName: string | undefined;
  /**
   * Text every matching path holds, so a path without it skips the glob: for a name pattern, runs of
   * plain characters of the last segment (`.py` of `*.py[cod]`); for a pattern relative to the
   * file, its plain segments before the last, each with a leading slash (`/.next` of `**\/.next/*`),
   * found as whole segments below the file's directory.
   */
  nameTexts: string[] | undefined;
  segments: string[] | undefined;
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
  /**
   * Positions in `rules`, ascending: of the plain names at any depth by name (`node_modules`), of the
   * endings `*.EXT` by the name's last `.` part (`*.d.ts` under `.ts`), and of every other rule.
   */
  byName: Map<string, number[]>;
  byExtension: Map<string, number[]>;
  rest: number[];
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
  const under = base.endsWith('/') ? base : `${base}/`;
  const byName = new Map<string, number[]>();
  const byExtension = new Map<string, number[]>();
  const rest: number[] = [];
  const add = (map: Map<string, number[]>, key: string, position: number) => {
    const positions = map.get(key);
    if (positions === undefined) map.set(key, [position]);
    else positions.push(position);
  };
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
    // `**/PATTERN` with no other slash matches in every directory below, as `PATTERN` alone does:
    // a plain name is then looked up, an ending found by it.
    if (/^(?:\*\*\/)+[^/]+$/.test(line) && !line.endsWith('/**'))
      line = line.slice(line.lastIndexOf('/') + 1);
    const anchored = line.includes('/');
    const compiled = compileGlob(line, { globsWithoutSlash: anchored ? 'base-only' : 'any-depth' });
    if (isInvalidGlob(compiled)) continue;
    // Every field present, in one order: one object shape for all rules keeps the matcher's loop fast.
    const rule: GitignoreRule = {
      test: compiled.test,
      negated,
      directoryOnly,
      ending: undefined,
      matchesName: undefined,
      within: undefined,
      direct: undefined,
      lastName: undefined,
      nameTexts: undefined,
      segments: undefined,
    };
    if (!anchored) {
      // The shapes compileGlob itself tests as text, given the name without the wrapper's slices:
      // a plain name and a plain `*.EXT` are looked up, the others tried in turn.
      const ending = line.slice(1);
      const dot = ending.lastIndexOf('.');
      if (plainName.test(line)) {
        add(byName, line, rules.length);
        rules.push(rule);
        continue;
      }
      if (line.startsWith('*') && plainName.test(ending) && dot !== -1) {
        rule.ending = ending;
        add(byExtension, ending.slice(dot), rules.length);
        rules.push(rule);
        continue;
      }
      const matchesName = nameTest(line);
      if (matchesName !== undefined) rule.matchesName = matchesName;
      else {
        const texts = plainRuns(line);
        if (texts.length > 0) rule.nameTexts = texts;
      }
    } else {
      rule.within = compiled.prefix === '' ? under : `${under}${compiled.prefix}/`;
      rule.direct = compiled.direct;
      // A plain last segment is matched by the path's last segment alone (never by a negated glob).
      const last = line.slice(line.lastIndexOf('/') + 1);
      const negatedGlob = line.trimStart().startsWith('!');
      if (!negatedGlob && plainName.test(last) && last !== '.') rule.lastName = last;
      const segments = negatedGlob ? [] : plainSegments(line);
      if (segments.length > 0) rule.segments = segments;
    }
    rest.push(rules.length);
    rules.push(rule);
  }
  return { base, under, rules, cut, byName, byExtension, rest };
}

/** A test of the entries of one directory, each given by its name (see {@link entryIgnoreTest}). */
export type EntryIgnoreTest = (name: string, isDirectory: boolean) => boolean;

/** One `.gitignore` of the chain as it applies to the entries of one directory. */
interface DirectoryLevel {
  rules: GitignoreRules;
  /** Positions of the rules tried in turn that can match an entry here, ascending. */
  rest: number[];
  /** The rule at each of `rest`, its directory segments settled for this directory. */
  restRules: GitignoreRule[];
  /** Positions of the rules that can match here or below (a subdirectory's candidates), ascending. */
  related: number[];
}

/** The levels each test was made of, for the tests of its subdirectories. */
const levelsOfTest = new WeakMap<EntryIgnoreTest, DirectoryLevel[]>();

/**
 * The rule as it applies to the entries of one directory: its directory and segments settled (none
 * left to test per entry), and `lastName` set when an entry can only match by that name.
 */
const settledRules = new WeakMap<GitignoreRule, Map<string, GitignoreRule>>();

function settledRule(rule: GitignoreRule, name: string | undefined): GitignoreRule {
  let byName = settledRules.get(rule);
  if (byName === undefined) {
    byName = new Map();
    settledRules.set(rule, byName);
  }
  const key = name ?? '';
  let settled = byName.get(key);
  if (settled === undefined) {
    // Every field, in the order `parseGitignore` writes them: one object shape for all rules.
    settled = {
      test: rule.test,
      negated: rule.negated,
      directoryOnly: rule.directoryOnly,
      ending: rule.ending,
      matchesName: rule.matchesName,
      within: undefined,
      direct: undefined,
      lastName: name ?? rule.lastName,
      nameTexts: rule.nameTexts,
      segments: undefined,
    };
    byName.set(key, settled);
  }
  return settled;
}

/**
 * Whether an entry of one directory (`directory`, an absolute POSIX path) is ignored by a chain of
 * `.gitignore` files (outermost first): the last rule that matches decides, nearer files after
 * farther ones. The rules that can match no entry of the directory (a line naming another folder)
 * are left out once, and what the directory's path settles of the others (the folder a rule is
 * relative to, its plain segments) is settled once; the rest are tried from the last back, so the
 * first that matches answers. With `parent` (the test of the directory's parent, made from the same
 * chain or a shorter one), only the rules that concern the parent's tree are looked at. The test is
 * given an entry's name: its path is the directory's and the name (no path is made or sliced per
 * entry).
 */
export function entryIgnoreTest(
  chain: readonly GitignoreRules[],
  directory: string,
  parent?: EntryIgnoreTest,
): EntryIgnoreTest {
  const slashed = directory.endsWith('/') ? directory : `${directory}/`;
  const unslashed = slashed.slice(0, -1);
  const parentLevels = parent === undefined ? undefined : levelsOfTest.get(parent);
  const levels: DirectoryLevel[] = [];
  for (const level of chain) {
    if (!slashed.startsWith(level.under)) continue;
    const known = parentLevels?.find((parentLevel) => parentLevel.rules === level);
    const candidates = known?.related ?? level.rest;
    // Built in the scratch arrays; a level the same as the parent's is shared, not copied.
    const rest = scratch.rest;
    const restRules = scratch.restRules;
    const related = scratch.related;
    rest.length = 0;
    restRules.length = 0;
    related.length = 0;
    for (const position of candidates) {
      const rule = level.rules[position]!;
      const { within } = rule;
      // Below `within` (directly, when the rule says so), or on the way to it.
      if (
        within !== undefined &&
        !(slashed.startsWith(within)
          ? rule.direct !== true || slashed === within
          : within.startsWith(slashed))
      )
        continue;
      related.push(position);
      if (within === undefined && rule.segments === undefined) {
        rest.push(position);
        restRules.push(rule);
        continue;
      }
      // The one name an entry must have, if any: the folder `within` names directly below, or a
      // segment the directory lacks (segments it holds need no test per entry). Two: none can match.
      let name: string | undefined;
      let names = 0;
      if (within !== undefined && !slashed.startsWith(within)) {
        // `within` is further down: only the entry on the way to it, itself, can match.
        if (within.indexOf('/', slashed.length) !== within.length - 1) continue;
        name = within.slice(slashed.length, -1);
        names = 1;
      }
      for (const segment of rule.segments ?? noSegments) {
        if (holdsSegment(unslashed, level.under.length - 1, segment)) continue;
        const missing = segment.slice(1);
        if (missing !== name) names += 1;
        name = missing;
      }
      if (names > 1) continue;
      if (name !== undefined && rule.lastName !== undefined && rule.lastName !== name) continue;
      rest.push(position);
      restRules.push(settledRule(rule, name));
    }
    if (known !== undefined && sameLevel(known, rest, restRules, related)) levels.push(known);
    else levels.push({ rules: level, rest: [...rest], restRules: [...restRules], related: [...related] });
  }
  const test: EntryIgnoreTest = (name, isDirectory) =>
    levels.length > 0 && ignoredBy(levels, slashed, name, isDirectory);
  levelsOfTest.set(test, levels);
  return test;
}

/** The arrays a level is built in (one test is made at a time). */
const scratch = { rest: [] as number[], restRules: [] as GitignoreRule[], related: [] as number[] };

/** True when a level holds these rules, settled alike. */
function sameLevel(
  level: DirectoryLevel,
  rest: readonly number[],
  restRules: readonly GitignoreRule[],
  related: readonly number[],
): boolean {
  if (level.rest.length !== rest.length || level.related.length !== related.length) return false;
  for (let index = 0; index < rest.length; index += 1) {
    if (level.rest[index] !== rest[index] || level.restRules[index] !== restRules[index]) return false;
  }
  for (let index = 0; index < related.length; index += 1) {
    if (level.related[index] !== related[index]) return false;
  }
  return true;
}

/**
 * Whether the entry `name` of the directory `slashed` (its path with a trailing slash) is ignored by
 * the levels of the directory's test (see {@link entryIgnoreTest}).
 */
function ignoredBy(
  levels: readonly DirectoryLevel[],
  slashed: string,
  name: string,
  isDirectory: boolean,
): boolean {
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? undefined : name.slice(dot);
  for (let level = levels.length - 1; level >= 0; level -= 1) {
    const { rules: file, rest, restRules } = levels[level]!;
    const { under, rules, byName, byExtension } = file;
    const relativeLength = slashed.length + name.length - under.length;
    // The last name or ending rule that matches, found by lookup; a later rule of the rest may still win.
    let found = -1;
    if (relativeLength <= maximumTestedPathLength) {
      found = lastApplicable(rules, byName.get(name), isDirectory, undefined, -1);
      if (extension !== undefined && name !== '.' && name !== '..')
        found = lastApplicable(rules, byExtension.get(extension), isDirectory, name, found);
    }
    let relative: string | undefined;
    for (let index = rest.length - 1; index >= 0 && rest[index]! > found; index -= 1) {
      const rule = restRules[index]!;
      if (rule.directoryOnly && !isDirectory) continue;
      let matches: boolean;
      if (rule.matchesName !== undefined) {
        matches = relativeLength <= maximumTestedPathLength && rule.matchesName(name);
      } else if (rule.lastName !== undefined && name !== rule.lastName) {
        matches = false;
      } else if (rule.nameTexts !== undefined && !holdsTexts(name, rule.nameTexts)) {
        matches = false;
      } else {
        relative ??= `${slashed.slice(under.length)}${name}`;
        matches = rule.test(relative);
      }
      if (matches) return !rule.negated;
    }
    if (found !== -1) return !rules[found]!.negated;
  }
  return false;
}

/**
 * The last position of `positions` (ascending) past `after` whose rule applies (directories only
 * for a directory) and, when `name` is given, whose ending `name` has; else `after`.
 */
function lastApplicable(
  rules: readonly GitignoreRule[],
  positions: readonly number[] | undefined,
  isDirectory: boolean,
  name: string | undefined,
  after: number,
): number {
  if (positions === undefined) return after;
  for (let index = positions.length - 1; index >= 0; index -= 1) {
    const position = positions[index]!;
    if (position <= after) return after;
    const rule = rules[position]!;
    if (rule.directoryOnly && !isDirectory) continue;
    if (name !== undefined && !name.endsWith(rule.ending!)) continue;
    return position;
  }
  return after;
}

/** Characters that give a name pattern more than one reading (groups, escapes, extglobs). */
const alternatives = /[{}()!+@\\]|\[\]|\[[!^]\]/;

/** The runs of plain characters of a one-segment pattern outside `[...]`, or none when unsure. */
function plainRuns(pattern: string): string[] {
  if (alternatives.test(pattern)) return [];
  return pattern
    .replace(/\[[^\]]*\]/g, '*')
    .split(/[*?[\]]/)
    .filter((run) => run !== '');
}

/** The plain segments before the last of a pattern relative to its file, each as `/NAME`. */
function plainSegments(pattern: string): string[] {
  const segments = pattern.trim().replace(/^\.\//, '').replace(/^\/+/, '').split('/').slice(0, -1);
  return segments
    .filter((segment) => plainName.test(segment) && segment !== '.')
    .map((segment) => `/${segment}`);
}

/** True when `name` holds every text. */
function holdsTexts(name: string, texts: readonly string[]): boolean {
  for (const text of texts) if (!name.includes(text)) return false;
  return true;
}

/** True when `segment` (`/NAME`) is a whole segment of `path` at or after `from`. */
function holdsSegment(path: string, from: number, segment: string): boolean {
  for (let at = path.indexOf(segment, from); at !== -1; at = path.indexOf(segment, at + 1)) {
    const end = at + segment.length;
    if (end === path.length || path.charCodeAt(end) === 0x2f) return true;
  }
  return false;
}

const noSegments: readonly string[] = [];
