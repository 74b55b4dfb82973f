import type { CompiledGlob } from '../shared/compile-glob.js';
import type { LoadedRule } from './rule.js';

/** A files rule that applies to a path, and the glob that matched it. */
export interface RuleMatch {
  rule: LoadedRule;
  glob: string;
}

interface Candidate {
  rule: LoadedRule;
  glob: CompiledGlob;
  /** Where the path relative to the rule's base starts in an absolute path. */
  offset: number;
  /** Load order of the rule's glob, so matches come out in load order. */
  order: number;
}

/**
 * Which `files` rules apply to a path. Built once per run from compiled globs; matching never touches
 * the file system. Each glob is filed under the directory its static prefix names (`src/api` for
 * `src/api/**\/*.ts`, relative to the rule's base), so the candidates of a directory are the globs
 * filed under it and its ancestors: worked out once per directory from its parent's (the same list
 * when the directory adds none), whatever the number of rules, and a touch tests only globs that
 * could match it.
 */
export class RuleMatcher {
  #size = 0;
  #order = 0;
  /** Globs that can match at any depth below their directory. */
  readonly #below = new Map<string, Candidate[]>();
  /** Globs that match only files directly in their directory. */
  readonly #directlyIn = new Map<string, Candidate[]>();
  readonly #byDirectory = new Map<string, Candidate[]>();
  /** Per directory: the globs of `#below` filed under it or an ancestor (see `#belowOrAbove`). */
  readonly #reaching = new Map<string, Candidate[]>();
  /** Per exclusion set: each directory's candidates without its rules, and the set's size then. */
  #remaining = new WeakMap<
    ReadonlySet<LoadedRule>,
    Map<string, { excluded: number; candidates: Candidate[] }>
  >();

  constructor(entries: ReadonlyArray<{ rule: LoadedRule; globs: readonly CompiledGlob[] }> = []) {
    this.add(entries);
  }

  /**
   * Add `files` rules after the ones it holds (later in load order). The per-directory candidate
   * lists are worked out again, lazily, from the next match on.
   */
  add(entries: ReadonlyArray<{ rule: LoadedRule; globs: readonly CompiledGlob[] }>): void {
    if (entries.length === 0) return;
    this.#size += entries.length;
    for (const { rule, globs } of entries) {
      const base = rule.baseDirectory;
      const offset = base === '/' ? 1 : base.length + 1;
      for (const glob of globs) {
        const directory = glob.prefix === '' ? base : `${base === '/' ? '' : base}/${glob.prefix}`;
        const index = glob.direct ? this.#directlyIn : this.#below;
        const filed = index.get(directory);
        const candidate = { rule, glob, offset, order: this.#order++ };
        if (filed === undefined) index.set(directory, [candidate]);
        else filed.push(candidate);
      }
    }
    if (this.#byDirectory.size > 0 || this.#reaching.size > 0) {
      this.#byDirectory.clear();
      this.#reaching.clear();
      this.#remaining = new WeakMap();
    }
  }

  /** Number of files rules it holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * The rules matching an absolute POSIX file path, in load order, each once with the first of its
   * globs that matched. A path outside a rule's base never matches it.
   *
   * Rules in `exclude` are not tested: pass the rules already delivered, a set that only grows. The
   * candidates of a directory are kept without them until the set grows again, so a touch after a
   * rule was delivered no longer pays for it.
   */
  match(absolutePath: string, exclude?: ReadonlySet<LoadedRule>): RuleMatch[] {
    if (this.#size === 0) return [];
    const slash = absolutePath.lastIndexOf('/');
    const directory = slash <= 0 ? '/' : absolutePath.slice(0, slash);
    let candidates = this.#byDirectory.get(directory);
    if (candidates === undefined) {
      candidates = this.#candidatesOf(directory);
      this.#byDirectory.set(directory, candidates);
    }
    if (exclude !== undefined && exclude.size > 0) candidates = this.#without(directory, candidates, exclude);
    const matches: RuleMatch[] = [];
    let last: LoadedRule | undefined;
    // Most candidates share one base, so the relative path is cut once per base, not per glob.
    let offset = -1;
    let relative = '';
    for (const candidate of candidates) {
      if (candidate.rule === last) continue;
      if (candidate.offset !== offset) {
        offset = candidate.offset;
        relative = absolutePath.slice(offset);
      }
      if (candidate.glob.test(relative)) {
        matches.push({ rule: candidate.rule, glob: candidate.glob.glob });
        last = candidate.rule;
      }
    }
    return matches;
  }

  /** A directory's candidates without the excluded rules, refiltered only when the set has grown. */
  #without(directory: string, candidates: Candidate[], exclude: ReadonlySet<LoadedRule>): Candidate[] {
    let byDirectory = this.#remaining.get(exclude);
    if (byDirectory === undefined) {
      byDirectory = new Map();
      this.#remaining.set(exclude, byDirectory);
    }
    const kept = byDirectory.get(directory);
    if (kept !== undefined && kept.excluded === exclude.size) return kept.candidates;
    const remaining = (kept?.candidates ?? candidates).filter((candidate) => !exclude.has(candidate.rule));
    byDirectory.set(directory, { excluded: exclude.size, candidates: remaining });
    return remaining;
  }

  #candidatesOf(directory: string): Candidate[] {
    const below = this.#belowOrAbove(directory);
    const direct = this.#directlyIn.get(directory);
    return direct === undefined ? below : merge(below, direct);
  }

  /** The globs filed under a directory or an ancestor, in load order; shared with the ancestors when equal. */
  #belowOrAbove(directory: string): Candidate[] {
    let found = this.#reaching.get(directory);
    if (found !== undefined) return found;
    const slash = directory.lastIndexOf('/');
    const above = directory === '/' ? [] : this.#belowOrAbove(slash <= 0 ? '/' : directory.slice(0, slash));
    const own = this.#below.get(directory);
    found = own === undefined ? above : merge(above, own);
    this.#reaching.set(directory, found);
    return found;
  }
}

/** Two lists in load order, merged in load order. */
function merge(left: readonly Candidate[], right: readonly Candidate[]): Candidate[] {
  if (left.length === 0) return [...right];
  const merged: Candidate[] = [];
  let index = 0;
  for (const candidate of right) {
    while (index < left.length && left[index]!.order < candidate.order) merged.push(left[index++]!);
    merged.push(candidate);
  }
  while (index < left.length) merged.push(left[index++]!);
  return merged;
}
