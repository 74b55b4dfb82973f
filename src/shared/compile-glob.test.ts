import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { type CompiledGlob, compileGlob, isInvalidGlob } from './compile-glob.js';
import { buildGlobAutomaton } from './glob-automaton.js';
import { globSamplePaths as paths } from './glob-sample-paths.test-support.js';

const globs = [
  '**',
  '*',
  '*.ts',
  '*.test.ts',
  'Makefile',
  '**/*.ts',
  '**/*.tsx',
  'src/**',
  'src/*.ts',
  'src/**/*.ts',
  'src/api/**/*.test.ts',
  'src/api/*.json',
  'src/api/handler.ts',
  'src/**/*.{ts,tsx}',
  'src/*/index.ts',
  'src/api/[ab].ts',
  'packages/@scope/lib/**',
  'docs/**/*',
  '.github/**',
  '**/.env*',
  '**/*',
  '*.*',
  '*a*',
  'src/*a*',
  '**/a*.ts',
  '**/*.t*',
  'src/**/h*d*r.ts',
  '**/x.*',
];

/** picomatch's own answer, as the rules contract states it: names alone for globs without `/`. */
function reference(glob: string, path: string): boolean {
  const pattern = picomatch.makeRe(glob, { dot: true });
  return glob.includes('/') ? pattern.test(path) : pattern.test(path.slice(path.lastIndexOf('/') + 1));
}

function compiled(glob: string): CompiledGlob {
  const result = compileGlob(glob);
  if (isInvalidGlob(result)) throw new Error(result.reason);
  return result;
}

describe('compileGlob', () => {
  it('answers as picomatch does for every shape, the plain-text shapes included', () => {
    const differences: string[] = [];
    for (const glob of globs) {
      const test = compiled(glob).test;
      for (const path of paths) {
        if (test(path) !== reference(glob, path)) differences.push(`${glob} ${path}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('answers as picomatch does on the whole path for globs without `/` when they match in the base only', () => {
    const differences: string[] = [];
    for (const glob of globs.filter((candidate) => !candidate.includes('/'))) {
      const result = compileGlob(glob, { globsWithoutSlash: 'base-only' });
      if (isInvalidGlob(result)) throw new Error(result.reason);
      const pattern = picomatch.makeRe(glob, { dot: true });
      for (const path of paths) {
        if (result.test(path) !== pattern.test(path)) differences.push(`${glob} ${path}`);
      }
    }
    expect(differences).toEqual([]);
    const { prefix, direct, test } = compileGlob('*.ts', { globsWithoutSlash: 'base-only' }) as CompiledGlob;
    expect([prefix, direct, test('a.ts'), test('src/a.ts')]).toEqual(['', true, true, false]);
  });

  it('files each glob under its static directory, and says when it matches only files directly in it', () => {
    const shape = (glob: string) => {
      const { prefix, direct } = compiled(glob);
      return [prefix, direct];
    };
    expect(shape('src/api/**/*.ts')).toEqual(['src/api', false]);
    expect(shape('src/api/*.ts')).toEqual(['src/api', true]);
    expect(shape('src/*/index.ts')).toEqual(['src', false]);
    expect(shape('./src/**')).toEqual(['src', false]);
    expect(shape('*.ts')).toEqual(['', false]);
  });

  it('tests plain text with single stars as the automaton does, at any depth and in the base', () => {
    const starred = fc
      .array(fc.constantFrom('a', 'b', '.', '-', '*'), { minLength: 1, maxLength: 6 })
      .map((characters) => characters.join(''))
      .filter((name) => !name.includes('**') && name !== '.' && name !== '..');
    const segment = fc
      .array(fc.constantFrom('a', 'b', '.', '-'), { minLength: 1, maxLength: 5 })
      .map((characters) => characters.join(''))
      .filter((name) => name !== '.' && name !== '..');
    const tested = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
    fc.assert(
      fc.property(starred, fc.constantFrom('', '**/', 'a/', 'a/**/'), tested, (name, above, path) => {
        // The automaton, not picomatch: picomatch alone reads `*.*` as needing a character after the dot.
        const glob = `${above}${name}`;
        const automaton = (written: string, tested: string) => buildGlobAutomaton(written).test(tested);
        const expected =
          above === '' ? automaton(name, path.slice(path.lastIndexOf('/') + 1)) : automaton(glob, path);
        expect(compiled(glob).test(path), `${glob} ${path}`).toBe(expected);
        const base = compileGlob(name, { globsWithoutSlash: 'base-only' }) as CompiledGlob;
        expect(base.test(path), `${name} ${path} (base only)`).toBe(automaton(name, path));
      }),
      { numRuns: 2_000, seed: 40 },
    );
  });

  it('refuses empty globs, `..` segments and unbalanced brackets', () => {
    expect(compileGlob('  ')).toMatchObject({ reason: 'the glob is empty' });
    expect(compileGlob('../x/**')).toMatchObject({ reason: expect.stringContaining('`..`') });
    expect(isInvalidGlob(compileGlob('src/[a.ts'))).toBe(true);
  });
});

describe('compileGlob: the automaton', () => {
  // Globs and normalised paths from a small alphabet, so that most pairs are close to matching.
  const part = fc.constantFrom(
    ...['a', 'b', '.', 'x', '*', '?', '[ab]', '[a-c]', '[^a]', '{a,b}', '{a,b*}', '{1..3}'],
    ...['@(a|b)', '+(a|b)', '*(a)b', '[[:digit:]]'],
  );
  const globSegment = fc.oneof(
    fc.constant('**'),
    fc
      .array(part, { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join(''))
      // `**` inside a segment and `)?` read differently by picomatch (see below).
      .filter((segment) => !segment.includes('**') && !segment.includes(')?') && segment !== '.'),
  );
  const glob = fc.array(globSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
  const pathSegment = fc
    .array(fc.constantFrom('a', 'b', '.', 'x', '2'), { minLength: 1, maxLength: 4 })
    .map((characters) => characters.join(''))
    .filter((segment) => segment !== '.' && segment !== '..');
  const path = fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));

  it('answers as picomatch does on whole paths, but `dir*/**` also matches the directory itself', () => {
    // picomatch lets `src/**` match `src` but not `s*/**` match `src`; here both do. It also reads
    // `@(a)?` as a lazy quantifier (the `?` is lost) and `x**y` as a globstar; neither is generated.
    // And with a POSIX class after an extglob it leaves a `.` unescaped (`*(a)b.a/[[:digit:]]` matches
    // `baa/2`): such globs are not compared. A fixed seed: the same globs in every run.
    fc.assert(
      fc.property(glob, path, (written, tested) => {
        fc.pre(!(written.includes('[[:') && written.includes('.') && /[*?+@!]\(/.test(written)));
        const collapsed = written.replace(/(^|\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
        const reference = (pattern: string) =>
          picomatch.makeRe(pattern, { dot: true, strictBrackets: true }).test(tested);
        const expected =
          reference(collapsed) || (collapsed.endsWith('/**') && reference(collapsed.slice(0, -3)));
        expect(buildGlobAutomaton(written).test(tested), `${written} ${tested}`).toBe(expected);
      }),
      { numRuns: 1_500, seed: 40 },
    );
  });

  it('negates with a leading `!`, and refuses what it cannot match in linear time or at all', () => {
    const notTypeScript = compiled('!src/**/*.ts');
    expect([notTypeScript.test('src/a.ts'), notTypeScript.test('src/a.js'), notTypeScript.prefix]).toEqual([
      false,
      true,
      '',
    ]);
    expect(compileGlob('!(a|b).ts')).toMatchObject({ reason: 'negated groups `!(...)` are not supported' });
    expect(compileGlob(`${'a/'.repeat(600)}x`)).toMatchObject({
      reason: 'the glob is longer than 1024 characters',
    });
    expect(compileGlob('{1..100000}')).toMatchObject({ reason: expect.stringContaining('brace range') });
    expect(compileGlob('{1..5000}')).toMatchObject({
      reason: expect.stringContaining('matching states'),
    });
    expect(compileGlob('a)')).toMatchObject({ reason: 'a `)` has no `(` before it' });
    expect(compileGlob('{a')).toMatchObject({ reason: 'a `{` has no `}` after it' });
  });

  it('never matches a path over 4,096 characters', () => {
    expect(compiled('**').test('a'.repeat(4_096))).toBe(true);
    expect(compiled('**').test('a'.repeat(4_097))).toBe(false);
  });
});
