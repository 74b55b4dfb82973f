/** A deterministic pseudo-random source: the same seed always yields the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [minimum, maximum], both inclusive. */
  integer(minimum: number, maximum: number): number;
  /** One element of a non-empty list. */
  pick<Item>(items: readonly Item[]): Item;
  /** True with the given probability. */
  chance(probability: number): boolean;
}

/**
 * Create a seeded generator (mulberry32: 32-bit state, fast, and good enough to shape synthetic
 * repositories and event streams; not for anything security related).
 *
 * @example
 * const random = createRandom(42);
 * random.integer(1, 6); // the same value on every machine, for seed 42
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (minimum, maximum) => minimum + Math.floor(next() * (maximum - minimum + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() needs at least one item');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
  };
}
