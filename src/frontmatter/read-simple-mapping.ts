/**
 * The shape most frontmatter blocks have, read without a YAML parser: every line blank, a `#`
 * comment, or a `key: value` line at column 0 whose value is empty, a quoted string without escapes,
 * or a plain one-line text that starts with a letter, `_`, `/` or `(`. For such a block the result
 * is what the `yaml` package gives (YAML 1.2 core schema: `true`/`false` are booleans, `null`, `~`
 * and an empty value are `null`, the rest are strings). Anything else (indented lines, lists, flow
 * collections, numbers, anchors, tags, escapes, tabs, a repeated key, a `: ` or ` #` inside a value)
 * gives `undefined`, and the caller parses the block as YAML: this only saves the parser's cost,
 * about a millisecond per file, on the blocks it can read exactly.
 */
export function readSimpleMapping(lines: readonly string[]): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of lines) {
    if (line.includes('\t')) return undefined;
    // Only spaces count as blank (JavaScript's trim() would also drop characters YAML keeps).
    if (blankLine.test(line) || line.startsWith('#')) continue;
    const match = simpleKeyLine.exec(line);
    const key = match?.[1];
    if (key === undefined || reservedKeys.has(key) || Object.hasOwn(data, key)) return undefined;
    const value = readScalar((match?.[2] ?? '').replace(outerSpaces, ''));
    if (value === notSimple) return undefined;
    data[key] = value;
  }
  return data;
}

// A key at column 0 (a plain name), optional spaces, a colon, then nothing or a space and the value.
const simpleKeyLine = /^([A-Za-z_][\w.-]*) *:(?: (.*))?$/;
/** Keys YAML reads as something other than their text, or that an object cannot hold as data. */
export const reservedKeys: ReadonlySet<string> = new Set([
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  '__proto__',
]);
const notSimple = Symbol('not simple');
const blankLine = /^ *$/;
const outerSpaces = /^ +| +$/g;
// No control, format or line-separator character anywhere (YAML may read those otherwise).
const doubleQuoted = /^"([^"\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*)"$/u;
const singleQuoted = /^'([^'\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*)'$/u;
// A plain text: starts with a letter, `_`, `/` or `(`.
const plainText = /^[\p{L}_/(][^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

function readScalar(value: string): unknown {
  if (value === '' || value === '~' || value === 'null' || value === 'Null' || value === 'NULL') return null;
  if (value === 'true' || value === 'True' || value === 'TRUE') return true;
  if (value === 'false' || value === 'False' || value === 'FALSE') return false;
  const quoted = doubleQuoted.exec(value) ?? singleQuoted.exec(value);
  if (quoted) return quoted[1];
  if (!plainText.test(value) || value.endsWith(':') || value.includes(': ') || value.includes(' #'))
    return notSimple;
  return value;
}
