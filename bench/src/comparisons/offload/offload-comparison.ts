import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { BenchSize } from '../../bench-options.js';
import { generateToolSession, type ScriptedToolResult } from '../../generator/tool-session.js';
import { microsecondsSince, now, runAlternating } from '../../harness/run-alternating.js';
import { median, round } from '../../harness/statistics.js';
import type { ComparisonReport } from '../../report/comparison-report.js';
import { formatNumber, formatRatio } from '../../report/table.js';
import { agentContextOffloadSide } from './agent-context-offload-side.js';
import { deepagentsSide } from './deepagents-side.js';
import type { OffloadOutcome, OffloadSide } from './offload-side.js';

/** One side's session: time and what the transcript and the disk hold afterwards. */
interface OffloadRound {
  milliseconds: number;
  outcomes: OffloadOutcome[];
  /** Per call: can every character be got back? */
  recoverable: boolean[];
  bytesWritten: number;
  filesWritten: number;
}

/** The figures of one side. */
export interface OffloadSideResult {
  side: string;
  calls: string;
  thresholdChars: number;
  rounds: number;
  /** Median session time over rounds (30 calls), milliseconds. */
  sessionMilliseconds: number;
  /** Characters of all tool results as the transcript holds them. */
  transcriptChars: number;
  offloadedResults: number;
  filesWritten: number;
  bytesWritten: number;
  /** Results whose every character can be got back: inline whole, or in the file the transcript names. */
  recoverableResults: number;
  results: number;
}

/**
 * Comparison 2: agent-context's offload against deepagents' large-result eviction on the same
 * 30-call session (sizes from 200 to 400,000 characters), each side in a fresh directory per round,
 * alternating. Both at their defaults, and deepagents again at agent-context's threshold.
 */
export async function compareOffload(size: BenchSize): Promise<ComparisonReport> {
  const session = generateToolSession({ calls: 30, seed: 3 });
  const agentContext = await agentContextOffloadSide();
  const sides: OffloadSide[] = [
    ...(agentContext ? [agentContext] : []),
    deepagentsSide(),
    deepagentsSide(5_000),
  ];
  const rounds = size.rounds * 4;
  const timing = await runAlternating(
    sides.map((side) => ({ name: side.name, run: () => runSession(side, session) })),
    rounds,
  );
  const inputChars = session.reduce((sum, call) => sum + call.output.length, 0);
  const results = sides.map((side) => summarise(side, session, timing.get(side.name) ?? []));
  const reference = results[0];
  return {
    name: 'offload',
    rounds,
    title: `Offload: one 30-call session, ${formatNumber(inputChars)} characters of tool results`,
    data: { inputChars, callSizes: session.map((call) => call.output.length), results },
    tables: [
      {
        columns: [
          'side',
          'transcript chars',
          'offloaded',
          'bytes written',
          'session ms',
          'ms per offload',
          'time vs agent-context',
          'recoverable',
        ],
        rows: results.map((result) => [
          result.side,
          formatNumber(result.transcriptChars),
          `${result.offloadedResults} / ${result.results}`,
          formatNumber(result.bytesWritten),
          formatNumber(result.sessionMilliseconds),
          formatNumber(
            result.offloadedResults > 0 ? result.sessionMilliseconds / result.offloadedResults : undefined,
          ),
          formatRatio(reference ? result.sessionMilliseconds / reference.sessionMilliseconds : undefined),
          `${result.recoverableResults} / ${result.results}`,
        ]),
      },
    ],
    notes: agentContext ? [] : ['agent-context side missing: the library does not export its API yet.'],
  };
}

async function runSession(side: OffloadSide, calls: readonly ScriptedToolResult[]): Promise<OffloadRound> {
  const root = mkdtempSync(join(tmpdir(), 'agent-context-bench-offload-'));
  try {
    const handler = await side.create(root);
    const outcomes: OffloadOutcome[] = [];
    const start = now();
    for (const call of calls) outcomes.push(await handler.handle(call));
    const milliseconds = microsecondsSince(start) / 1_000;
    const written = walkFiles(root);
    // Recoverability is judged from the disk, so it is checked before the directory goes.
    const recoverable = outcomes.map((outcome, index) => isRecoverable(root, outcome, calls[index]));
    return { milliseconds, outcomes, recoverable, bytesWritten: written.bytes, filesWritten: written.files };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function isRecoverable(root: string, outcome: OffloadOutcome, call: ScriptedToolResult | undefined): boolean {
  if (!call) return false;
  if (outcome.savedTo === undefined) return outcome.transcriptText === call.output;
  const named = relative(root, outcome.savedTo).split(sep).join('/');
  if (!outcome.transcriptText.includes(named)) return false;
  try {
    return readFileSync(outcome.savedTo, 'utf8') === call.output;
  } catch {
    return false;
  }
}

function walkFiles(directory: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      const inner = walkFiles(path);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      files += 1;
      bytes += statSync(path).size;
    }
  }
  return { files, bytes };
}

function summarise(
  side: OffloadSide,
  calls: readonly ScriptedToolResult[],
  rounds: OffloadRound[],
): OffloadSideResult {
  const first = rounds[0];
  const outcomes = first?.outcomes ?? [];
  return {
    side: side.name,
    calls: side.calls,
    thresholdChars: side.thresholdChars,
    rounds: rounds.length,
    sessionMilliseconds: round(median(rounds.map((item) => item.milliseconds))),
    transcriptChars: outcomes.reduce((sum, outcome) => sum + outcome.transcriptText.length, 0),
    offloadedResults: outcomes.filter((outcome) => outcome.savedTo !== undefined).length,
    filesWritten: first?.filesWritten ?? 0,
    bytesWritten: first?.bytesWritten ?? 0,
    recoverableResults: (first?.recoverable ?? []).filter(Boolean).length,
    results: calls.length,
  };
}
