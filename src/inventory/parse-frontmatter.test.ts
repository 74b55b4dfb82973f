import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './parse-frontmatter.js';

describe('parseFrontmatter', () => {
  it('reads strict YAML, keeping every key', () => {
    const parsed = parseFrontmatter(
      '---\nname: pdf\ndescription: "Reads: PDFs"\ntools: [Read, Grep]\n---\nBody',
      'SKILL.md',
    );
    expect(parsed).toEqual({
      status: 'valid',
      data: { name: 'pdf', description: 'Reads: PDFs', tools: ['Read', 'Grep'] },
      diagnostics: [],
      body: 'Body',
    });
  });

  it('accepts CRLF line ends and a closing `...` line', () => {
    const parsed = parseFrontmatter('---\r\nname: pdf\r\n...\r\nBody', 'SKILL.md');
    expect(parsed.status).toBe('valid');
    expect(parsed.data).toEqual({ name: 'pdf' });
  });

  it('reports no frontmatter when the text does not start with ---', () => {
    expect(parseFrontmatter('# Title\n---\nname: x\n---\n', 'SKILL.md').status).toBe('none');
    expect(parseFrontmatter('', 'SKILL.md').status).toBe('none');
  });

  it('reports an unclosed frontmatter', () => {
    expect(parseFrontmatter('---\nname: pdf\n', 'SKILL.md')).toEqual({
      status: 'unclosed',
      data: {},
      diagnostics: [],
      body: '',
    });
  });

  it('reads an empty frontmatter as no keys', () => {
    expect(parseFrontmatter('---\n---\n', 'SKILL.md')).toEqual({
      status: 'valid',
      data: {},
      diagnostics: [],
      body: '',
    });
  });

  it('returns the Markdown after the frontmatter as the body, and the whole text without one', () => {
    expect(parseFrontmatter('---\r\nname: pdf\r\n...\r\n\r\n# Title\r\nText', 'SKILL.md').body).toBe(
      '\r\n# Title\r\nText',
    );
    expect(parseFrontmatter('---\nname: [\n---\nText\n', 'SKILL.md')).toMatchObject({
      status: 'broken',
      body: 'Text\n',
    });
    expect(parseFrontmatter('# Title\nText\n', 'x.md').body).toBe('# Title\nText\n');
  });

  it('reads a description with an unquoted colon as plain text, with an info diagnostic', () => {
    const text = '---\nname: pdf\ndescription: Use when: the user asks about PDFs\nlicense: MIT\n---\n';
    const parsed = parseFrontmatter(text, '.claude/skills/pdf/SKILL.md');
    expect(parsed.status).toBe('lenient');
    expect(parsed.data).toEqual({
      name: 'pdf',
      description: 'Use when: the user asks about PDFs',
      license: 'MIT',
    });
    expect(parsed.diagnostics).toEqual([
      {
        severity: 'info',
        code: 'frontmatter-lenient',
        message:
          'The frontmatter is not valid YAML; `description` read as plain text. Quote the value to make it valid YAML.',
        path: '.claude/skills/pdf/SKILL.md',
      },
    ]);
  });

  it('keeps nested values of other keys when reading leniently', () => {
    const text = '---\nname: pdf\ndescription: a: b\nmetadata:\n  owner: docs\n  tags: [x]\n---\n';
    const parsed = parseFrontmatter(text, 'SKILL.md');
    expect(parsed.status).toBe('lenient');
    expect(parsed.data).toEqual({
      name: 'pdf',
      description: 'a: b',
      metadata: { owner: 'docs', tags: ['x'] },
    });
  });

  it('does not guess at broken YAML syntax: reports it with its line and keeps the keys that read', () => {
    const parsed = parseFrontmatter('---\nname: pdf\ndescription: [unclosed\n---\n', 'SKILL.md');
    expect(parsed.status).toBe('broken');
    expect(parsed.data).toEqual({ name: 'pdf' });
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'invalid-frontmatter',
      path: 'SKILL.md',
    });
    expect(parsed.diagnostics[0]?.message).toContain('line 3 (`description`)');
  });

  it('reports a frontmatter that is a list, not a mapping', () => {
    const parsed = parseFrontmatter('---\n- a\n- b\n---\n', 'SKILL.md');
    expect(parsed.status).toBe('broken');
    expect(parsed.diagnostics[0]?.message).toContain('line 2 is not a `key: value` line');
  });

  it('reports a duplicate key instead of letting the later one win silently', () => {
    const parsed = parseFrontmatter('---\nname: a\nname: b\n---\n', 'SKILL.md');
    expect(parsed.status).toBe('broken');
    expect(parsed.data).toEqual({ name: 'a' });
    expect(parsed.diagnostics[0]?.message).toContain('duplicate key `name`');
  });

  it('survives an alias bomb without expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 8; level += 1) {
      lines.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(', ')}]`,
      );
    }
    const parsed = parseFrontmatter(`---\nname: bomb\n${lines.join('\n')}\n---\n`, 'SKILL.md');
    expect(parsed.status).toBe('broken');
    expect(parsed.data.name).toBe('bomb');
  });
});
