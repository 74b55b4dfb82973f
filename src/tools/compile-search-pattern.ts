import type { RE2JS } from 're2js';
import { re2jsPackage } from '../shared/load-on-first-use.js';
import { linePrefilter, type RunNeighbours, runNeighbours } from './line-prefilter.js';

/** Longest pattern `search_files` compiles, in characters. */
export const maximumSearchPatternLength = 1_000;

/** A pattern ready to test lines, in time linear in each line's length. */
export interface SearchPattern {
  /** True when the line holds a match. */
  test: (line: string) => boolean;
  /**
   * Text every matching line holds (lowercased with `ignoreCase`), so a file without it is passed
   * over without testing a line; `undefined` when the pattern has none the compiler can prove.
   */
  literal: string | undefined;
  /** True when `literal` is lowercased (`ignoreCase`): compare it with the lowercased text. */
  ignoreCase: boolean;
  /**
   * The UTF-8 bytes of `literal`, set when a file's decoded text can hold `literal` only if its bytes
   * hold these (case kept, no U+FFFD, which invalid bytes decode to, no lone surrogate), so a file
   * without them is passed over before it is decoded.
   */
  literalBytes?: Uint8Array;
  /**
   * Set with `literalBytes` when a matching line holds the literal with given characters right
   * before or after it (`-` between two digits in `[0-9]{3}-[0-9]{4}`): a place of the literal's
   * bytes whose neighbouring byte is ASCII and fails its test cannot be that one.
   */
  literalNeighbours?: RunNeighbours;
}

/** Options of {@link compileSearchPattern}. */
export interface CompileSearchPatternOptions {
  /** Match letters of either case. Default `false`. */
  ignoreCase?: boolean;
}

const metaCharacters = /[\\^$.|?*+()[\]{}]/;

/**
 * Compile a regular expression in RE2 syntax (the syntax of ripgrep and Go: no backreferences or
 * look-around), matched by re2js, whose time is linear in the input whatever the pattern, so a pattern
 * from the model cannot freeze the process. A pattern without metacharacters is a plain substring
 * test. Returns a sentence for the model instead when the pattern is empty, too long or malformed.
 */
export function compileSearchPattern(
  pattern: string,
  options: CompileSearchPatternOptions = {},
): SearchPattern | { error: string } {
  const ignoreCase = options.ignoreCase ?? false;
  if (pattern === '') return { error: 'The pattern is empty.' };
  if (pattern.length > maximumSearchPatternLength) {
    return {
      error: `The pattern has ${pattern.length} characters; at most ${maximumSearchPatternLength} are searched.`,
    };
  }
  if (!metaCharacters.test(pattern)) {
    const literal = ignoreCase ? pattern.toLowerCase() : pattern;
    return withLiteralBytes({
      literal,
      ignoreCase,
      test: ignoreCase ? (line) => line.toLowerCase().includes(literal) : (line) => line.includes(literal),
    });
  }
  let compiled: RE2JS;
  try {
    const { RE2JS: engine } = re2jsPackage();
    compiled = engine.compile(pattern, ignoreCase ? engine.CASE_INSENSITIVE : 0);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: `The pattern is not a regular expression this tool reads (RE2 syntax): ${reason}.` };
  }
  const literal = requiredLiteral(pattern, ignoreCase);
  // Case folding beyond ASCII (the Kelvin sign folds to k) is RE2's; the prefilter stays ASCII.
  const usable = literal !== undefined && (!ignoreCase || /^[\x20-\x7e]+$/.test(literal));
  // Most lines fail a cheap test of the runs the pattern requires and their neighbours first.
  const prefilter = ignoreCase ? undefined : linePrefilter(pattern);
  const compiledPattern = withLiteralBytes({
    literal: usable ? (ignoreCase ? literal.toLowerCase() : literal) : undefined,
    ignoreCase,
    test:
      prefilter === undefined
        ? (line) => compiled.test(line)
        : (line) => prefilter(line) && compiled.test(line),
  });
  const neighbours =
    compiledPattern.literalBytes === undefined ? undefined : runNeighbours(pattern, compiledPattern.literal!);
  return neighbours === undefined ? compiledPattern : { ...compiledPattern, literalNeighbours: neighbours };
}

/**
 * The pattern with `literalBytes` when its literal allows it. Decoding turns each valid UTF-8
 * sequence into its own character and never takes a valid sequence into an invalid one before it,
 * so any text without U+FFFD that the decoded file holds, its bytes hold as its UTF-8 encoding.
 */
function withLiteralBytes(pattern: SearchPattern): SearchPattern {
  const { literal } = pattern;
  if (literal === undefined || pattern.ignoreCase || literal.includes('\uFFFD')) return pattern;
  const bytes = Buffer.from(literal, 'utf8');
  // A lone surrogate encodes as U+FFFD: no decoded text holds it, so no byte test stands for it.
  if (bytes.toString('utf8') !== literal) return pattern;
  return { ...pattern, literalBytes: bytes };
}

/** Escapes that stand for one literal character. */
const literalEscape = /^[\\^$.|?*+()[\]{}\-/ #&~!%,:;<=>@`'"]$/;

/**
 * The rarest run of plain characters every match must contain (one character at least: the `-` of
 * `[0-9]{3}-[0-9]{4}` is enough to pass over the lines without one), or `undefined`: of the runs,
 * the one least likely in source code by {@link runLikelihood} (`(()` rather than `use` in
 * `use[A-Z][a-z]+\(\(\)`), so the fewest lines are found holding it; with `ignoreCase`, printable
 * ASCII runs only. Conservative: a pattern with `|`, a group or a class before the run's end, or a
 * flag group, gives none.
 */
function requiredLiteral(pattern: string, ignoreCase: boolean): string | undefined {
  if (pattern.includes('|') || pattern.includes('(?')) return undefined;
  let best = '';
  let bestLikelihood = Number.POSITIVE_INFINITY;
  let run = '';
  let depth = 0;
  const close = () => {
    if (run !== '' && (!ignoreCase || /^[\x20-\x7e]+$/.test(run))) {
      const likelihood = runLikelihood(ignoreCase ? run.toLowerCase() : run);
      if (likelihood < bestLikelihood) {
        best = run;
        bestLikelihood = likelihood;
      }
    }
    run = '';
  };
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index]!;
    const next = pattern[index + 1];
    const quantified = next === '*' || next === '?' || next === '{';
    if (character === '\\') {
      const escaped = pattern[index + 1];
      index += 1;
      const afterEscape = pattern[index + 1];
      if (escaped !== undefined && literalEscape.test(escaped) && depth === 0) {
        if (afterEscape === '*' || afterEscape === '?' || afterEscape === '{') close();
        else run += escaped;
      } else close();
      continue;
    }
    if (character === '[') {
      close();
      let start = index + 1;
      if (pattern[start] === '^') start += 1;
      if (pattern[start] === ']') start += 1;
      const end = pattern.indexOf(']', start);
      if (end === -1 || pattern.slice(index, end).includes('\\')) return undefined;
      index = end;
      continue;
    }
    if (character === '{') {
      close();
      const end = pattern.indexOf('}', index);
      if (end === -1) return undefined;
      index = end;
      continue;
    }
    if (character === '(') {
      close();
      depth += 1;
      continue;
    }
    if (character === ')') {
      depth -= 1;
      continue;
    }
    if ('^$.*+?{}'.includes(character) || depth > 0) {
      close();
      continue;
    }
    if (quantified) close();
    else run += character;
  }
  close();
  return best.length >= 1 ? best : undefined;
}

/**
 * Rough shares of characters in source code and prose (lowercase letters by their share in English
 * text, the space, the usual punctuation of code), for choosing the literal a search looks for: the
 * likelihood of a run is the product of its characters' shares (any other character 0.1%).
 */
const characterShares: Record<string, number> = {
  ' ': 0.15,
  e: 0.06,
  t: 0.05,
  a: 0.045,
  o: 0.045,
  i: 0.04,
  n: 0.04,
  s: 0.035,
  r: 0.035,
  h: 0.025,
  l: 0.025,
  d: 0.02,
  c: 0.02,
  u: 0.015,
  m: 0.015,
  p: 0.012,
  f: 0.012,
  g: 0.01,
  y: 0.01,
  w: 0.01,
  b: 0.008,
  v: 0.006,
  k: 0.004,
  x: 0.002,
  j: 0.001,
  q: 0.001,
  z: 0.001,
  '.': 0.015,
  '(': 0.015,
  ')': 0.015,
  ',': 0.01,
  ';': 0.008,
  ':': 0.008,
  '=': 0.008,
  "'": 0.008,
  '"': 0.008,
  _: 0.008,
  '-': 0.006,
  '/': 0.006,
  '{': 0.005,
  '}': 0.005,
  '\t': 0.02,
};

/** How likely `run` is at one place of a text (see {@link characterShares}); lower is rarer. */
function runLikelihood(run: string): number {
  let likelihood = 1;
  for (const character of run) {
    const share =
      characterShares[character] ??
      (character >= 'A' && character <= 'Z' ? 0.004 : character >= '0' && character <= '9' ? 0.004 : 0.001);
    likelihood *= share;
  }
  return likelihood;
}
