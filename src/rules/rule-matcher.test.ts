import { describe, expect, it } from 'vitest';
import { type CompiledGlob, compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { globSamplePaths as paths } from '../shared/glob-sample-paths.test-support.js';
import type { LoadedRule } from './rule.js';
import { RuleMatcher } from './rule-matcher.js';

function compiled(glob: string): CompiledGlob {
  const result = compileGlob(glob);
  if (isInvalidGlob(result)) throw new Error(result.reason);
  return result;
}

describe('RuleMatcher', () => {
  it('gives what testing every glob of every rule gives, in load order, each rule once', () => {
    const base = '/repo';
    const rules = [
      ['one', ['src/**/*.ts', '*.ts']],
      ['two', ['src/api/*.json']],
      ['three', ['**/*.tsx', 'docs/**']],
      ['four', ['src/*/index.ts']],
      ['five', ['src/api/**']],
    ] as const;
    const entries = rules.map(([name, written], index) => ({
      rule: {
        name,
        baseDirectory: index === 4 ? `${base}/src` : base,
      } as LoadedRule,
      globs: written.map(compiled),
    }));
    const matcher = new RuleMatcher(entries);
    for (const path of paths) {
      const expected = entries.flatMap(({ rule, globs: ruleGlobs }) => {
        const prefix = `${rule.baseDirectory}/`;
        const absolute = `${base}/${path}`;
        if (!absolute.startsWith(prefix)) return [];
        const first = ruleGlobs.find((glob) => glob.test(absolute.slice(prefix.length)));
        return first ? [`${rule.name} ${first.glob}`] : [];
      });
      const got = matcher.match(`${base}/${path}`).map((match) => `${match.rule.name} ${match.glob}`);
      expect(got, path).toEqual(expected);
    }
    expect(matcher.match('/elsewhere/src/a.ts')).toEqual([]);
  });

  it('leaves out the excluded rules, and those added to the set later', () => {
    const rule = (name: string) => ({ name, baseDirectory: '/repo' }) as LoadedRule;
    const [one, two, three] = [rule('one'), rule('two'), rule('three')];
    const matcher = new RuleMatcher([
      { rule: one!, globs: [compiled('**/*.ts')] },
      { rule: two!, globs: [compiled('src/**')] },
      { rule: three!, globs: [compiled('src/*.ts')] },
    ]);
    const names = (exclude: Set<LoadedRule>) =>
      matcher.match('/repo/src/a.ts', exclude).map((match) => match.rule.name);
    const delivered = new Set<LoadedRule>();
    expect(names(delivered)).toEqual(['one', 'two', 'three']);
    delivered.add(one!);
    expect(names(delivered)).toEqual(['two', 'three']);
    delivered.add(three!);
    expect(names(delivered)).toEqual(['two']);
    expect(names(new Set())).toEqual(['one', 'two', 'three']);
  });
});
