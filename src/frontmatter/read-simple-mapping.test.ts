import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseFrontmatter } from './parse-frontmatter.js';
import { readSimpleMapping } from './read-simple-mapping.js';

/** What the YAML parser makes of a block, read the way `parseFrontmatter` reads it. */
function parsed(lines: string[]): unknown {
  const document = parseDocument(lines.join('\n'), { uniqueKeys: true });
  if (document.errors.length > 0) return 'error';
  return document.toJS() ?? {};
}

/** Values frontmatter holds, and values that look simple but are not. */
const values = [
  '',
  ' ',
  'pdf',
  'Use when the user asks for a release: tags, changelog, npm',
  'Review a change with the team checklist.',
  "Don't edit generated files",
  'src/api/**/*.ts, src/db/*.ts',
  '/absolute/path',
  '(optional) a note',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'null',
  'Null',
  'NULL',
  '~',
  '~home',
  'yes',
  'no',
  'on',
  '42',
  '-1',
  '+1',
  '.5',
  '.inf',
  '0x1F',
  '1e3',
  '"quoted: with colon"',
  "'single # quoted'",
  '"with \\"escape\\""',
  "'it''s'",
  '"unclosed',
  '"a" trailing',
  '*alias',
  '&anchor value',
  '!tag value',
  '[a, b]',
  '{a: b}',
  '- item',
  '? key',
  '| block',
  '> folded',
  '%directive',
  '@mention',
  '`code`',
  'a # comment',
  'a#b',
  'ends with colon:',
  'a: b',
  'url http://example.com',
  'tab\there',
  'zero\u200bwidth',
  'line\u2028separator',
  'bom\ufeff',
  'ümlaut first',
  'emoji 🚀 inside',
  'control\u0007bell',
  'x'.repeat(300),
];
const keys = [
  'name',
  'description',
  'globs',
  'alwaysApply',
  'allowed-tools',
  'a.b',
  '_private',
  'true',
  '__proto__',
];

describe('readSimpleMapping', () => {
  it('reads the usual frontmatter of skills, agents and rules without the parser', () => {
    const blocks = [
      ['name: pdf', 'description: Fill in and merge PDF forms.'],
      ['description: React components', 'globs: web/**/*.tsx, web/**/*.jsx', 'alwaysApply: false'],
      ['paths: "packages/api/**/*.ts"'],
      ['applyTo: "**"'],
      ['trigger: model_decision', 'description: Database migrations', '', '# owned by the data team'],
      ['name: reviewer', 'model: inherit', 'color: green', 'tools:'],
    ];
    for (const block of blocks) {
      expect(readSimpleMapping(block), block.join(' | ')).toBeDefined();
      expect(readSimpleMapping(block), block.join(' | ')).toEqual(parsed(block));
    }
  });

  it('gives what the YAML parser gives for every single-line value it reads, and declines the rest', () => {
    let read = 0;
    for (const key of keys) {
      for (const value of values) {
        for (const separator of [': ', ':  ', ' : ', ':']) {
          const line = value === '' ? `${key}${separator}`.trimEnd() : `${key}${separator}${value}`;
          const simple = readSimpleMapping([line]);
          if (simple === undefined) continue;
          read += 1;
          expect(simple, JSON.stringify(line)).toEqual(parsed([line]));
        }
      }
    }
    // Most lines are read without the parser, so the equality above is a real check.
    expect(read).toBeGreaterThan(100);
  });

  it('gives what the YAML parser gives for generated blocks (seeded), or declines', () => {
    let seed = 12_345;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    const pieces = [
      'a',
      'Z',
      ' ',
      ':',
      '#',
      '"',
      "'",
      '-',
      '/',
      '*',
      '&',
      '!',
      ',',
      '[',
      '{',
      '(',
      '.',
      '1',
      'é',
      '\u00a0',
      '\ufeff',
      'true',
      'null',
      '\t',
      '~',
    ];
    let read = 0;
    for (let round = 0; round < 6_000; round += 1) {
      const lines: string[] = [];
      for (let count = next(4) + 1; count > 0; count -= 1) {
        let value = '';
        for (let length = next(12); length > 0; length -= 1) value += pieces[next(pieces.length)];
        const kind = next(10);
        if (kind === 0) lines.push('');
        else if (kind === 1) lines.push(`# ${value}`);
        else if (kind === 2) lines.push(`  ${value}`);
        else lines.push(`${keys[next(keys.length)]}: ${value}`);
      }
      const simple = readSimpleMapping(lines);
      if (simple === undefined) continue;
      read += 1;
      expect(simple, JSON.stringify(lines)).toEqual(parsed(lines));
    }
    expect(read).toBeGreaterThan(300);
  });

  it('leaves parseFrontmatter results unchanged: status, data and diagnostics', () => {
    const text = '---\ndescription: Use when: a PDF is named\nname: pdf\n---\nBody\n';
    expect(parseFrontmatter(text, 'SKILL.md')).toMatchObject({
      status: 'lenient',
      data: { name: 'pdf', description: 'Use when: a PDF is named' },
      body: 'Body\n',
    });
    expect(parseFrontmatter('---\nname: pdf\nname: again\n---\n', 'SKILL.md').status).toBe('lenient');
    expect(parseFrontmatter('---\nglobs: "*.ts"\n---\n', 'a.mdc')).toMatchObject({
      status: 'valid',
      data: { globs: '*.ts' },
    });
  });
});
