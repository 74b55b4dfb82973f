import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../workspace/read-text-file.js';
import { parseFrontmatter } from './parse-frontmatter.js';
import { readPlainFrontmatter } from './read-plain-frontmatter.js';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/** The full reading of the same bytes, as the inventory makes it: decoded, then parsed. */
function fullReading(bytes: Uint8Array): unknown {
  const { text, binary } = decodeText(bytes);
  if (binary) return 'binary';
  const parsed = parseFrontmatter(text, 'command.md');
  return {
    status: parsed.status,
    data: parsed.data,
    diagnostics: parsed.diagnostics,
    written: parsed.written,
  };
}

/** A plain reading must equal the full one: valid, the same data, no diagnostics, nothing written. */
function expectSameAsFull(bytes: Uint8Array): boolean {
  const plain = readPlainFrontmatter(bytes);
  // A Buffer's text is cut from it in place, a plain Uint8Array's decoded: the same answer.
  expect(readPlainFrontmatter(Uint8Array.from(bytes))).toEqual(plain);
  if (plain === undefined) return false;
  expect(fullReading(bytes)).toEqual({ status: 'valid', data: plain, diagnostics: [], written: undefined });
  expect(Object.keys(plain)).toEqual(Object.keys((fullReading(bytes) as { data: object }).data));
  return true;
}

describe('readPlainFrontmatter', () => {
  it('reads the plainest blocks, keys in file order, whatever the body holds', () => {
    expect(readPlainFrontmatter(bytesOf('---\ndescription: Command number 7.\n---\nDo step 7.\n'))).toEqual({
      description: 'Command number 7.',
    });
    const bytes = bytesOf(
      '---\nmodel: haiku\ndescription: Review (the diff), then /fix it.\nallowed-tools: Read, Grep\n---\n\u00e9\u{1F600}',
    );
    expect(readPlainFrontmatter(bytes)).toEqual({
      model: 'haiku',
      description: 'Review (the diff), then /fix it.',
      'allowed-tools': 'Read, Grep',
    });
    expect(Object.keys(readPlainFrontmatter(bytes)!)).toEqual(['model', 'description', 'allowed-tools']);
    // A closing line at the very end, and an empty block.
    expect(readPlainFrontmatter(bytesOf('---\nname: x\n---'))).toEqual({ name: 'x' });
    expect(readPlainFrontmatter(bytesOf('---\n---\n'))).toEqual({});
    // Invalid UTF-8 in the body does not matter: the block is ASCII.
    expect(readPlainFrontmatter(Uint8Array.from([...bytesOf('---\na: b\n---\n'), 0xff, 0xfe]))).toEqual({
      a: 'b',
    });
  });

  it('leaves every other shape to the full reading', () => {
    const others = [
      '',
      'description: no block',
      '\ufeff---\ndescription: a BOM first\n---\n',
      '--- \ndescription: a space after the dashes\n---\n',
      '---\r\ndescription: CRLF\r\n---\r\n',
      '---\ndescription: unclosed\n',
      '---\ndescription: unclosed at the end',
      '---\ndescription: closed by dots\n...\n',
      '---\ndescription: closing line with a space\n--- \n',
      '---\ndescription: closing line with more\n----\n',
      '---\n# a comment\ndescription: x\n---\n',
      '---\n\ndescription: a blank line\n---\n',
      '---\ndescription:  two spaces\n---\n',
      '---\ndescription : a space before the colon\n---\n',
      '---\ndescription:\n---\n',
      '---\ndescription: trailing space \n---\n',
      '---\ndescription: ends with a colon:\n---\n',
      '---\ndescription: has: a colon and a space\n---\n',
      '---\ndescription: has #a comment\n---\n',
      '---\ndescription: "quoted"\n---\n',
      "---\ndescription: 'quoted'\n---\n",
      '---\ndescription: 42\n---\n',
      '---\ndescription: -1\n---\n',
      '---\ndescription: true\n---\n',
      '---\ndescription: NULL\n---\n',
      '---\ndescription: ~\n---\n',
      '---\ndescription: [a, b]\n---\n',
      '---\ndescription: {a: b}\n---\n',
      '---\ndescription: &anchor x\n---\n',
      '---\ndescription: !tag x\n---\n',
      '---\ndescription: caf\u00e9\n---\n',
      '---\ndescription: a\ttab\n---\n',
      '---\ndescription: a\n  continued\n---\n',
      '---\ndescription: a\ndescription: twice\n---\n',
      '---\ntrue: a reserved key\n---\n',
      '---\n__proto__: x\n---\n',
      '---\n9key: x\n---\n',
      '---\n- a list\n---\n',
      '---\ndescription: x\n---\nbody\u0000with a NUL\n',
    ];
    for (const text of others) {
      expect(readPlainFrontmatter(bytesOf(text)), JSON.stringify(text)).toBeUndefined();
      expectSameAsFull(bytesOf(text));
    }
    // A NUL byte past the first 8 KiB does not make the file binary.
    const late = Buffer.concat([bytesOf('---\na: b\n---\n'), Buffer.alloc(9000, 0x61), Buffer.from([0])]);
    expect(readPlainFrontmatter(late)).toEqual({ a: 'b' });
    expectSameAsFull(late);
  });

  it('equals the full reading on generated blocks whenever it answers (fixed seed)', () => {
    const keys = fc.constantFrom(
      'description',
      'name',
      'model',
      'allowed-tools',
      'a.b',
      '_x',
      'true',
      'Key9',
    );
    const valueCharacters = fc.constantFrom(
      ...'aZ_/(0 -.:#,\'"!&*[]{}|>%@`~\t\r\u00e9'.split(''),
      'a',
      'b',
      ' ',
    );
    const values = fc.oneof(
      fc.constantFrom('true', 'False', 'null', 'Null', '~', 'yes', 'x:', 'a: b', 'a #b', 'a#b', '(x)', '/x'),
      fc.array(valueCharacters, { maxLength: 12 }).map((characters) => characters.join('')),
    );
    const lines = fc.array(
      fc.oneof(
        fc.tuple(keys, fc.constantFrom(': ', ':', ' : ', ':  '), values).map((parts) => parts.join('')),
        fc.constantFrom('', '# comment', '  indented', '---', '...', '- item'),
      ),
      { maxLength: 5 },
    );
    let answered = 0;
    fc.assert(
      fc.property(
        lines,
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom('', 'Body.\n', '\u0000'),
        (block, end, body) => {
          const text = `---${end}${block.map((line) => `${line}${end}`).join('')}---${end}${body}`;
          if (expectSameAsFull(bytesOf(text))) answered += 1;
        },
      ),
      { numRuns: 3_000, seed: 40 },
    );
    // Not a test of nothing: many generated blocks are plain.
    expect(answered).toBeGreaterThan(200);
  });
});
