import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.js';
import { compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import {
  type EntryIgnoreTest,
  entryIgnoreTest,
  type GitignoreRules,
  parseGitignore,
} from './gitignore-rules.js';

/**
 * Whether `path` is ignored, asked as the walk asks (the entry of its directory, its test made from
 * its parent's, from the root down), and asked with a test made alone: both answers must agree.
 */
function isIgnored(chain: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
  const directory = path.slice(0, path.lastIndexOf('/'));
  let test: EntryIgnoreTest | undefined;
  for (let end = directory.indexOf('/', 1); ; end = directory.indexOf('/', end + 1)) {
    test = entryIgnoreTest(chain, end === -1 ? directory : directory.slice(0, end), test);
    if (end === -1) break;
  }
  const name = path.slice(directory.length + 1);
  const alone = entryIgnoreTest(chain, directory)(name, isDirectory);
  expect(test(name, isDirectory), `${path}: made from its parents' tests or alone`).toBe(alone);
  return alone;
}

/**
 * The rule of `.gitignore` evaluation as first written (every rule of every file in order, the last
 * match deciding, each rule through its compiled glob): the reference the fast matcher is held to.
 */
function ignoredByReference(chain: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const rules of chain) {
    const under = rules.base.endsWith('/') ? rules.base : `${rules.base}/`;
    if (!path.startsWith(under)) continue;
    const relative = path.slice(under.length);
    for (const rule of rules.rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.test(relative)) ignored = !rule.negated;
    }
  }
  return ignored;
}

const lines = [
  'node_modules',
  'node_modules/',
  'dist',
  '/dist',
  '!dist',
  '*.log',
  '!keep.log',
  '*.d.ts',
  '!*.ts',
  'build/',
  'a/*/c',
  'a/**/c',
  '**/b',
  '*',
  '!*',
  '.',
  '*.',
  '.*',
  '.env',
  'x?z',
  '[ab].txt',
  '\\!bang',
  '\\#hash',
  'src/gen',
  '!src/gen/keep',
  'c',
  '!c',
  '*c',
  'keep.log',
  'yarn-error.log*',
  'a*c',
  'a/**',
  'src/**',
  'examples/*/build',
  '.vscode/*',
  '!.vscode/a',
  '/src',
  '/dist',
  'a/*',
  '/a/b',
  'src/gen/',
  'a/**/',
  'a/**/b',
  '**/a/b',
  'src/*/keep.log',
  '\\!a/b',
  'a/.',
  ' a/b',
  '*.py[cod]',
  '**/.next/*',
  'a/b/**',
  '**/a/*',
  'x[ab]z*',
  '[]]x',
  'a?c',
  '*.{md,ts}',
  './a/b',
  'a/.next/**/b',
  '**/node_modules',
  '**/dist/',
  '**/*.log',
  '!**/keep.log',
  '**/**/b',
  '**/a/**',
  '**/**',
];
const names = [
  'a',
  'b',
  'c',
  'dist',
  'node_modules',
  'keep.log',
  'x.log',
  'y.d.ts',
  'z.ts',
  '.env',
  'xyz',
  'a.txt',
  '!bang',
  '#hash',
  'build',
  'src',
  'gen',
  'keep',
  '.',
  '..',
  'cc',
  '.c',
  'c.',
];

describe('entryIgnoreTest', () => {
  it('answers as every rule applied in order does, on random rules and paths', () => {
    const random = seededRandom(7);
    const pick = <Value>(values: readonly Value[]): Value => values[Math.floor(random() * values.length)]!;
    let compared = 0;
    for (let round = 0; round < 300; round += 1) {
      const rootText = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(lines)).join('\n');
      const nestedText = Array.from({ length: Math.floor(random() * 5) }, () => pick(lines)).join('\r\n');
      const chain = [parseGitignore(rootText, '/repo'), parseGitignore(nestedText, '/repo/a')];
      for (let sample = 0; sample < 40; sample += 1) {
        const depth = 1 + Math.floor(random() * 4);
        const path = `/repo/${Array.from({ length: depth }, () => pick(names)).join('/')}`;
        const isDirectory = random() < 0.5;
        expect(
          isIgnored(chain, path, isDirectory),
          `${path} under ${JSON.stringify([rootText, nestedText])}`,
        ).toBe(ignoredByReference(chain, path, isDirectory));
        compared += 1;
      }
    }
    expect(compared).toBe(12_000);
  });

  it('reads `**/PATTERN` as the glob it is written as, and answers as every rule in order, four deep', () => {
    const shapes = [
      '**/a/b',
      '**/node_modules',
      '**/dist/',
      '**/*.log',
      '**/b.?og',
      '**/.next/*',
      'a/**/b',
      '**/**/c',
    ];
    const segments = ['a', 'b', 'c', 'node_modules', 'dist', 'b.log', '.next'];
    const paths: string[] = [];
    const extend = (prefix: string, depth: number) => {
      for (const segment of segments) {
        paths.push(`${prefix}${segment}`);
        if (depth > 1) extend(`${prefix}${segment}/`, depth - 1);
      }
    };
    extend('', 4);
    for (const shape of shapes) {
      // The line compiled as written (relative to its file, since it holds a slash).
      const written = compileGlob(shape.replace(/\/$/, ''), { globsWithoutSlash: 'base-only' });
      if (isInvalidGlob(written)) throw new Error(shape);
      const [rule] = parseGitignore(shape, '/repo').rules;
      const chain = [parseGitignore(`*.log\n!b.log\n${shape}\n`, '/repo')];
      for (const path of paths) {
        expect(rule!.test(path), `${path} under ${shape}`).toBe(written.test(path));
        for (const isDirectory of [false, true]) {
          expect(isIgnored(chain, `/repo/${path}`, isDirectory), `${path} under ${shape}`).toBe(
            ignoredByReference(chain, `/repo/${path}`, isDirectory),
          );
        }
      }
    }
  });

  it('tests plain names and endings as text, the rest through the glob', () => {
    const parsed = parseGitignore('node_modules/\n*.log\na/*/c\nnpm-debug.log*\n', '/repo');
    expect([...parsed.byName]).toEqual([['node_modules', [0]]]);
    expect([...parsed.byExtension]).toEqual([['.log', [1]]]);
    expect(parsed.rest).toEqual([2, 3]);
    expect(parsed.rules.map((rule) => [rule.matchesName !== undefined, rule.within, rule.lastName])).toEqual([
      [false, undefined, undefined],
      [false, undefined, undefined],
      [false, '/repo/a/', 'c'],
      [true, undefined, undefined],
    ]);
    const glob = compileGlob('*.log');
    expect(!isInvalidGlob(glob) && glob.test('deep/x.log')).toBe(true);
    expect(isIgnored([parseGitignore('*.log\n', '/repo')], `/repo/${'d/'.repeat(2_100)}x.log`, false)).toBe(
      false,
    );
  });
});
