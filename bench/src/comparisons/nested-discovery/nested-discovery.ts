import type { BenchSize } from '../../bench-options.js';
import { instructionFileNames } from '../../generator/expected-surfacing.js';
import { generateRepository } from '../../generator/generate-repository.js';
import { generateTouchEvents } from '../../generator/touch-events.js';
import type { ComparisonReport } from '../../report/comparison-report.js';
import { formatNumber, formatRatio } from '../../report/table.js';
import { agentContextSide } from './agent-context-side.js';
import { defaultNestedNames } from './default-names.js';
import { geminiSide } from './gemini-side.js';
import { idealCache, idealCacheSide } from './ideal-cache-side.js';
import { mastraSide } from './mastra-side.js';
import { naiveRewalkSide } from './naive-rewalk-side.js';
import { type NestedEntry, type NestedSideResult, runNestedDiscovery } from './run-nested-discovery.js';

/** The repository seed and event seed of comparison 1 (fixed, so every run replays the same). */
const seeds = { repository: 20_260_101, events: 7 };

/**
 * Comparison 1, nested discovery on touch: generate the tree (instruction files at every depth from
 * 2 to 10), replay the touch events through agent-context, Gemini CLI's loader, Mastra's processor
 * at three history lengths and the ideal cache, and report time, file-system calls and exactness.
 */
export async function compareNestedDiscovery(size: BenchSize): Promise<ComparisonReport> {
  const repository = generateRepository({
    seed: seeds.repository,
    packages: size.packages,
    directories: size.directories,
    instructionFiles: size.instructionFiles,
    otherFiles: size.otherFiles,
    maxDepth: 10,
  });
  try {
    const events = generateTouchEvents(repository, { count: size.events, seed: seeds.events });
    const full = { warmUpEvents: 0, timedEvents: events.length };
    const agentContext = await agentContextSide();
    const withDefaults = await agentContextSide({ defaultNames: true });
    const mainEntries: NestedEntry[] = [
      ...(agentContext ? [{ side: agentContext, window: full }] : []),
      { side: idealCacheSide, window: full },
      { side: naiveRewalkSide(instructionFileNames, 'two names'), window: full },
      ...(withDefaults ? [{ side: withDefaults, window: full }] : []),
      { side: idealCache(defaultNestedNames, 'default names'), window: full },
      { side: naiveRewalkSide(defaultNestedNames, 'default names'), window: full },
      { side: geminiSide, window: full },
      { side: mastraSide({ history: 1 }), window: full },
    ];
    const main = await runNestedDiscovery(repository, events, mainEntries, size.rounds);
    const longHistories = await runNestedDiscovery(
      repository,
      events,
      [
        {
          side: mastraSide({ history: 20 }),
          window: { warmUpEvents: 0, timedEvents: size.mastraTwentyEvents },
        },
        {
          side: mastraSide({ history: 1_000 }),
          window: { warmUpEvents: size.mastraThousandWarmUp, timedEvents: size.mastraThousandEvents },
        },
      ],
      1,
    );
    const results = [...main, ...longHistories];
    const tree = {
      directories: repository.sourceDirectories.length,
      instructionFiles: repository.instructionFiles.length,
      otherFiles: repository.otherFiles.length,
      events: events.length,
      directoryEvents: events.filter((event) => event.kind === 'directory').length,
    };
    return {
      name: 'nested',
      title: `Nested discovery on touch: ${formatNumber(tree.events)} touches, ${formatNumber(tree.directories)} directories, ${tree.instructionFiles} instruction files, ${formatNumber(tree.otherFiles)} other files`,
      data: { tree, seeds, results },
      tables: [nestedTable(results)],
      notes: nestedNotes(results),
    };
  } finally {
    repository.remove();
  }
}

function nestedTable(results: NestedSideResult[]) {
  const reference = results.find((result) => result.side === 'agent-context');
  return {
    columns: [
      'side',
      'events',
      'median µs',
      'mean µs',
      'p99 µs',
      'fs calls/event',
      'mean vs agent-context',
      'exact events',
    ],
    rows: results.map((result) => [
      result.side,
      formatNumber(result.events),
      formatNumber(result.medianMicroseconds),
      formatNumber(result.meanMicroseconds),
      formatNumber(result.p99Microseconds),
      formatNumber(result.filesystemCallsPerEvent),
      formatRatio(reference ? result.meanMicroseconds / reference.meanMicroseconds : undefined),
      result.exactness
        ? `${formatNumber(result.exactness.exactEvents)} / ${formatNumber(result.exactness.events)}`
        : 'not checked',
    ]),
  };
}

function nestedNotes(results: NestedSideResult[]): string[] {
  const agentContext = results.find((result) => result.side === 'agent-context');
  const ideal = results.find((result) => result.side === idealCacheSide.name);
  if (!agentContext || !ideal)
    return ['agent-context side missing: the library does not export its API yet.'];
  const exact =
    agentContext.exactness && agentContext.exactness.exactEvents === agentContext.exactness.events;
  const medianRatio = agentContext.medianMicroseconds / ideal.medianMicroseconds;
  const meanRatio = agentContext.meanMicroseconds / ideal.meanMicroseconds;
  const verdict = (ratio: number) => `${formatRatio(ratio)} (${ratio <= 2 ? 'within' : 'NOT within'} 2x)`;
  const notes = [
    `agent-context against the ideal cache: median ${verdict(medianRatio)}, mean ${verdict(meanRatio)}; ${exact ? 'exact on every event' : 'NOT exact on every event'}.`,
    `File-system calls per event: agent-context ${formatNumber(agentContext.workspaceCallsPerEvent)} workspace calls (${formatNumber(agentContext.filesystemCallsPerEvent)} node:fs calls, median ${formatNumber(agentContext.filesystemCallsMedian)}), the ideal cache ${formatNumber(ideal.filesystemCallsPerEvent)} node:fs calls; the contained workspace resolves each path segment by segment (lstat) before a stat or read.`,
  ];
  const find = (name: string) => results.find((result) => result.side === name);
  const defaults = find('agent-context, default names');
  const idealDefaults = find('ideal per-directory cache, default names');
  const naiveDefaults = find('naive synchronous re-walk, default names');
  if (defaults && idealDefaults && naiveDefaults) {
    const touch = defaults.newDirectory;
    const idealTouch = idealDefaults.newDirectory;
    notes.push(
      `Default names: the replay's mean per touch is ${formatRatio(defaults.meanMicroseconds / naiveDefaults.meanMicroseconds)} the naive synchronous re-walk's and ${formatRatio(defaults.meanMicroseconds / idealDefaults.meanMicroseconds)} the ideal cache's with the same names.`,
    );
    if (touch && idealTouch) {
      notes.push(
        `New-directory touches (${formatNumber(touch.events)}): agent-context with the default names ${formatNumber(touch.meanMicroseconds)} µs mean, ${formatRatio(touch.meanMicroseconds / idealTouch.meanMicroseconds)} the ideal cache's; ${formatNumber(touch.filesystemCalls)} node:fs calls each for ${formatNumber(touch.filesFound)} files found (the ideal: ${formatNumber(idealTouch.filesystemCalls)}); over the ${formatNumber(touch.directories)} new directories they reach, ${formatNumber(touch.filesystemCallsPerDirectory)} node:fs calls per directory for ${formatNumber((touch.filesFound * touch.events) / Math.max(1, touch.directories))} files found per directory (the ideal: ${formatNumber(idealTouch.filesystemCallsPerDirectory)}).`,
      );
    }
  }
  for (const result of results) {
    if (!result.side.startsWith('Mastra') || !result.exactness) continue;
    const { exactEvents, events, missedFiles, extraFiles } = result.exactness;
    notes.push(
      `${result.side}: exact on ${formatNumber(exactEvents)} of ${formatNumber(events)} events; ${formatNumber(missedFiles)} files missing at the touch that needed them, ${formatNumber(extraFiles)} surfaced at a later touch instead (it surfaces the nearest file only, at most one per step).`,
    );
  }
  return notes;
}
