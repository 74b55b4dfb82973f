/**
 * A cheap test every line that a regular expression matches passes, so most lines skip the
 * linear-time engine (whose every call costs a microsecond or more). Built for patterns that are a
 * plain sequence of atoms: literal characters, classes (`[0-9]`, `[^"]`, `\d`, `\w`, `\s` and their
 * negations), `.`, each with a quantifier or not, and the zero-width `^`, `$`, `\b`, `\B`. A line
 * passes when it holds each run of literal characters the pattern requires, at least once with the
 * characters the pattern requires right before and right after the run (`[0-9]{3}-[0-9]{4}`: a `-`
 * between two digits). `undefined` for any other pattern (groups, alternatives, other escapes):
 * then every line is tested.
 *
 * Sound for the case-sensitive RE2 syntax: a match holds each required run, and the atoms next to
 * it in the sequence match the characters next to it. Classes with characters past U+D7FF, or with
 * escapes or nested brackets inside, make the whole pattern `undefined`; `\d`, `\w` and `\s` are
 * ASCII in RE2, as here.
 */
export function linePrefilter(pattern: string): ((line: string) => boolean) | undefined {
  const checks = runChecksOf(pattern);
  if (checks === undefined) return undefined;
  return (line) => checks.every((check) => holdsRun(line, check));
}

/**
 * What must stand right before and after `run` where a line matching `pattern` holds it (see
 * {@link linePrefilter}), as tests of the character codes there, when the pattern is of the shape
 * the prefilter reads and requires `run` itself; else `undefined`. A search finds the run's bytes
 * in a file and, when the byte next to one is ASCII, tests it before the line is decoded.
 */
export function runNeighbours(pattern: string, run: string): RunNeighbours | undefined {
  const check = runChecksOf(pattern)?.find((candidate) => candidate.run === run);
  if (check === undefined || (check.before === undefined && check.after === undefined)) return undefined;
  return { before: check.before, after: check.after };
}

/** Tests of the characters right before and after a required run (`undefined`: anything, or nothing). */
export interface RunNeighbours {
  before: ((code: number) => boolean) | undefined;
  after: ((code: number) => boolean) | undefined;
}

/** The runs a pattern of the prefilter's shape requires, with their neighbours' tests; `undefined` otherwise. */
function runChecksOf(pattern: string): RunCheck[] | undefined {
  const atoms = atomsOf(pattern);
  if (atoms === undefined) return undefined;
  const checks: RunCheck[] = [];
  let index = 0;
  while (index < atoms.length) {
    const atom = atoms[index]!;
    if (atom.kind !== 'literal' || atom.minimum < 1) {
      index += 1;
      continue;
    }
    // A run: literal characters each present exactly once, the last maybe repeated (`ab+`).
    let run = '';
    let end = index;
    while (end < atoms.length) {
      const next = atoms[end]!;
      if (next.kind !== 'literal' || next.minimum < 1) break;
      run += next.character;
      end += 1;
      if (next.repeated) break;
    }
    const before = index > 0 ? neighbour(atoms[index - 1]!) : undefined;
    const last = atoms[end - 1]!;
    const after =
      end < atoms.length && last.kind === 'literal' && !last.repeated ? neighbour(atoms[end]!) : undefined;
    checks.push({ run, before, after });
    index = end;
  }
  return checks.length === 0 ? undefined : checks;
}

/** One required run of literal characters and what must stand right before and after it. */
interface RunCheck {
  run: string;
  before: ((code: number) => boolean) | undefined;
  after: ((code: number) => boolean) | undefined;
}

/** True when `line` holds the run once with the characters its neighbours require. */
function holdsRun(line: string, { run, before, after }: RunCheck): boolean {
  for (let at = line.indexOf(run); at !== -1; at = line.indexOf(run, at + 1)) {
    if (before !== undefined && (at === 0 || !before(line.charCodeAt(at - 1)))) continue;
    const next = at + run.length;
    if (after !== undefined && (next >= line.length || !after(line.charCodeAt(next)))) continue;
    return true;
  }
  return false;
}

type Atom =
  | { kind: 'literal'; character: string; minimum: number; repeated: boolean }
  | { kind: 'class'; test: (code: number) => boolean; minimum: number; repeated: boolean }
  | { kind: 'zero-width' };

/** The test of the character next to a run that `atom` stands for, when it must match one. */
function neighbour(atom: Atom): ((code: number) => boolean) | undefined {
  if (atom.kind === 'zero-width' || atom.minimum < 1) return undefined;
  if (atom.kind === 'class') return atom.test;
  const code = atom.character.charCodeAt(0);
  return (other) => other === code;
}

/** Escapes that stand for one literal character (as `compileSearchPattern` reads them). */
const literalEscape = /^[\\^$.|?*+()[\]{}\-/ #&~!%,:;<=>@`'"]$/;

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isWord = (code: number) =>
  isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
const isSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d && code !== 0x0b);
const anyCharacter = () => true;

/** The pattern as a sequence of atoms, or `undefined` when it is not such a sequence. */
function atomsOf(pattern: string): Atom[] | undefined {
  const atoms: Atom[] = [];
  let index = 0;
  while (index < pattern.length) {
    const character = pattern[index]!;
    let atom: Atom;
    if (character === '\\') {
      const escaped = pattern[index + 1];
      if (escaped === undefined) return undefined;
      index += 2;
      if (literalEscape.test(escaped))
        atom = { kind: 'literal', character: escaped, minimum: 1, repeated: false };
      else if (escaped === 'b' || escaped === 'B') atom = { kind: 'zero-width' };
      else {
        const test = escapeClasses[escaped];
        if (test === undefined) return undefined;
        atom = { kind: 'class', test, minimum: 1, repeated: false };
      }
    } else if (character === '[') {
      const parsed = bracketClass(pattern, index);
      if (parsed === undefined) return undefined;
      atom = { kind: 'class', test: parsed.test, minimum: 1, repeated: false };
      index = parsed.end;
    } else if (character === '.') {
      atom = { kind: 'class', test: anyCharacter, minimum: 1, repeated: false };
      index += 1;
    } else if (character === '^' || character === '$') {
      atom = { kind: 'zero-width' };
      index += 1;
    } else if ('()|*+?{}]'.includes(character)) {
      return undefined;
    } else {
      const code = character.charCodeAt(0);
      // A surrogate pair is two code units of one character: left to the engine.
      if (code >= 0xd800 && code <= 0xdfff) return undefined;
      atom = { kind: 'literal', character, minimum: 1, repeated: false };
      index += 1;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier === undefined) return undefined;
    if (quantifier.length > 0) {
      if (atom.kind === 'zero-width') return undefined;
      atom.minimum = quantifier.minimum;
      atom.repeated = quantifier.repeated;
      index += quantifier.length;
    }
    atoms.push(atom);
  }
  return atoms;
}

const escapeClasses: Record<string, (code: number) => boolean> = {
  d: isDigit,
  D: (code) => !isDigit(code),
  w: isWord,
  W: (code) => !isWord(code),
  s: isSpace,
  S: (code) => !isSpace(code),
};

/**
 * The quantifier at `index` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy with `?`): its
 * length in characters (0 for none), the fewest repetitions, and whether more than one may follow.
 * `undefined` for a malformed one (the engine refused those already).
 */
function quantifierAt(
  pattern: string,
  index: number,
): { length: number; minimum: number; repeated: boolean } | undefined {
  const character = pattern[index];
  let length: number;
  let minimum: number;
  let repeated: boolean;
  if (character === '*' || character === '+' || character === '?') {
    length = 1;
    minimum = character === '+' ? 1 : 0;
    repeated = character !== '?';
  } else if (character === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index, index + 24));
    if (match === null) return undefined;
    length = match[0].length;
    minimum = Number(match[1]);
    repeated = match[2] !== undefined ? match[3] !== `${minimum}` : minimum !== 1;
    if (minimum === 0 && match[2] === undefined) repeated = false;
  } else {
    return { length: 0, minimum: 1, repeated: false };
  }
  if (pattern[index + length] === '?') length += 1;
  const following = pattern[index + length];
  if (following !== undefined && '*+?{'.includes(following)) return undefined;
  return { length, minimum, repeated };
}

/**
 * A bracket class at `start` (`[a-z0-9_]`, `[^"]`): its test and the index after its `]`, or
 * `undefined` for what is left to the engine (escapes, nested `[`, characters past U+D7FF).
 */
function bracketClass(
  pattern: string,
  start: number,
): { test: (code: number) => boolean; end: number } | undefined {
  let index = start + 1;
  const negated = pattern[index] === '^';
  if (negated) index += 1;
  const ranges: Array<[number, number]> = [];
  let first = true;
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (character === ']' && !first) break;
    if (character === '\\' || character === '[') return undefined;
    const code = pattern.charCodeAt(index);
    if (code >= 0xd800) return undefined;
    if (pattern[index + 1] === '-' && pattern[index + 2] !== undefined && pattern[index + 2] !== ']') {
      const last = pattern.charCodeAt(index + 2);
      if (pattern[index + 2] === '\\' || pattern[index + 2] === '[' || last >= 0xd800 || last < code)
        return undefined;
      ranges.push([code, last]);
      index += 3;
    } else {
      ranges.push([code, code]);
      index += 1;
    }
    first = false;
  }
  if (index >= pattern.length) return undefined;
  const inside = (code: number) => ranges.some(([low, high]) => code >= low && code <= high);
  return { test: negated ? (code) => !inside(code) : inside, end: index + 1 };
}
