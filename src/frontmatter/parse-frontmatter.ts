import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';
import { limitValueDepth } from '../shared/limit-value-depth.js';
import { yamlPackage } from '../shared/load-on-first-use.js';
import { readSimpleMapping } from './read-simple-mapping.js';

/**
 * How a frontmatter block read:
 * - `none`: the text does not start with a `---` line;
 * - `unclosed`: no closing `---` (or `...`) line in the text given;
 * - `valid`: strict YAML, a mapping;
 * - `lenient`: strict YAML failed, and the block was read line by line as `key: value` entries (see {@link parseFrontmatter});
 * - `broken`: not a single `key: value` line could be read: no assistant could use the block.
 */
export type FrontmatterStatus = 'none' | 'unclosed' | 'valid' | 'lenient' | 'broken';

/** Result of {@link parseFrontmatter}. */
export interface ParsedFrontmatter {
  status: FrontmatterStatus;
  /** The keys that could be read, values as parsed. Empty for `none`, `unclosed` and `broken`. */
  data: Record<string, unknown>;
  /**
   * `info` for a lenient read (`frontmatter-lenient`), `warning` for what a lenient read had to leave
   * out (a repeated key, lines before the first key), `error` only for a `broken` block
   * (`invalid-frontmatter`). `none` and `unclosed` give none: the caller decides.
   */
  diagnostics: Diagnostic[];
  /** The Markdown after the closing line: the whole text for `none`, empty for `unclosed`. */
  body: string;
  /**
   * The text as written of each top-level value that YAML read as a number or a boolean
   * (`name: 123` -> `'123'`, `version: 1.0` -> `'1.0'`), for fields the Agent Skills rules read as
   * text. Omitted when there is none.
   */
  written?: Record<string, string>;
}

const openingLine = /^---[ \t]*\r?\n/;
const closingLine = /^(?:---|\.\.\.)[ \t]*$/;
// A top-level key: at column 0, a plain name (letters, digits, `_`, `-`, `.`), a colon, then a space or the end.
const keyLine = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?$/;
// Opening and closing tags such as `<example>` and `</example>` in free text.
const tagPattern = /<(\/?)([A-Za-z][\w-]*)(?:\s[^<>]*)?>/g;
const closingTagPattern = /<\/([A-Za-z][\w-]*)>/g;

/**
 * Parse the frontmatter at the very start of a Markdown text (`---` line, YAML, `---` or `...` line)
 * the way the assistants that own such files read it.
 *
 * 1. Strict YAML first (the `yaml` package): a mapping gives status `valid`.
 * 2. Where strict YAML fails, the block is read line by line, as Claude Code and others do for hand-written
 *    sub-agent and skill files: a line starting at column 0 with `key:` (a plain name, then a colon and
 *    a space or the line end) opens an entry, and its value runs until the next such line. Lines inside
 *    a tag block that closes later (`<example>` ... `</example>`) never open an entry, so examples
 *    holding `user: "..."` lines stay in the description.
 * 3. Each entry is read as YAML on its own first (lists and nested mappings keep their shape); one that
 *    still fails is its text as written: the rest of the key line and the lines after it, their common
 *    indentation removed, trimmed, and one pair of enclosing quotes dropped. That is status `lenient`,
 *    with an `info` diagnostic (`frontmatter-lenient`) naming the keys read as text.
 *
 * A repeated key keeps its first value and lines before the first key are left out, each with a
 * `warning`. Only a block without a single `key:` line is `broken` (an `error`,
 * `invalid-frontmatter`). The Markdown after the block is returned as `body` (the whole text when
 * there is no frontmatter).
 *
 * @param label the file's label, put on the diagnostics.
 * @example
 * parseFrontmatter('---\nname: pdf\ndescription: Use when: a PDF is named\n---\nBody', 'SKILL.md');
 * // { status: 'lenient', data: { name: 'pdf', description: 'Use when: a PDF is named' }, body: 'Body', diagnostics: [info] }
 */
export function parseFrontmatter(text: string, label: string): ParsedFrontmatter {
  const opening = openingLine.exec(text);
  if (!opening) return { status: 'none', data: {}, diagnostics: [], body: text };
  // The block's lines (a carriage return before the line feed dropped), up to the closing line; the
  // body after it is not split (it can be most of the file).
  const block: string[] = [];
  let bodyStart = -1;
  for (let from = opening[0].length; from <= text.length; ) {
    const found = text.indexOf('\n', from);
    const end = found === -1 ? text.length : found;
    const line =
      end > from && text.charCodeAt(end - 1) === 0x0d ? text.slice(from, end - 1) : text.slice(from, end);
    if (closingLine.test(line)) {
      bodyStart = end + 1;
      break;
    }
    block.push(line);
    from = end + 1;
  }
  if (bodyStart === -1) return { status: 'unclosed', data: {}, diagnostics: [], body: '' };
  const body = text.slice(bodyStart);

  // Most blocks are plain `key: value` lines: read those without the YAML parser (same result).
  const simple = readSimpleMapping(block);
  if (simple !== undefined)
    return withWritten({ status: 'valid', data: simple, diagnostics: [], body }, block);
  const strict = readYaml(block.join('\n'));
  if (strict.ok) {
    const value = limitValueDepth(strict.value).value;
    if (isMapping(value))
      return withWritten({ status: 'valid', data: { ...value }, diagnostics: [], body }, block);
    if (value === null || value === undefined) return { status: 'valid', data: {}, diagnostics: [], body };
  }
  const lenient = readLeniently(block, label);
  if (!strict.ok && strict.refused) {
    lenient.diagnostics.unshift({
      severity: 'warning',
      code: 'frontmatter-too-complex',
      message: `The frontmatter was not parsed as YAML: ${strict.reason}. It was read line by line instead.`,
      path: label,
    });
  }
  return withWritten({ ...lenient, body }, block);
}

/**
 * Add `written` when a top-level value was read as a number or a boolean: the block read again with
 * YAML's failsafe schema, where every scalar is its text. Most blocks have no such value and cost
 * nothing more. A lenient block that YAML cannot read whole is read one entry at a time.
 */
function withWritten(parsed: ParsedFrontmatter, block: string[]): ParsedFrontmatter {
  const keys = Object.keys(parsed.data).filter((key) => isNonTextScalar(parsed.data[key]));
  if (keys.length === 0) return parsed;
  const texts = failsafeScalars(block.join('\n')) ?? entryScalars(block);
  const written: Record<string, string> = {};
  for (const key of keys) {
    const text = texts[key];
    if (typeof text === 'string') written[key] = text;
  }
  return Object.keys(written).length === 0 ? parsed : { ...parsed, written };
}

function isNonTextScalar(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

/** The block's top-level string values under the failsafe schema; `undefined` when it does not parse. */
function failsafeScalars(source: string): Record<string, unknown> | undefined {
  if (yamlRefusal(source) !== undefined) return undefined;
  try {
    const document = yamlPackage().parseDocument(source, { schema: 'failsafe', uniqueKeys: false });
    if (document.errors.length > 0) return undefined;
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    return isMapping(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function entryScalars(block: string[]): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const entry of splitEntries(block).entries) {
    if (Object.hasOwn(texts, entry.key)) continue;
    texts[entry.key] = failsafeScalars(entry.lines.join('\n'))?.[entry.key];
  }
  return texts;
}

/** Read the block as `key: value` entries, each value running to the next top-level key. */
function readLeniently(block: string[], label: string): Omit<ParsedFrontmatter, 'body'> {
  const { entries, strayLines } = splitEntries(block);
  // Line numbers count from the file's first line (the opening `---`).
  const lineNumber = (index: number) => index + 2;
  const diagnostics: Diagnostic[] = [];
  if (entries.length === 0) {
    diagnostics.push({
      severity: 'error',
      code: 'invalid-frontmatter',
      message: `The frontmatter has no \`key: value\` line (line ${lineNumber(strayLines[0] ?? 0)} is the first that is not one); it was not read.`,
      path: label,
    });
    return { status: 'broken', data: {}, diagnostics };
  }

  const data: Record<string, unknown> = {};
  const textKeys: string[] = [];
  const repeated: string[] = [];
  for (const entry of entries) {
    if (Object.hasOwn(data, entry.key)) {
      repeated.push(`\`${entry.key}\` (line ${lineNumber(entry.start)})`);
      continue;
    }
    const parsed = readEntry(entry.lines);
    if (parsed.ok && isMapping(parsed.value) && Object.keys(parsed.value).length === 1) {
      data[entry.key] = limitValueDepth(parsed.value[entry.key]).value;
      continue;
    }
    data[entry.key] = valueAsWritten(entry);
    textKeys.push(entry.key);
  }

  if (textKeys.length > 0) {
    diagnostics.push({
      severity: 'info',
      code: 'frontmatter-lenient',
      message: `Read leniently: the frontmatter is not strict YAML, so ${textKeys.map((key) => `\`${key}\``).join(', ')} ${textKeys.length === 1 ? 'was' : 'were'} read as written, up to the next key. Quote the value or indent its lines to make it valid YAML.`,
      path: label,
    });
  }
  if (repeated.length > 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'duplicate-key',
      message: `The frontmatter repeats ${repeated.join(', ')}; the first value is kept.`,
      path: label,
    });
  }
  if (strayLines.length > 0) {
    const where = strayLines.map((index) => lineNumber(index)).join(', ');
    diagnostics.push({
      severity: 'warning',
      code: 'frontmatter-stray-lines',
      message: `The frontmatter has text before its first key (line ${where}); it was left out.`,
      path: label,
    });
  }
  return { status: 'lenient', data, diagnostics };
}

interface Entry {
  key: string;
  /** Index of the key line in the block. */
  start: number;
  /** The key line, then every line up to the next key line. */
  lines: string[];
}

/** Group the block into entries at each top-level key line; non-blank lines before the first are stray. */
function splitEntries(block: string[]): { entries: Entry[]; strayLines: number[] } {
  const entries: Entry[] = [];
  const strayLines: number[] = [];
  const openTags = new OpenTags();
  const lastClosing = lastClosingTags(block);
  let current: Entry | undefined;
  block.forEach((line, index) => {
    const match = openTags.size === 0 ? keyLine.exec(line) : null;
    if (match?.[1] !== undefined) {
      current = { key: match[1], start: index, lines: [line] };
      entries.push(current);
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      strayLines.push(index);
    }
    trackTags(line, index, lastClosing, openTags);
  });
  return { entries, strayLines };
}

/** Where the last closing tag (`</name>`) of each tag name is: its line, and its column there. */
type LastClosing = Map<string, { line: number; column: number }>;

/** The last closing tag of every tag name in the block, found in one pass. */
function lastClosingTags(block: readonly string[]): LastClosing {
  const last: LastClosing = new Map();
  block.forEach((line, index) => {
    for (const match of line.matchAll(closingTagPattern)) {
      last.set(match[1] as string, { line: index, column: match.index ?? 0 });
    }
  });
  return last;
}

/** The tags open at a line, innermost last, with the positions of each name for a constant-time close. */
class OpenTags {
  readonly #names: string[] = [];
  readonly #positions = new Map<string, number[]>();

  get size(): number {
    return this.#names.length;
  }

  open(name: string): void {
    const positions = this.#positions.get(name) ?? [];
    positions.push(this.#names.length);
    this.#positions.set(name, positions);
    this.#names.push(name);
  }

  /** Close the innermost `name` and every tag opened inside it; nothing when `name` is not open. */
  close(name: string): void {
    const at = this.#positions.get(name)?.at(-1);
    if (at === undefined) return;
    // Each tag is removed once, so closing costs what was opened, whatever the number of lines.
    while (this.#names.length > at) this.#positions.get(this.#names.pop() as string)?.pop();
  }
}

/**
 * Update the open tags with those of one line. An opening tag counts only when its closing tag comes
 * later in the block, so a lone `<file>` in prose never swallows the keys after it. `lastClosing`
 * answers "later" at once: asking the rest of the block at each tag made 200,000 lines of `<a>`
 * take minutes.
 */
function trackTags(line: string, index: number, lastClosing: LastClosing, openTags: OpenTags): void {
  for (const match of line.matchAll(tagPattern)) {
    const [whole, slash, name] = match;
    if (name === undefined || whole.endsWith('/>')) continue;
    if (slash === '/') {
      openTags.close(name);
      continue;
    }
    const last = lastClosing.get(name);
    const end = (match.index ?? 0) + whole.length;
    if (last !== undefined && (last.line > index || (last.line === index && last.column >= end))) {
      openTags.open(name);
    }
  }
}

/** An entry's value as written: first-line text, then the other lines without their common indentation. */
function valueAsWritten(entry: Entry): string {
  const first = keyLine.exec(entry.lines[0] ?? '')?.[2] ?? '';
  const rest = entry.lines.slice(1);
  // A loop, not Math.min(...indents): an entry of 130,000 lines would overflow the call's arguments.
  let common = Number.POSITIVE_INFINITY;
  for (const line of rest) {
    if (line.trim() !== '') common = Math.min(common, line.length - line.replace(/^[ \t]+/, '').length);
  }
  if (common === Number.POSITIVE_INFINITY) common = 0;
  const text = [
    first,
    ...rest.map((line) => line.slice(Math.min(common, line.length - line.trimStart().length)).trimEnd()),
  ]
    .join('\n')
    .trim();
  const quote = text[0];
  if ((quote === '"' || quote === "'") && text.length >= 2 && text.endsWith(quote) && !text.includes('\n'))
    return text.slice(1, -1);
  return text;
}

type YamlRead = { ok: true; value: unknown } | { ok: false; reason: string; refused?: boolean };

/** One entry as YAML, without the parser when it is a simple `key: value` line. */
function readEntry(lines: string[]): YamlRead {
  const simple = readSimpleMapping(lines);
  return simple === undefined ? readYaml(lines.join('\n')) : { ok: true, value: simple };
}

/** Longest block or entry given to the YAML parser, in characters; a longer one is read leniently. */
const maximumYamlCharacters = 65_536;
/** Deepest `[` / `{` nesting given to the YAML parser; deeper is read leniently (it can abort the process). */
const maximumYamlNesting = 64;

/**
 * Why `source` is not given to the YAML parser, or `undefined`. The `yaml` package takes time that
 * grows faster than the text with flow nesting, and deeply nested flow collections (`[` x 5,000) in
 * a few files abort the whole process inside V8's regular expression compiler, which no `try` can
 * catch; so the text is measured first, in one pass.
 */
function yamlRefusal(source: string): string | undefined {
  if (source.length > maximumYamlCharacters) {
    return `it is over ${maximumYamlCharacters} characters`;
  }
  let depth = 0;
  for (let index = 0; index < source.length; index += 1) {
    const code = source.charCodeAt(index);
    // `[` and `{` open, `]` and `}` close; brackets inside quoted text count too (an over-estimate).
    if (code === 91 || code === 123) {
      if (++depth > maximumYamlNesting) return `it nests brackets deeper than ${maximumYamlNesting} levels`;
    } else if ((code === 93 || code === 125) && depth > 0) depth -= 1;
  }
  return undefined;
}

function readYaml(source: string): YamlRead {
  const refusal = yamlRefusal(source);
  if (refusal !== undefined) return { ok: false, reason: refusal, refused: true };
  try {
    const document = yamlPackage().parseDocument(source, { uniqueKeys: true });
    const error = document.errors[0];
    if (error) return { ok: false, reason: error.message };
    return { ok: true, value: document.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    // toJS throws for unresolved or exploding aliases.
    return { ok: false, reason: describeError(error) };
  }
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);
}
