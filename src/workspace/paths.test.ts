import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByCodePoints } from './paths.js';

/** Names from a small alphabet where code unit and code point order disagree. */
function randomNames(count: number, seed: number): string[] {
  const alphabet = ['a', 'B', '-', '.md', '\u00e9', '\uFF5E', '\uE000', '\u{1F600}', '\u{10000}', '\uFFFF'];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return Array.from({ length: count }, () => {
    let name = '';
    for (let length = next() % 5; length >= 0; length -= 1) name += alphabet[next() % alphabet.length];
    return name;
  });
}

describe('sortByCodePoints', () => {
  it('orders as compareCodePoints does, where code units order otherwise', () => {
    const names = ['\u{1F600}.md', '\uFF5E.md', 'b.md', 'B.md', '\uE000', 'a'];
    expect(sortByCodePoints([...names])).toEqual([
      'B.md',
      'a',
      'b.md',
      '\uE000',
      '\uFF5E.md',
      '\u{1F600}.md',
    ]);
    // The engine's own sort alone puts the surrogate pair first: the check must catch it.
    expect([...names].sort()).not.toEqual(sortByCodePoints([...names]));
  });

  it('sorts in place and returns the same array', () => {
    const names = ['c', 'a', 'b'];
    expect(sortByCodePoints(names)).toBe(names);
    expect(names).toEqual(['a', 'b', 'c']);
  });

  it('equals a sort by compareCodePoints on generated names, with and without surrogates', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const names = randomNames(300, seed);
      expect(sortByCodePoints([...names])).toEqual([...names].sort(compareCodePoints));
      const withoutSurrogates = names.filter((name) => !/[\uD800-\uDFFF]/.test(name));
      expect(sortByCodePoints([...withoutSurrogates])).toEqual(
        [...withoutSurrogates].sort(compareCodePoints),
      );
    }
  });
});
