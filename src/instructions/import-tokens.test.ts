import { describe, expect, it } from 'vitest';
import { findImportTokens } from './import-tokens.js';

const specifiers = (text: string) => findImportTokens(text).map((token) => token.specifier);

describe('findImportTokens', () => {
  it('finds imports at the start of a line and after whitespace', () => {
    expect(specifiers('@AGENTS.md\nSee @docs/conventions.md and @./Makefile')).toEqual([
      'AGENTS.md',
      'docs/conventions.md',
      './Makefile',
    ]);
  });

  it('leaves trailing sentence punctuation out of the path', () => {
    const text = 'Read @docs/style.md.';
    const [token] = findImportTokens(text);
    expect(token?.specifier).toBe('docs/style.md');
    expect(text.slice(token!.start, token!.end)).toBe('@docs/style.md');
  });

  it('ignores mentions, package scopes and e-mail addresses', () => {
    expect(specifiers('Ask @alice, install @ai-sdk/openai, mail me@example.com')).toEqual([]);
  });

  it('ignores tokens inside inline code spans', () => {
    expect(specifiers('Write `@notes.md` or ``a ` @x.md`` but @real.md')).toEqual(['real.md']);
  });

  it('ignores tokens inside fenced code blocks, backtick and tilde', () => {
    const text = ['```md', '@fenced.md', '```', '~~~', '@tilde.md', '~~~', '@after.md'].join('\n');
    expect(specifiers(text)).toEqual(['after.md']);
  });

  it('treats an unclosed fence as running to the end of the text', () => {
    expect(specifiers('@before.md\n```\n@inside.md\n')).toEqual(['before.md']);
  });

  it('reads a backslash-escaped space as part of the path', () => {
    expect(specifiers('@my\\ notes.md here')).toEqual(['my notes.md']);
  });

  it('accepts home-relative and absolute paths', () => {
    expect(specifiers('@~/.claude/notes.md @/etc/agents/rules')).toEqual([
      '~/.claude/notes.md',
      '/etc/agents/rules',
    ]);
  });
});
