import { createRandom } from '../random.js';
import type { RepositoryPlan } from './plan-repository.js';

/** One file-touch event of a replay: the agent read a file or listed a directory. */
export interface TouchEvent {
  /** Relative POSIX path from the repository root. */
  path: string;
  kind: 'file' | 'directory';
}

/** Options of {@link generateTouchEvents}. */
export interface TouchEventOptions {
  /** Number of events. */
  count: number;
  /** Seed of the event stream (independent of the repository seed). Default 2. */
  seed?: number;
  /** Share of events that list a directory instead of reading a file. Default 0.15. */
  directoryShare?: number;
  /**
   * Share of events that stay in the package the agent is working in (agents work locally and come
   * back to the same places). Default 0.8.
   */
  locality?: number;
}

/**
 * A deterministic stream of touch events over a planned repository, shaped like an agent at work:
 * mostly file reads, some directory listings, mostly inside the current package, with a move to
 * another package now and then.
 */
export function generateTouchEvents(plan: RepositoryPlan, options: TouchEventOptions): TouchEvent[] {
  const random = createRandom(options.seed ?? 2);
  const directoryShare = options.directoryShare ?? 0.15;
  const locality = options.locality ?? 0.8;
  const packageOf = (path: string) => path.split('/').slice(0, 2).join('/');
  const filesByPackage = groupBy(plan.otherFiles, packageOf);
  const directoriesByPackage = groupBy(
    plan.sourceDirectories.filter((directory) => directory !== 'packages'),
    packageOf,
  );
  const packages = [...filesByPackage.keys()];
  if (packages.length === 0) throw new Error('the repository has no files to touch');
  let current = random.pick(packages);
  const events: TouchEvent[] = [];
  for (let index = 0; index < options.count; index += 1) {
    if (!random.chance(locality)) current = random.pick(packages);
    if (random.chance(directoryShare)) {
      events.push({ path: random.pick(directoriesByPackage.get(current) ?? [current]), kind: 'directory' });
    } else {
      events.push({ path: random.pick(filesByPackage.get(current) ?? []), kind: 'file' });
    }
  }
  return events;
}

function groupBy(items: readonly string[], keyOf: (item: string) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
