import type { CompiledGlob } from './compile-glob.js';
import type { LoadedRule } from './rule.js';

/** A files rule that applies to a path, and the glob that matched it. */
export interface RuleMatch {
  rule: LoadedRule;
  glob: string;
}

interface Candidate {
  rule: LoadedRule;
  glob: CompiledGlob;
  /** Length of the rule's base directory plus its slash: the relative path starts there. */
  offset: number;
}

/**
 * Which `files` rules apply to a path. Built once per run from compiled globs; matching never touches
 * the file system. The candidates of a directory (rules whose base and glob prefix can reach it) are
 * worked out once per directory, so a touch tests only the globs that could match it.
 */
export class RuleMatcher {
  readonly #entries: Array<{ rule: LoadedRule; globs: readonly CompiledGlob[] }>;
  readonly #byDirectory = new Map<string, Candidate[]>();

  constructor(entries: Array<{ rule: LoadedRule; globs: readonly CompiledGlob[] }>) {
    this.#entries = entries;
  }

  /** Number of files rules it holds. */
  get size(): number {
    return this.#entries.length;
  }

  /**
   * The rules matching an absolute POSIX file path, in load order, each once with the first of its
   * globs that matched. A path outside a rule's base never matches it.
   */
  match(absolutePath: string): RuleMatch[] {
    if (this.#entries.length === 0) return [];
    const slash = absolutePath.lastIndexOf('/');
    const directory = absolutePath.slice(0, slash);
    let candidates = this.#byDirectory.get(directory);
    if (candidates === undefined) {
      candidates = this.#candidatesOf(directory);
      this.#byDirectory.set(directory, candidates);
    }
    const matches: RuleMatch[] = [];
    let last: LoadedRule | undefined;
    for (const candidate of candidates) {
      if (candidate.rule === last) continue;
      if (candidate.glob.suffix !== undefined && !absolutePath.endsWith(candidate.glob.suffix)) continue;
      if (candidate.glob.test(absolutePath.slice(candidate.offset))) {
        matches.push({ rule: candidate.rule, glob: candidate.glob.glob });
        last = candidate.rule;
      }
    }
    return matches;
  }

  #candidatesOf(directory: string): Candidate[] {
    const candidates: Candidate[] = [];
    for (const { rule, globs } of this.#entries) {
      const base = rule.baseDirectory;
      const baseSlash = base === '/' ? base : `${base}/`;
      if (directory !== base && !directory.startsWith(baseSlash)) continue;
      const relative = directory === base ? '' : directory.slice(baseSlash.length);
      for (const glob of globs) {
        if (glob.prefix !== '' && relative !== glob.prefix && !relative.startsWith(`${glob.prefix}/`))
          continue;
        candidates.push({ rule, glob, offset: baseSlash.length });
      }
    }
    return candidates;
  }
}
