import { join, relative, sep } from 'node:path';
import type { TouchEvent } from '../../generator/touch-events.js';
import type { FilesystemCounter } from '../../harness/filesystem-counter.js';
import { microsecondsSince, now } from '../../harness/run-alternating.js';
import type { NestedSide } from './nested-side.js';

/** Which part of the event stream a side replays. */
export interface ReplayWindow {
  /** Events replayed untimed first, through the side's `warmUp` (0: none). */
  warmUpEvents: number;
  /** Events replayed and timed after the warm-up. */
  timedEvents: number;
}

/** What one replay of a side measured. */
export interface ReplayRound {
  /** Microseconds per timed event, in event order. */
  latencies: number[];
  /** Instruction files surfaced per timed event, relative POSIX paths from the root. */
  answers: string[][];
  /** node:fs calls per timed event, when a counter was given. */
  filesystemCalls?: number[];
  /** Workspace-layer calls per timed event, for sides that have one. */
  workspaceCalls?: number[];
  /** node:fs calls over all timed events by function name, when a counter was given. */
  filesystemCallsByFunction?: Record<string, number>;
}

/**
 * Replay touch events through one fresh session of a side. Each event is timed on its own (the
 * side's untimed `prepare` runs first). With a counter, the node:fs calls of each event are
 * counted too; timing rounds run without one.
 */
export async function replaySide(
  side: NestedSide,
  root: string,
  events: readonly TouchEvent[],
  window: ReplayWindow,
  counter?: FilesystemCounter,
): Promise<ReplayRound> {
  const loader = await side.create(root);
  if (window.warmUpEvents > 0) {
    if (!side.warmUp) throw new Error(`${side.name} has no warmUp but the window asks for one`);
    await side.warmUp(loader, root, events.slice(0, window.warmUpEvents));
  }
  const timed = events.slice(window.warmUpEvents, window.warmUpEvents + window.timedEvents);
  const round: ReplayRound = { latencies: [], answers: [] };
  const byFunction: Record<string, number> = {};
  if (counter) {
    round.filesystemCalls = [];
    round.filesystemCallsByFunction = byFunction;
  }
  if (loader.workspaceCalls) round.workspaceCalls = [];
  for (const event of timed) {
    const absolutePath = join(root, event.path);
    loader.prepare?.(absolutePath, event);
    const workspaceBefore = loader.workspaceCalls?.() ?? 0;
    counter?.reset();
    const start = now();
    const surfaced = await loader.touch(absolutePath, event);
    round.latencies.push(microsecondsSince(start));
    if (counter) {
      round.filesystemCalls?.push(counter.total());
      for (const [name, count] of counter.counts) byFunction[name] = (byFunction[name] ?? 0) + count;
    }
    round.workspaceCalls?.push((loader.workspaceCalls?.() ?? 0) - workspaceBefore);
    round.answers.push(surfaced.map((path) => relative(root, path).split(sep).join('/')));
  }
  return round;
}
