/** Deepest nesting of arrays and objects kept from a parsed TOML, JSON or YAML value. */
export const maximumValueDepth = 64;

/** What stands in for a value nested deeper than the limit. */
export const deepValueMarker = `[nested deeper than ${maximumValueDepth} levels: omitted]`;

/**
 * `value` with every array or object nested deeper than {@link maximumValueDepth} levels replaced
 * by {@link deepValueMarker}, and whether anything was replaced. A value within the limit is
 * returned as it is; otherwise a copy (own enumerable keys, `__proto__` kept as a plain key). Both
 * the check and the copy walk with a stack of their own, so a value 30,000 levels deep (a TOML table
 * of nested keys) costs its size and never overflows the call stack, and what comes out can be
 * serialised, rendered and compared by recursive code.
 */
export function limitValueDepth(value: unknown): { value: unknown; cut: boolean } {
  if (!isContainer(value) || !deeperThanLimit(value)) return { value, cut: false };
  const root = emptyLike(value);
  const stack: Array<{ source: object; target: object; depth: number }> = [
    { source: value, target: root, depth: 1 },
  ];
  while (stack.length > 0) {
    const { source, target, depth } = stack.pop() as (typeof stack)[number];
    for (const key of Object.keys(source)) {
      const child = (source as Record<string, unknown>)[key];
      let kept: unknown = child;
      if (isContainer(child)) {
        if (depth >= maximumValueDepth) kept = deepValueMarker;
        else {
          kept = emptyLike(child);
          stack.push({ source: child, target: kept as object, depth: depth + 1 });
        }
      }
      Object.defineProperty(target, key, {
        value: kept,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return { value: root, cut: true };
}

function deeperThanLimit(value: object): boolean {
  const stack: Array<{ node: object; depth: number }> = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as (typeof stack)[number];
    for (const child of Object.values(node)) {
      if (!isContainer(child)) continue;
      if (depth >= maximumValueDepth) return true;
      stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

/** Arrays and plain objects; dates and other class instances of a parser are values. */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function emptyLike(value: object): object {
  return Array.isArray(value) ? [] : {};
}
