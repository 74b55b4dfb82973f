import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBlock, extractCodeBlocks, isTypeScript } from './code-blocks.js';
import { comparableOutputs, updatedOutput } from './compare-output.js';
import { runBlock, runnableLanguages } from './run-block.js';
import { type AiMajor, importsAiSdk, typeCheckBlocks } from './type-check-blocks.js';

// Every example of README.md and docs/*.md, checked against the built package (`npm run build`
// first; `npm test` does). How the blocks are marked: docs/checked-examples.md.
// UPDATE_DOCS=1 writes what the blocks really print into the pages instead of failing.

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const update = process.env.UPDATE_DOCS === '1';
const pages = [
  'README.md',
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const extracted = pages.map((page) => ({
  page,
  ...extractCodeBlocks(readFileSync(join(repositoryRoot, page), 'utf8'), page),
}));
const blocks = extracted.flatMap((page) => page.blocks);
const typeScriptBlocks = blocks.filter(isTypeScript);
const checkedOn: Record<AiMajor, CodeBlock[]> = {
  ai7: typeScriptBlocks,
  ai6: typeScriptBlocks.filter(importsAiSdk),
};
const runnable = blocks.filter((block) => block.prints && runnableLanguages.has(block.language));
const name = (block: CodeBlock) => `${block.file}:${block.line}`;

describe('the examples of the docs', () => {
  beforeAll(() => {
    if (!existsSync(join(repositoryRoot, 'dist/index.d.ts'))) {
      throw new Error('The package is not built: run `npm run build` first (npm test does).');
    }
  });

  it.each(extracted)('$page uses the markers as documented', ({ problems }) => {
    expect(problems).toEqual([]);
  });

  it('every block with a `prints` block can be run', () => {
    const notRunnable = blocks.filter((block) => block.prints && !runnableLanguages.has(block.language));
    expect(notRunnable.map(name)).toEqual([]);
  });

  for (const major of ['ai7', 'ai6'] as const) {
    describe(`type-check on ${major === 'ai7' ? 'ai 7' : 'ai 6'}`, () => {
      let errors = new Map<CodeBlock, string[]>();
      beforeAll(() => {
        errors = typeCheckBlocks(repositoryRoot, major, checkedOn[major]);
      }, 180_000);

      it.each(checkedOn[major].map((block) => ({ block, where: name(block) })))(
        '$where compiles',
        ({ block }) => {
          expect(errors.get(block)).toEqual([]);
        },
      );
    });
  }

  describe('run and compare with its `prints` block', () => {
    const updates: { file: string; start: number; end: number; text: string }[] = [];
    afterAll(() => writeUpdates(updates));

    it.each(runnable.map((block) => ({ block, where: name(block) })))(
      '$where prints what the docs show',
      async ({ block }) => {
        const expected = block.prints;
        if (!expected) return;
        const result = await runBlock(repositoryRoot, block);
        expect(result.exitCode, `exit code; standard error:\n${result.stderr}`).toBe(0);
        const compared = comparableOutputs(expected, result.stdout);
        if (update && compared.actual !== compared.expected) {
          updates.push({ file: block.file, ...expected.range, text: updatedOutput(expected, result.stdout) });
          return;
        }
        expect(compared.actual, `the output shown at ${block.file}:${expected.line}`).toBe(compared.expected);
      },
      120_000,
    );
  });
});

/** Write the real outputs into their pages (update mode), last range first so offsets stay valid. */
function writeUpdates(updates: readonly { file: string; start: number; end: number; text: string }[]): void {
  for (const file of new Set(updates.map((entry) => entry.file))) {
    const path = join(repositoryRoot, file);
    let text = readFileSync(path, 'utf8');
    const ranges = updates.filter((entry) => entry.file === file).sort((a, b) => b.start - a.start);
    for (const range of ranges) text = text.slice(0, range.start) + range.text + text.slice(range.end);
    writeFileSync(path, text);
  }
}
