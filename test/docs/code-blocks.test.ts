import { describe, expect, it } from 'vitest';
import { extractCodeBlocks, isTypeScript } from './code-blocks.js';

const fence = '```';

describe('extractCodeBlocks', () => {
  it('pairs a block with the text block after a `prints` line, and keeps their lines', () => {
    const page = [
      '# Page',
      `${fence}ts`,
      "console.log('hi');",
      fence,
      '',
      'prints',
      '',
      `${fence}text`,
      'hi',
      fence,
    ].join('\n');
    const { blocks, problems } = extractCodeBlocks(page, 'docs/page.md');
    expect(problems).toEqual([]);
    expect(blocks).toHaveLength(1);
    const [block] = blocks;
    expect(block).toMatchObject({
      file: 'docs/page.md',
      line: 2,
      language: 'ts',
      code: "console.log('hi');\n",
    });
    expect(block?.prints).toMatchObject({ line: 8, text: 'hi\n', excerpt: false });
    const range = block?.prints?.range ?? { start: 0, end: 0 };
    expect(page.slice(range.start, range.end)).toBe('hi\n');
  });

  it('reads a text block ending with `...` as an excerpt', () => {
    const page = [`${fence}sh`, 'npm run demo', fence, 'prints', `${fence}text`, 'line 1', '...', fence].join(
      '\n',
    );
    expect(extractCodeBlocks(page, 'README.md').blocks[0]?.prints).toMatchObject({
      text: 'line 1\n',
      excerpt: true,
    });
  });

  it('leaves a block without `prints`, or with other prose before the next block, unpaired', () => {
    const page = [`${fence}ts`, 'const a = 1;', fence, 'prints, roughly:', `${fence}text`, '1', fence].join(
      '\n',
    );
    const { blocks } = extractCodeBlocks(page, 'p.md');
    expect(blocks.map((block) => [block.language, block.prints])).toEqual([
      ['ts', undefined],
      ['text', undefined],
    ]);
  });

  it('skips fragments when compiling, and reads flags and indented or longer fences', () => {
    const page = [
      '- item',
      `  ${fence}ts fragment`,
      '  run.tools;',
      `  ${fence}`,
      `${fence}\`md`,
      `${fence}ts`,
      'not a block of its own',
      fence,
      `${fence}\``,
    ].join('\n');
    const { blocks, problems } = extractCodeBlocks(page, 'p.md');
    expect(problems).toEqual([]);
    expect(blocks.map((block) => [block.language, block.flags, block.code])).toEqual([
      ['ts', ['fragment'], 'run.tools;\n'],
      ['md', [], `${fence}ts\nnot a block of its own\n${fence}\n`],
    ]);
    expect(blocks.map(isTypeScript)).toEqual([false, false]);
  });

  it('reports markers used wrongly', () => {
    const page = [
      `${fence}ts`,
      'a();',
      fence,
      'prints',
      `${fence}json`,
      '{}',
      fence,
      `${fence}ts fragment`,
      'b();',
      fence,
      'prints',
      `${fence}text`,
      'b',
      fence,
      `${fence}ts`,
      'never closed',
    ].join('\n');
    expect(extractCodeBlocks(page, 'p.md').problems).toEqual([
      'p.md:15: the code block is never closed',
      'p.md:1: a `prints` line must be followed by a `text` block',
      'p.md:8: a fragment cannot be run, so it cannot have a `prints` block',
    ]);
  });
});
