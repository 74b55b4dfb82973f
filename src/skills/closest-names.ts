/**
 * The names nearest to `wanted`, best first, at most `limit` (default 5): names that contain it or
 * that it contains first, then by edit distance (to the whole name or to its start); ties by name. Names further than half their length
 * away are left out, so an unrelated request does not list everything. Each distance stops as soon
 * as it passes that bound, so a call costs at most the names' total length times the bound.
 */
export function closestNames(wanted: string, names: readonly string[], limit = 5): string[] {
  const target = wanted.toLowerCase();
  const scored = names.flatMap((name) => {
    const lower = name.toLowerCase();
    const related = lower.includes(target) || target.includes(lower);
    // One name inside the other: the distance is the length difference, or less through the start.
    const bound = related ? Math.abs(lower.length - target.length) : Math.max(2, Math.floor(name.length / 2));
    // A near miss of the name's start counts too: `relase` is close to `release-notes`.
    const prefix = boundedEditDistance(target, lower.slice(0, target.length + 1), bound - 1) + 1;
    const distance = Math.min(related ? bound : boundedEditDistance(target, lower, bound), prefix);
    return related || distance <= bound ? [{ name, related, distance }] : [];
  });
  return scored
    .sort(
      (left, right) =>
        Number(right.related) - Number(left.related) ||
        left.distance - right.distance ||
        (left.name < right.name ? -1 : left.name > right.name ? 1 : 0),
    )
    .slice(0, limit)
    .map((entry) => entry.name);
}

/**
 * Levenshtein distance over UTF-16 code units (skill names are ASCII), or `bound + 1` as soon as it
 * is known to exceed `bound`: only the diagonal band `bound` wide on each side is computed, in two
 * rows reused from one call to the next.
 */
function boundedEditDistance(left: string, right: string, bound: number): number {
  const beyond = bound + 1;
  if (Math.abs(left.length - right.length) > bound) return beyond;
  if (rows[0].length < right.length + 2)
    rows = [new Int32Array(right.length + 2), new Int32Array(right.length + 2)];
  let [previous, current] = rows;
  for (let column = 0; column <= right.length + 1; column += 1) previous[column] = Math.min(column, beyond);
  for (let row = 1; row <= left.length; row += 1) {
    const from = Math.max(1, row - bound);
    const to = Math.min(right.length, row + bound);
    current[from - 1] = from === 1 ? Math.min(row, beyond) : beyond;
    let smallest = current[from - 1] as number;
    for (let column = from; column <= to; column += 1) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        substitution,
        beyond,
      );
      current[column] = value;
      if (value < smallest) smallest = value;
    }
    // The cell right of the band is outside it: the next row must read it as too far.
    current[to + 1] = beyond;
    if (smallest >= beyond) return beyond;
    [previous, current] = [current, previous];
  }
  return previous[right.length] as number;
}

let rows: [Int32Array, Int32Array] = [new Int32Array(66), new Int32Array(66)];
