/**
 * Globs compiled to a non-deterministic automaton and run by keeping the set of live states
 * (Thompson's construction). Testing a path costs at most (path length x states), whatever the
 * pattern: a backtracking regular expression of `a*a*a*a*b` takes time that grows with a power of
 * the path length, this never does.
 */

/** Longest glob compiled, in characters; a longer one is refused. */
export const maximumGlobLength = 1_024;
/** Most automaton states one glob may need (brace ranges count each item); more is refused. */
const maximumGlobStates = 8_192;

const slashCode = 47;

/** A glob ready to test whole POSIX paths. */
export interface GlobAutomaton {
  /** True when the whole path matches. */
  test: (path: string) => boolean;
}

/** A glob the automaton cannot be built for, and why (a sentence fragment for a diagnostic). */
export class GlobSyntaxError extends Error {}

type Node =
  | { kind: 'character'; test: (code: number) => boolean }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'choice'; options: Node[] }
  | { kind: 'repeat'; item: Node; least: 0 | 1 }
  | { kind: 'optional'; item: Node };

/** One state: consuming (`test`, then `next[0]`), a split (`next` only), or the accepting state. */
interface State {
  test: ((code: number) => boolean) | undefined;
  next: number[];
}

const notSlash = (code: number) => code !== slashCode;
const anyCharacter = () => true;
const namedClasses: Record<string, (code: number) => boolean> = {
  alnum: (code) => isBetween(code, 48, 57) || isBetween(code, 65, 90) || isBetween(code, 97, 122),
  alpha: (code) => isBetween(code, 65, 90) || isBetween(code, 97, 122),
  ascii: (code) => code < 128,
  blank: (code) => code === 32 || code === 9,
  cntrl: (code) => code < 32 || code === 127,
  digit: (code) => isBetween(code, 48, 57),
  graph: (code) => isBetween(code, 33, 126),
  lower: (code) => isBetween(code, 97, 122),
  print: (code) => isBetween(code, 32, 126),
  punct: (code) =>
    isBetween(code, 33, 47) ||
    isBetween(code, 58, 64) ||
    isBetween(code, 91, 96) ||
    isBetween(code, 123, 126),
  space: (code) => code === 32 || isBetween(code, 9, 13),
  upper: (code) => isBetween(code, 65, 90),
  word: (code) =>
    code === 95 || isBetween(code, 48, 57) || isBetween(code, 65, 90) || isBetween(code, 97, 122),
  xdigit: (code) => isBetween(code, 48, 57) || isBetween(code, 65, 70) || isBetween(code, 97, 102),
};

function isBetween(code: number, low: number, high: number): boolean {
  return code >= low && code <= high;
}

/**
 * Build the automaton of `glob`, read as picomatch reads it with `dot: true`: `*` and `?` within a
 * segment (any run of them as one), `**` alone as a whole segment for any number of segments, `[...]` classes (`!` or `^` negates,
 * POSIX names such as `[:alpha:]`), `{a,b}` and `{1..3}` braces, `@(a|b)`, `?(...)`, `*(...)`,
 * `+(...)` and plain `(a|b)` groups, `\` escapes. Paths are expected normalised (no `.`, `..` or
 * empty segments). Throws {@link GlobSyntaxError} for `!(...)`, unbalanced brackets, braces or
 * parentheses, and a glob over {@link maximumGlobLength} characters or too many states.
 */
export function buildGlobAutomaton(glob: string): GlobAutomaton {
  if (glob.length > maximumGlobLength) {
    throw new GlobSyntaxError(`the glob is longer than ${maximumGlobLength} characters`);
  }
  const tree = new GlobParser(glob).parse();
  const states: State[] = [{ test: undefined, next: [] }];
  const add = (state: State): number => {
    if (states.length >= maximumGlobStates) {
      throw new GlobSyntaxError(`the glob needs more than ${maximumGlobStates} matching states`);
    }
    states.push(state);
    return states.length - 1;
  };
  // Built back to front: each node is compiled knowing the state that follows it.
  const compile = (node: Node, next: number): number => {
    switch (node.kind) {
      case 'character':
        return add({ test: node.test, next: [next] });
      case 'sequence':
        return node.items.reduceRight((following, item) => compile(item, following), next);
      case 'choice':
        return add({ test: undefined, next: node.options.map((option) => compile(option, next)) });
      case 'optional':
        return add({ test: undefined, next: [compile(node.item, next), next] });
      case 'repeat': {
        const loop = add({ test: undefined, next: [] });
        const body = compile(node.item, loop);
        (states[loop] as State).next.push(body, next);
        return node.least === 0 ? loop : body;
      }
    }
  };
  const start = compile(tree, 0);
  return { test: (path) => runAutomaton(states, start, path) };
}

/** Step every live state over each code unit of `path`; true when the accepting state is live at the end. */
function runAutomaton(states: readonly State[], start: number, path: string): boolean {
  const marks = new Int32Array(states.length);
  let generation = 1;
  let live: number[] = [];
  const stack: number[] = [];
  // Add `from` and the states its splits reach (each once per step) to `into`.
  const close = (from: number, into: number[]) => {
    stack.push(from);
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (marks[index] === generation) continue;
      marks[index] = generation;
      const state = states[index] as State;
      if (state.test !== undefined || index === 0) into.push(index);
      else
        for (let branch = state.next.length - 1; branch >= 0; branch--)
          stack.push(state.next[branch] as number);
    }
  };
  close(start, live);
  for (let position = 0; position < path.length && live.length > 0; position++) {
    const code = path.charCodeAt(position);
    generation += 1;
    const following: number[] = [];
    for (const index of live) {
      const state = states[index] as State;
      if (state.test?.(code)) close(state.next[0] as number, following);
    }
    live = following;
  }
  return live.includes(0);
}

/** Recursive descent over one glob; each method reads a span `[from, to)` of it. */
class GlobParser {
  constructor(private readonly glob: string) {}

  parse(): Node {
    return this.sequence(0, this.glob.length);
  }

  private sequence(from: number, to: number): Node {
    const glob = this.glob;
    const items: Node[] = [];
    // Where the last unescaped `/` of this span sits in `items` (a final `**` makes it optional).
    let slashAt = -1;
    let index = from;
    while (index < to) {
      const character = glob[index] as string;
      const following = glob[index + 1];
      if (character === '\\') {
        const escaped = index + 1 < to ? (glob[index + 1] as string) : '\\';
        items.push(literal(escaped));
        index += 2;
      } else if (character === '[') {
        const end = this.classEnd(index, to);
        items.push({ kind: 'character', test: this.classTest(index + 1, end) });
        index = end + 1;
      } else if ('@?*+!'.includes(character) && following === '(' && index + 1 < to) {
        if (character === '!') throw new GlobSyntaxError('negated groups `!(...)` are not supported');
        const end = this.closingIndex(index + 1, to, '(', ')');
        const group: Node = { kind: 'choice', options: this.split(index + 2, end, '|') };
        if (character === '@') items.push(group);
        else if (character === '?') items.push({ kind: 'optional', item: group });
        else items.push({ kind: 'repeat', item: group, least: character === '*' ? 0 : 1 });
        index = end + 1;
      } else if (character === '(') {
        const end = this.closingIndex(index, to, '(', ')');
        items.push({ kind: 'choice', options: this.split(index + 1, end, '|') });
        index = end + 1;
      } else if (character === ')') {
        throw new GlobSyntaxError('a `)` has no `(` before it');
      } else if (character === '{') {
        const end = this.closingIndex(index, to, '{', '}');
        items.push(this.braces(index + 1, end));
        index = end + 1;
      } else if (character === '*') {
        let end = index;
        while (end < to && glob[end] === '*') end++;
        const wholeSegment =
          end - index === 2 && (index === 0 || glob[index - 1] === '/') && (end === to || glob[end] === '/');
        // `**/**` is `**`.
        while (wholeSegment && glob.startsWith('/**', end) && (end + 3 === to || glob[end + 3] === '/'))
          end += 3;
        if (!wholeSegment) {
          items.push({ kind: 'repeat', item: { kind: 'character', test: notSlash }, least: 0 });
          index = end;
        } else if (end < to) {
          // `**/`: any number of whole segments, each with its slash (none at all included).
          const segment: Node = {
            kind: 'sequence',
            items: [{ kind: 'repeat', item: { kind: 'character', test: notSlash }, least: 1 }, literal('/')],
          };
          items.push({ kind: 'repeat', item: segment, least: 0 });
          index = end + 1;
        } else {
          // A final `**`: anything, and after `dir/` also `dir` itself.
          const anything: Node = {
            kind: 'repeat',
            item: { kind: 'character', test: anyCharacter },
            least: 0,
          };
          const last = items.at(-1);
          if (last !== undefined && slashAt === items.length - 1) {
            items.pop();
            items.push({ kind: 'optional', item: { kind: 'sequence', items: [last, anything] } });
          } else {
            items.push(anything);
          }
          index = end;
        }
      } else if (character === '?') {
        items.push({ kind: 'character', test: notSlash });
        index += 1;
      } else {
        if (character === '/') slashAt = items.length;
        items.push(literal(character));
        index += 1;
      }
    }
    return { kind: 'sequence', items };
  }

  /** `{a,b}` as a choice, `{1..3}` and `{a..c}` as the choice of their items, anything else as text. */
  private braces(from: number, to: number): Node {
    const options = this.split(from, to, ',');
    if (options.length > 1) return { kind: 'choice', options };
    const range = rangeItems(this.glob.slice(from, to));
    if (range !== undefined) {
      return {
        kind: 'choice',
        options: range.map((item) => ({ kind: 'sequence', items: [...item].map(literal) })),
      };
    }
    return { kind: 'sequence', items: [literal('{'), this.sequence(from, to), literal('}')] };
  }

  /** The parts of `[from, to)` between separators outside nested groups, classes and escapes. */
  private split(from: number, to: number, separator: string): Node[] {
    const parts: Node[] = [];
    let start = from;
    let index = from;
    while (index < to) {
      const character = this.glob[index];
      if (character === '\\') index += 2;
      else if (character === '[') index = this.classEnd(index, to) + 1;
      else if (character === '{') index = this.closingIndex(index, to, '{', '}') + 1;
      else if (character === '(') index = this.closingIndex(index, to, '(', ')') + 1;
      else if (character === separator) {
        parts.push(this.sequence(start, index));
        start = index + 1;
        index += 1;
      } else index += 1;
    }
    parts.push(this.sequence(start, to));
    return parts;
  }

  /** Index of the bracket closing the one at `open`, skipping escapes, classes and other groups. */
  private closingIndex(open: number, to: number, opening: string, closing: string): number {
    let depth = 0;
    let index = open;
    while (index < to) {
      const character = this.glob[index];
      if (character === '\\') index += 2;
      else if (character === '[') index = this.classEnd(index, to) + 1;
      else {
        if (character === opening) depth += 1;
        else if (character === closing && --depth === 0) return index;
        index += 1;
      }
    }
    throw new GlobSyntaxError(`a \`${opening}\` has no \`${closing}\` after it`);
  }

  /** Index of the `]` ending the class opened at `open` (a `]` first in the class is a member). */
  private classEnd(open: number, to: number): number {
    let index = open + 1;
    if (this.glob[index] === '!' || this.glob[index] === '^') index += 1;
    if (this.glob[index] === ']') index += 1;
    while (index < to) {
      const character = this.glob[index];
      if (character === '\\') index += 2;
      else if (character === '[' && this.glob[index + 1] === ':') {
        const close = this.glob.indexOf(':]', index + 2);
        index = close === -1 || close >= to ? index + 1 : close + 2;
      } else if (character === ']') return index;
      else index += 1;
    }
    throw new GlobSyntaxError('a `[` has no `]` after it');
  }

  /** The test of the class members in `[from, to)`; a class never matches `/`. */
  private classTest(from: number, to: number): (code: number) => boolean {
    const glob = this.glob;
    let index = from;
    const negated = glob[index] === '!' || glob[index] === '^';
    if (negated) index += 1;
    const tests: Array<(code: number) => boolean> = [];
    while (index < to) {
      if (glob[index] === '[' && glob[index + 1] === ':') {
        const close = glob.indexOf(':]', index + 2);
        const named = close === -1 || close >= to ? undefined : namedClasses[glob.slice(index + 2, close)];
        if (named !== undefined) {
          tests.push(named);
          index = close + 2;
          continue;
        }
      }
      let low = glob.charCodeAt(index);
      if (glob[index] === '\\' && index + 1 < to) low = glob.charCodeAt(++index);
      index += 1;
      if (glob[index] === '-' && index + 1 < to) {
        let high = glob.charCodeAt(index + 1);
        index += 2;
        if (glob[index - 1] === '\\' && index < to) high = glob.charCodeAt(index++);
        tests.push((code) => code >= low && code <= high);
      } else {
        tests.push((code) => code === low);
      }
    }
    return (code) => code !== slashCode && tests.some((test) => test(code)) !== negated;
  }
}

function literal(character: string): Node {
  const expected = character.charCodeAt(0);
  return { kind: 'character', test: (code) => code === expected };
}

/** The items of a `1..3`, `01..10` or `a..e` brace range, or `undefined` for anything else. */
function rangeItems(text: string): string[] | undefined {
  const numbers = /^(-?\d+)\.\.(-?\d+)$/.exec(text);
  if (numbers !== null) {
    const [, first = '', last = ''] = numbers;
    const low = Number(first);
    const high = Number(last);
    if (Math.abs(high - low) >= maximumGlobStates) {
      throw new GlobSyntaxError(`the brace range {${text}} has more than ${maximumGlobStates} items`);
    }
    const width = /^-?0\d/.test(first) || /^-?0\d/.test(last) ? Math.max(first.length, last.length) : 0;
    const step = low <= high ? 1 : -1;
    const items: string[] = [];
    for (let value = low; value !== high + step; value += step) {
      const digits = String(Math.abs(value)).padStart(value < 0 ? width - 1 : width, '0');
      items.push(value < 0 ? `-${digits}` : digits);
    }
    return items;
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])$/.exec(text);
  if (letters === null) return undefined;
  const low = (letters[1] as string).charCodeAt(0);
  const high = (letters[2] as string).charCodeAt(0);
  const items: string[] = [];
  for (let code = Math.min(low, high); code <= Math.max(low, high); code++)
    items.push(String.fromCharCode(code));
  return low <= high ? items : items.reverse();
}
