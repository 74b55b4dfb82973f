/**
 * The names nearest to `wanted`, best first, at most `limit` (default 5): names that contain it or
 * that it contains first, then by edit distance (to the whole name or to its start); ties by name. Names further than half their length
 * away are left out, so an unrelated request does not list everything.
 */
export function closestNames(wanted: string, names: readonly string[], limit = 5): string[] {
  const target = wanted.toLowerCase();
  const scored = names.map((name) => {
    const lower = name.toLowerCase();
    const related = lower.includes(target) || target.includes(lower);
    // A near miss of the name's start counts too: `relase` is close to `release-notes`.
    const prefix = editDistance(target, lower.slice(0, target.length + 1)) + 1;
    return { name, related, distance: Math.min(editDistance(target, lower), prefix) };
  });
  return scored
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

/** Levenshtein distance over UTF-16 code units (skill names are ASCII). */
function editDistance(left: string, right: string): number {
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
}
