import type { BenchSize } from '../../bench-options.js';
import { generateRepository } from '../../generator/generate-repository.js';
import { runAlternating } from '../../harness/run-alternating.js';
import { median, round } from '../../harness/statistics.js';
import { loadAgentContext, loadAiSdkAdapter } from '../../library.js';
import type { ComparisonReport } from '../../report/comparison-report.js';
import { renderCumulativeChart } from '../../report/render-chart.js';
import { formatNumber, formatRatio } from '../../report/table.js';
import { cacheConfigurations } from './cache-configurations.js';
import { cacheEconomics, type SessionEconomics } from './cache-economics.js';
import { planCodingSession } from './coding-session-script.js';
import { type CacheSessionRun, runCacheSession } from './run-cache-session.js';

/** The chart's file name in the results directory. */
export const chartFileName = 'prompt-cache-chart.svg';

/** Model calls of the scripted session. */
export const sessionCalls = 60;

/** The figures of one configuration. */
export interface CacheConfigurationResult {
  key: string;
  name: string;
  description: string;
  rounds: number;
  /** Median wall time of the whole session (60 calls through the provider and the local server). */
  sessionMilliseconds: number;
  inputTokens: number;
  rebilledBytes: number;
  billedTokens: number;
  brokenPrefixes: number;
  /** True when every round recorded the same bytes (the session is deterministic). */
  identicalRounds: boolean;
  events: Record<string, number>;
  /** Cumulative billed-equivalent tokens after each call (the chart). */
  cumulativeBilledTokens: number[];
  perRequest: SessionEconomics['requests'];
}

/**
 * Comparison 3, prompt-cache economics: the same scripted 60-call coding session through the AI SDK
 * adapter and the real Anthropic provider, under four configurations, alternating over rounds; each
 * recorded session priced with {@link cacheEconomics}.
 */
export async function comparePromptCache(size: BenchSize): Promise<ComparisonReport> {
  const library = await loadAgentContext();
  const adapter = await loadAiSdkAdapter();
  const repository = generateRepository({
    seed: 303,
    packages: 6,
    directories: 120,
    instructionFiles: 24,
    otherFiles: 600,
  });
  try {
    const turns = planCodingSession(repository, sessionCalls);
    const timing = await runAlternating<CacheSessionRun>(
      cacheConfigurations.map((configuration) => ({
        name: configuration.key,
        run: () => runCacheSession(library, adapter, configuration, repository.root, turns),
      })),
      size.rounds,
    );
    const results: CacheConfigurationResult[] = cacheConfigurations.map((configuration) => {
      const runs = timing.get(configuration.key) ?? [];
      const first = runs[0];
      if (!first) throw new Error(`configuration ${configuration.key} did not run`);
      const economics = cacheEconomics(first.requests);
      const fingerprint = (run: CacheSessionRun) =>
        run.requests.map((request) => JSON.stringify(request.body)).join('\n');
      let cumulative = 0;
      return {
        key: configuration.key,
        name: configuration.name,
        description: configuration.description,
        rounds: runs.length,
        sessionMilliseconds: round(median(runs.map((run) => run.milliseconds))),
        inputTokens: Math.round(economics.inputTokens),
        rebilledBytes: economics.rebilledBytes,
        billedTokens: Math.round(economics.billedTokens),
        brokenPrefixes: economics.brokenPrefixes,
        identicalRounds: runs.every((run) => fingerprint(run) === fingerprint(first)),
        events: first.events,
        cumulativeBilledTokens: economics.requests.map((request) => {
          cumulative += request.billedTokens;
          return Math.round(cumulative);
        }),
        perRequest: economics.requests,
      };
    });
    const chart = await renderCumulativeChart(
      results.map((result, index) => ({
        label: cacheConfigurations[index]?.chartLabel ?? result.name,
        values: result.cumulativeBilledTokens,
      })),
      {
        title: `Billed-equivalent input tokens, cumulative, over ${sessionCalls} calls`,
        xTitle: 'model call',
        yTitle: 'billed-equivalent tokens (cumulative)',
      },
    );
    return {
      name: 'cache',
      files: [{ name: chartFileName, content: chart }],
      title: `Prompt-cache economics: one scripted ${sessionCalls}-call coding session, Anthropic provider, four configurations`,
      data: { calls: sessionCalls, results },
      tables: [cacheTable(results)],
      notes: cacheNotes(results),
    };
  } finally {
    repository.remove();
  }
}

function cacheTable(results: CacheConfigurationResult[]) {
  const reference = results[0];
  return {
    columns: [
      'configuration',
      'input tokens',
      're-billed bytes',
      'broken prefixes',
      'billed-equivalent',
      'vs (a)',
      'session ms',
    ],
    rows: results.map((result) => [
      `(${result.key}) ${result.name}`,
      formatNumber(result.inputTokens),
      formatNumber(result.rebilledBytes),
      formatNumber(result.brokenPrefixes),
      formatNumber(result.billedTokens),
      formatRatio(reference ? result.billedTokens / reference.billedTokens : undefined),
      formatNumber(result.sessionMilliseconds),
    ]),
  };
}

function cacheNotes(results: CacheConfigurationResult[]): string[] {
  const defaults = results[0];
  if (!defaults) return [];
  const lowest = results.every(
    (result) => result === defaults || defaults.billedTokens < result.billedTokens,
  );
  return [
    `(a) defaults: ${formatNumber(defaults.rebilledBytes)} re-billed bytes over the session (goal: 0) ${defaults.rebilledBytes === 0 ? 'met' : 'NOT met'}; lowest billed-equivalent of the four (goal) ${lowest ? 'met' : 'NOT met'}.`,
    ...results
      .filter((result) => !result.identicalRounds)
      .map(
        (result) =>
          `(${result.key}) recorded different bytes in different rounds: the session is not deterministic.`,
      ),
  ];
}
