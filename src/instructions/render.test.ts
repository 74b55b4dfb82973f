import { describe, expect, it } from 'vitest';
import { renderContextFile, renderContextFiles } from './render.js';

describe('renderContextFile', () => {
  it('wraps the body in a context-file block named by its label', () => {
    expect(renderContextFile({ label: 'packages/app/AGENTS.md', text: 'Use pnpm.' })).toBe(
      '<context-file path="packages/app/AGENTS.md">\nUse pnpm.\n</context-file>',
    );
  });

  it('strips trailing CR and LF of the body but keeps trailing spaces', () => {
    expect(renderContextFile({ label: 'AGENTS.md', text: 'line  \r\n\r\n\n' })).toBe(
      '<context-file path="AGENTS.md">\nline  \n</context-file>',
    );
  });

  it('keeps CRLF line endings inside the body as written', () => {
    expect(renderContextFile({ label: 'a.md', text: 'one\r\ntwo\r\n' })).toBe(
      '<context-file path="a.md">\none\r\ntwo\n</context-file>',
    );
  });

  it('escapes a quote in the label so it cannot end the attribute', () => {
    expect(renderContextFile({ label: 'say "hi"/AGENTS.md', text: 'x' })).toBe(
      '<context-file path="say &quot;hi&quot;/AGENTS.md">\nx\n</context-file>',
    );
  });
});

describe('renderContextFiles', () => {
  it('joins blocks with a blank line in the order given', () => {
    expect(
      renderContextFiles([
        { label: '../AGENTS.md', text: 'outer\n' },
        { label: 'AGENTS.md', text: 'inner' },
      ]),
    ).toBe(
      '<context-file path="../AGENTS.md">\nouter\n</context-file>\n\n<context-file path="AGENTS.md">\ninner\n</context-file>',
    );
  });

  it('renders nothing for no files', () => {
    expect(renderContextFiles([])).toBe('');
  });
});
