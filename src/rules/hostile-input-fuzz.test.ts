import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../test/support/deadline-child.js';

/**
 * Fuzz over rule frontmatter, globs and paths, in a child process with a deadline: fast-check builds
 * a fragment from hostile pieces (brackets, tags, stars, `key:` lines, deep segments), each is grown
 * to 560,000 characters, and the frontmatter reader, the glob compiler and matcher and a workspace's
 * path resolution must neither throw nor abort the process, and finish each input within 2 s: a
 * linear pass takes milliseconds, a quadratic one over 560,000 characters takes minutes. (A ratio of
 * two timings was tried and is not reliable on a loaded machine: allocation and GC dominate.)
 */
const body = `
  const pieces = fc.constantFrom('[', ']', '{', '}', '<a>', '</a>', '<b x>', 'key: ', 'a: b', '\\n', '  ', '*', '**', '?', 'a*', '/', 'x', '(', '|', ')', '@(', '\\\\', '"', "'", '---\\n', '#', '..', '.');
  const fragment = fc.array(pieces, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
  const workspace = memoryWorkspace({ 'a.txt': 'x' });
  // Grown to a number of characters: both sizes past the YAML parser's limit, so one code path is timed.
  const grown = (text, characters) => text.repeat(Math.ceil(characters / text.length));
  const timed = (work) => { const started = performance.now(); work(); return performance.now() - started; };
  const slow = [];
  const check = (name, text, work) => {
    const input = grown(text, 560_000);
    const large = Math.min(...[0, 1].map(() => timed(() => work(input))));
    if (large > 2_000) slow.push({ name, text, large });
  };
  const thrown = [];
  fc.assert(
    fc.property(fragment, (text) => {
      try {
        check('frontmatter', text, (grownText) => parseFrontmatter('---\\ndescription: x\\n' + grownText + '\\n---\\nBody\\n', 'f.md'));
        check('glob', text, (grownText) => {
          const glob = compileGlob(grownText);
          if (!isInvalidGlob(glob)) glob.test('a'.repeat(3000));
        });
        check('glob test', text, (grownText) => {
          const glob = compileGlob('**/' + text.slice(0, 200) + '*b');
          if (!isInvalidGlob(glob)) glob.test(grownText.slice(0, 4000));
        });
        check('path', text, (grownText) => {
          try { workspace.resolve(grownText); } catch (error) { if (!isAgentContextError(error)) throw error; }
        });
      } catch (error) {
        thrown.push({ text, error: String(error).slice(0, 200) });
      }
    }),
    { numRuns: 10, seed: 29 },
  );
  return { slow, thrown };
`;

describe('fuzz: rule frontmatter, globs and paths', () => {
  it('never throws, never aborts, and finishes 560,000 characters within a bound only linear work meets', async () => {
    const run = await runWithDeadline<{ slow: unknown[]; thrown: unknown[] }>({
      imports: [
        "import fc from 'fast-check';",
        "import { parseFrontmatter } from 'src/frontmatter/parse-frontmatter.ts';",
        "import { compileGlob, isInvalidGlob } from 'src/shared/compile-glob.ts';",
        "import { memoryWorkspace } from 'src/workspace/memory-workspace.ts';",
        "import { isAgentContextError } from 'src/errors.ts';",
      ],
      body,
      deadlineMs: 60_000,
    });
    expect(run.ending, run.stderr.slice(0, 300)).toBe('exit 0');
    expect(run.result, JSON.stringify(run.result)).toEqual({ slow: [], thrown: [] });
  }, 90_000);
});
