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
      status: 'lenient',
      body: 'Text\n',
    });
    expect(parseFrontmatter('# Title\nText\n', 'x.md').body).toBe('# Title\nText\n');
  });

  it('reads a description with an unquoted colon as written, with an info diagnostic', () => {
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
          'Read leniently: the frontmatter is not strict YAML, so `description` was read as written, up to the next key. Quote the value or indent its lines to make it valid YAML.',
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

  it('runs a value to the next top-level key, keeping `<example>` blocks whole', () => {
    const text = [
      '---',
      'name: release-checker',
      'description: Use this agent before tagging a release. Examples:',
      '',
      '<example>',
      'Context: the changelog was just edited',
      'user: "Is the release ready?"',
      'assistant: "I will run the release-checker agent."',
      '<commentary>',
      'A release question: the agent applies.',
      '</commentary>',
      '</example>',
      'model: inherit',
      'tools: [Read, Grep]',
      '---',
      'You check releases.',
    ].join('\n');
    const parsed = parseFrontmatter(text, '.claude/agents/release-checker.md');
    expect(parsed.status).toBe('lenient');
    expect(Object.keys(parsed.data)).toEqual(['name', 'description', 'model', 'tools']);
    expect(parsed.data.description).toBe(
      [
        'Use this agent before tagging a release. Examples:',
        '',
        '<example>',
        'Context: the changelog was just edited',
        'user: "Is the release ready?"',
        'assistant: "I will run the release-checker agent."',
        '<commentary>',
        'A release question: the agent applies.',
        '</commentary>',
        '</example>',
      ].join('\n'),
    );
    expect(parsed.data.tools).toEqual(['Read', 'Grep']);
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(['info']);
    expect(parsed.body).toBe('You check releases.');
  });

  it('keeps an inline `<example>` on the description line and reads the keys after it', () => {
    const text =
      '---\nname: triage\ndescription: Sorts issues. <example>user: "sort these" assistant: "sorting"</example>\ncolor: blue\n---\n';
    const parsed = parseFrontmatter(text, 'triage.md');
    expect(parsed.data).toEqual({
      name: 'triage',
      description: 'Sorts issues. <example>user: "sort these" assistant: "sorting"</example>',
      color: 'blue',
    });
  });

  it('does not let an unclosed tag in prose swallow the keys after it', () => {
    const parsed = parseFrontmatter(
      '---\nname: a\ndescription: pass a <file> path: any\nmodel: x\n---\n',
      'a.md',
    );
    expect(parsed.data).toEqual({ name: 'a', description: 'pass a <file> path: any', model: 'x' });
  });

  it('joins continuation lines without their common indentation and drops enclosing quotes', () => {
    const parsed = parseFrontmatter(
      '---\ndescription: Use when: the user\n    asks for a review\n    of a diff\nsummary: "Says "hi" twice"\n---\n',
      'a.md',
    );
    expect(parsed.data).toEqual({
      description: 'Use when: the user\nasks for a review\nof a diff',
      summary: 'Says "hi" twice',
    });
  });

  it('reads values YAML would take as syntax (an unclosed list, a glob starting with *) as written', () => {
    const parsed = parseFrontmatter(
      '---\nname: pdf\ndescription: [unclosed\nglobs: *.ts,*.tsx\n---\n',
      'SKILL.md',
    );
    expect(parsed.status).toBe('lenient');
    expect(parsed.data).toEqual({ name: 'pdf', description: '[unclosed', globs: '*.ts,*.tsx' });
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]?.message).toContain('`description`, `globs` were read as written');
  });

  it('reports a frontmatter without a single key line as broken', () => {
    const parsed = parseFrontmatter('---\n- a\n- b\n---\nText', 'SKILL.md');
    expect(parsed).toMatchObject({ status: 'broken', data: {}, body: 'Text' });
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'invalid-frontmatter', path: 'SKILL.md' }),
    ]);
    expect(parsed.diagnostics[0]?.message).toContain('line 2');
  });

  it('keeps the first of a repeated key, with a warning, instead of letting the later one win silently', () => {
    const parsed = parseFrontmatter('---\nname: a\nname: b\n---\n', 'SKILL.md');
    expect(parsed.status).toBe('lenient');
    expect(parsed.data).toEqual({ name: 'a' });
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'duplicate-key', path: 'SKILL.md' }),
    ]);
    expect(parsed.diagnostics[0]?.message).toContain('`name` (line 3)');
  });

  it('leaves out text before the first key, with a warning', () => {
    const parsed = parseFrontmatter('---\n  stray: text\nname: a\ndescription: b: c\n---\n', 'a.md');
    expect(parsed.data).toEqual({ name: 'a', description: 'b: c' });
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'frontmatter-lenient',
      'frontmatter-stray-lines',
    ]);
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
    expect(parsed.status).toBe('lenient');
    expect(parsed.data.name).toBe('bomb');
    expect(JSON.stringify(parsed.data).length).toBeLessThan(1000);
  });
});
