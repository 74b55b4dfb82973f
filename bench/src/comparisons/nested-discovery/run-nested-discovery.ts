import { compareWithTruth, type Exactness, expectedSurfacing } from '../../generator/expected-surfacing.js';
import type { GeneratedRepository } from '../../generator/generate-repository.js';
import type { TouchEvent } from '../../generator/touch-events.js';
import { installFilesystemCounter } from '../../harness/filesystem-counter.js';
import { runAlternating } from '../../harness/run-alternating.js';
import { mean, median, percentile, round } from '../../harness/statistics.js';
import type { NestedSide } from './nested-side.js';
import { type ReplayRound, type ReplayWindow, replaySide } from './replay.js';

/** A side with the part of the event stream it replays. */
export interface NestedEntry {
  side: NestedSide;
  window: ReplayWindow;
}

/** The figures of one side. Times in microseconds per touch event. */
export interface NestedSideResult {
  side: string;
  calls: string;
  rounds: number;
  /** Timed events per round. */
  events: number;
  /** Untimed events replayed first (a long conversation's history). */
  warmUpEvents: number;
  /** Median over rounds of each round's median per-event time. */
  medianMicroseconds: number;
  /** Median over rounds of each round's mean per-event time (includes the cold directories). */
  meanMicroseconds: number;
  p90Microseconds: number;
  p99Microseconds: number;
  /** node:fs calls per event, from one separate counting run: mean and median. */
  filesystemCallsPerEvent: number;
  filesystemCallsMedian: number;
  /** node:fs calls of the counting run by function name (`promises.stat`, `existsSync`, ...). */
  filesystemCallsByFunction: Record<string, number>;
  /** agent-context's workspace-layer calls per event (mean), where the side has that layer. */
  workspaceCallsPerEvent?: number;
  /** Instruction files surfaced over the timed events. */
  surfacedFiles: number;
  /** Per-event comparison with the ground truth; absent when the replay started after a warm-up. */
  exactness?: Exactness;
  /**
   * The events that reached a directory no earlier event reached (a new-directory touch): their
   * count, the median over rounds of their mean time, their mean node:fs calls and files surfaced.
   */
  newDirectory?: {
    events: number;
    meanMicroseconds: number;
    filesystemCalls: number;
    filesFound: number;
    /** New directories those events reached, and node:fs calls per new directory (over all of them). */
    directories: number;
    filesystemCallsPerDirectory: number;
  };
}

/** For each event, how many directories (on its chain from the root) it reaches that no earlier event reached. */
export function newDirectoryEvents(events: readonly TouchEvent[]): number[] {
  const seen = new Set<string>();
  return events.map((event) => {
    const segments = event.path.split('/');
    const directory = event.kind === 'directory' ? segments : segments.slice(0, -1);
    let reached = 0;
    for (let end = 1; end <= directory.length; end++) {
      const prefix = directory.slice(0, end).join('/');
      if (!seen.has(prefix)) {
        seen.add(prefix);
        reached += 1;
      }
    }
    return reached;
  });
}

/**
 * Comparison 1: replay the same touch events through every side, alternating over rounds, then once
 * more with the node:fs counter installed; check each side's per-event answers against the ground
 * truth (see `expectedSurfacing`).
 */
export async function runNestedDiscovery(
  repository: GeneratedRepository,
  events: readonly TouchEvent[],
  entries: readonly NestedEntry[],
  rounds: number,
): Promise<NestedSideResult[]> {
  const truth = expectedSurfacing(repository, events);
  const timing = await runAlternating(
    entries.map((entry) => ({
      name: entry.side.name,
      run: () => replaySide(entry.side, repository.root, events, entry.window),
    })),
    rounds,
  );
  const results: NestedSideResult[] = [];
  for (const entry of entries) {
    const counter = installFilesystemCounter();
    let counted: ReplayRound;
    try {
      counted = await replaySide(entry.side, repository.root, events, entry.window, counter);
    } finally {
      counter.uninstall();
    }
    const timedRounds = timing.get(entry.side.name) ?? [];
    const first = timedRounds[0] ?? counted;
    const latencies = timedRounds.flatMap((replay) => replay.latencies);
    const result: NestedSideResult = {
      side: entry.side.name,
      calls: entry.side.calls,
      rounds: timedRounds.length,
      events: entry.window.timedEvents,
      warmUpEvents: entry.window.warmUpEvents,
      medianMicroseconds: round(median(timedRounds.map((replay) => median(replay.latencies)))),
      meanMicroseconds: round(median(timedRounds.map((replay) => mean(replay.latencies)))),
      p90Microseconds: round(percentile(latencies, 0.9)),
      p99Microseconds: round(percentile(latencies, 0.99)),
      filesystemCallsPerEvent: round(mean(counted.filesystemCalls ?? [])),
      filesystemCallsMedian: median(counted.filesystemCalls ?? []),
      filesystemCallsByFunction: counted.filesystemCallsByFunction ?? {},
      surfacedFiles: first.answers.reduce((sum, answer) => sum + answer.length, 0),
    };
    if (counted.workspaceCalls) result.workspaceCallsPerEvent = round(mean(counted.workspaceCalls));
    if (entry.window.warmUpEvents === 0) {
      result.exactness = compareWithTruth(truth.slice(0, entry.window.timedEvents), first.answers);
      const reached = newDirectoryEvents(events).slice(0, entry.window.timedEvents);
      const only = <Value>(values: readonly Value[]) => values.filter((_, index) => reached[index]! > 0);
      const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
      const directories = sum(reached);
      result.newDirectory = {
        events: only(reached).length,
        meanMicroseconds: round(median(timedRounds.map((replay) => mean(only(replay.latencies))))),
        filesystemCalls: round(mean(only(counted.filesystemCalls ?? []))),
        filesFound: round(mean(only(first.answers).map((answer) => answer.length))),
        directories,
        filesystemCallsPerDirectory: round(
          sum(only(counted.filesystemCalls ?? [])) / Math.max(1, directories),
        ),
      };
    }
    results.push(result);
  }
  return results;
}
