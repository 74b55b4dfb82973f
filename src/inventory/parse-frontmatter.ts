import { parseDocument } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { describeError } from '../errors.js';

/**
 * How a frontmatter block read:
 * - `none`: the text does not start with a `---` line;
 * - `unclosed`: no closing `---` (or `...`) line in the text given;
 * - `valid`: strict YAML, a mapping;
 * - `lenient`: strict YAML failed, but every top-level `key: value` line read on its own (see {@link parseFrontmatter});
 * - `broken`: some of it could not be read at all (what could be read is still in `data`).
 */
export type FrontmatterStatus = 'none' | 'unclosed' | 'valid' | 'lenient' | 'broken';

/** Result of {@link parseFrontmatter}. */
export interface ParsedFrontmatter {
  status: FrontmatterStatus;
  /** The keys that could be read, values as parsed. Empty for `none` and `unclosed`. */
  data: Record<string, unknown>;
  /** `info` for a lenient read, `error` for a broken one. `none` and `unclosed` give none: the caller decides. */
  diagnostics: Diagnostic[];
  /** The Markdown after the closing line: the whole text for `none`, empty for `unclosed`. */
  body: string;
}

const openingLine = /^---[ \t]*\r?\n/;
const closingLine = /^(?:---|\.\.\.)[ \t]*$/;
const keyLine = /^([^\s#:][^:]*?)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/;
// A value starting with one of these is YAML syntax, not prose: when it fails to parse, it is broken.
const syntaxStart = /^[[\]{}"'|>&*!%@`]/;

/**
 * Parse the YAML frontmatter at the very start of a Markdown text (`---` line, YAML, `---` or `...` line).
 *
 * Strict YAML first (the `yaml` package). When that fails, each top-level key is read on its own, and a
 * one-line `key: rest of line` that still fails is taken as a plain string, so an unquoted colon in a
 * description (`description: Use when: the user asks`) still reads, with an `info` diagnostic
 * (`frontmatter-lenient`). A value that starts like YAML syntax (`[`, `{`, a quote...) and fails is not
 * guessed at: the key is left out with an `error` diagnostic (`invalid-frontmatter`). The Markdown
 * after the block is returned as `body` (the whole text when there is no frontmatter).
 *
 * @param label the file's label, put on the diagnostics.
 */
export function parseFrontmatter(text: string, label: string): ParsedFrontmatter {
  const opening = openingLine.exec(text);
  if (!opening) return { status: 'none', data: {}, diagnostics: [], body: text };
  const lines = text.slice(opening[0].length).split('\n');
  const closingIndex = lines.findIndex((line) => closingLine.test(line.replace(/\r$/, '')));
  if (closingIndex === -1) return { status: 'unclosed', data: {}, diagnostics: [], body: '' };
  const block = lines.slice(0, closingIndex).map((line) => line.replace(/\r$/, ''));
  // Every line up to and including the closing one, each with the newline split removed.
  const bodyStart = lines.slice(0, closingIndex + 1).reduce((total, line) => total + line.length + 1, 0);
  const body = text.slice(opening[0].length + bodyStart);

  const strict = readYaml(block.join('\n'));
  if (strict.ok) {
    if (isMapping(strict.value)) return { status: 'valid', data: { ...strict.value }, diagnostics: [], body };
    if (strict.value === null || strict.value === undefined)
      return { status: 'valid', data: {}, diagnostics: [], body };
  }
  return { ...readLeniently(block, label), body };
}

/** Read each top-level key with its indented continuation lines on its own. Line numbers count from the file's first line. */
function readLeniently(block: string[], label: string): Omit<ParsedFrontmatter, 'body'> {
  const data: Record<string, unknown> = {};
  const plainKeys: string[] = [];
  const failures: string[] = [];
  for (const chunk of splitTopLevel(block)) {
    const lineNumber = chunk.start + 2;
    const first = chunk.lines[0] ?? '';
    const match = keyLine.exec(first);
    const key = match?.[1];
    if (!match || key === undefined) {
      failures.push(`line ${lineNumber} is not a \`key: value\` line`);
      continue;
    }
    if (Object.hasOwn(data, key)) {
      failures.push(`line ${lineNumber}: duplicate key \`${key}\``);
      continue;
    }
    const parsed = readYaml(chunk.lines.join('\n'));
    if (parsed.ok && isMapping(parsed.value) && Object.hasOwn(parsed.value, key)) {
      data[key] = parsed.value[key];
      continue;
    }
    const rest = match[2] ?? '';
    const singleLine = chunk.lines
      .slice(1)
      .every((line) => line.trim() === '' || line.trim().startsWith('#'));
    if (singleLine && rest !== '' && !syntaxStart.test(rest)) {
      data[key] = rest;
      plainKeys.push(key);
      continue;
    }
    failures.push(`line ${lineNumber} (\`${key}\`): ${parsed.ok ? 'not a single value' : parsed.reason}`);
  }

  const diagnostics: Diagnostic[] = [];
  if (plainKeys.length > 0) {
    diagnostics.push({
      severity: 'info',
      code: 'frontmatter-lenient',
      message: `The frontmatter is not valid YAML; ${plainKeys.map((key) => `\`${key}\``).join(', ')} read as plain text. Quote the value to make it valid YAML.`,
      path: label,
    });
  }
  if (failures.length > 0) {
    diagnostics.push({
      severity: 'error',
      code: 'invalid-frontmatter',
      message: `The frontmatter is not valid YAML: ${failures.join('; ')}.`,
      path: label,
    });
  }
  return { status: failures.length > 0 ? 'broken' : 'lenient', data, diagnostics };
}

interface Chunk {
  /** Index of the chunk's first line in the frontmatter body. */
  start: number;
  lines: string[];
}

/** Group lines into top-level entries: a line starting at column 0 opens an entry; indented lines continue it. */
function splitTopLevel(body: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk | undefined;
  body.forEach((line, index) => {
    const blankOrComment = line.trim() === '' || line.trimStart().startsWith('#');
    if (!blankOrComment && !/^\s/.test(line)) {
      current = { start: index, lines: [line] };
      chunks.push(current);
    } else if (current) {
      current.lines.push(line);
    } else if (!blankOrComment) {
      // Indented text before any key cannot belong to anything: report it as its own failed entry.
      chunks.push({ start: index, lines: [line] });
    }
  });
  return chunks;
}

type YamlRead = { ok: true; value: unknown } | { ok: false; reason: string };

function readYaml(source: string): YamlRead {
  try {
    const document = parseDocument(source, { uniqueKeys: true });
    const error = document.errors[0];
    if (error) return { ok: false, reason: firstLine(error.message) };
    return { ok: true, value: document.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    // toJS throws for unresolved or exploding aliases.
    return { ok: false, reason: firstLine(describeError(error)) };
  }
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);
}

/** The parser's message without its position: positions inside one entry would mislead, the caller adds the file's line. */
function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/:$/, '').replace(/ at line \d+, column \d+$/, '');
}
