import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestNames } from './closest-names.js';

/** The unbounded computation the bounded one must agree with: full Levenshtein, then the same filter. */
function reference(wanted: string, names: readonly string[], limit = 5): string[] {
  const distance = (left: string, right: string) => {
    let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
    for (let row = 1; row <= left.length; row += 1) {
      const current = [row];
      for (let column = 1; column <= right.length; column += 1) {
        const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
        current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
      }
      previous = current;
    }
    return previous[right.length] ?? 0;
  };
  const target = wanted.toLowerCase();
  return names
    .map((name) => {
      const lower = name.toLowerCase();
      const related = lower.includes(target) || target.includes(lower);
      const prefix = distance(target, lower.slice(0, target.length + 1)) + 1;
      return { name, related, distance: Math.min(distance(target, lower), prefix) };
    })
    .filter((entry) => entry.related || entry.distance <= Math.max(2, Math.floor(entry.name.length / 2)))
    .sort(
      (left, right) =>
        Number(right.related) - Number(left.related) ||
        left.distance - right.distance ||
        (left.name < right.name ? -1 : left.name > right.name ? 1 : 0),
    )
    .slice(0, limit)
    .map((entry) => entry.name);
}

describe('closestNames', () => {
  it('gives what the unbounded edit distance gives, while stopping each distance at its bound', () => {
    const name = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-', 'R'), minLength: 1, maxLength: 14 });
    fc.assert(
      fc.property(name, fc.uniqueArray(name, { maxLength: 12 }), (wanted, names) => {
        expect(closestNames(wanted, names)).toEqual(reference(wanted, names));
      }),
      { numRuns: 2_000, seed: 40 },
    );
    expect(closestNames('relase', ['release-notes', 'pdf', 'releases'])).toEqual([
      'release-notes',
      'releases',
    ]);
  });
});
