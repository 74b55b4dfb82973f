import type { RepositoryPlan } from './plan-repository.js';
import type { TouchEvent } from './touch-events.js';

/** Per-directory order of instruction files, as agent-context's defaults list them. */
export const instructionFileNames = ['AGENTS.md', 'CLAUDE.md'] as const;

/**
 * The ground truth of a replay: for each event, the nested instruction files that a correct loader
 * surfaces at that moment. These are the files of every directory from the repository root
 * (exclusive: the root's own files are loaded at session start) down to the touched directory (the
 * directory itself for a listing, the parent for a file), outermost first, AGENTS.md before
 * CLAUDE.md, minus the files an earlier event already surfaced. Relative POSIX paths.
 */
export function expectedSurfacing(plan: RepositoryPlan, events: readonly TouchEvent[]): string[][] {
  const instructionFiles = new Set(plan.instructionFiles);
  const surfaced = new Set<string>();
  return events.map((event) => {
    const segments = event.path.split('/');
    const depth = event.kind === 'directory' ? segments.length : segments.length - 1;
    const found: string[] = [];
    for (let length = 1; length <= depth; length += 1) {
      const directory = segments.slice(0, length).join('/');
      for (const name of instructionFileNames) {
        const path = `${directory}/${name}`;
        if (instructionFiles.has(path) && !surfaced.has(path)) {
          surfaced.add(path);
          found.push(path);
        }
      }
    }
    return found;
  });
}

/** How a side's answers compare with the ground truth. */
export interface Exactness {
  /** Events whose surfaced set equals the truth. */
  exactEvents: number;
  events: number;
  /** Files the truth surfaces that the side never surfaced at that event. */
  missedFiles: number;
  /** Files the side surfaced that the truth does not (duplicates, or files outside the chain). */
  extraFiles: number;
}

/** Compare per-event answers (relative POSIX paths, any order) with the ground truth. */
export function compareWithTruth(truth: readonly string[][], answers: readonly string[][]): Exactness {
  let exactEvents = 0;
  let missedFiles = 0;
  let extraFiles = 0;
  truth.forEach((expected, index) => {
    const actual = new Set(answers[index] ?? []);
    const wanted = new Set(expected);
    const missed = expected.filter((path) => !actual.has(path)).length;
    const extra = [...actual].filter((path) => !wanted.has(path)).length;
    missedFiles += missed;
    extraFiles += extra;
    if (missed === 0 && extra === 0 && actual.size === (answers[index] ?? []).length) exactEvents += 1;
  });
  return { exactEvents, events: truth.length, missedFiles, extraFiles };
}
