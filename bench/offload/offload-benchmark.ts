/**
 * Offload benchmark.
 *
 * 1. Throughput: `filesystemContext({ offload: true })` offloading one 1 MB and one 50 MB tool result
 *    through a local workspace on disk: median time per offload and peak extra memory (the largest
 *    growth of the resident set size during one offload over a baseline taken after a full
 *    collection with the result string already in memory; see `startPeakMeasurement`), each size in
 *    a fresh child process.
 * 2. Transcript size over a scripted run of 30 tool calls returning 100,000 characters each, with and
 *    without offload (the transcript is the JSON of the user, assistant and tool messages).
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --expose-gc --import tsx offload/offload-benchmark.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AgentContext, librarySource, loadAgentContext } from '../src/library.js';

const megabyte = 1_000_000;

interface ThroughputResult {
  characters: number;
  repetitions: number;
  medianMs: number;
  megabytesPerSecond: number;
  peakExtraMegabytes: number;
  previewCharacters: number;
}

/** Numbered lines of about 80 characters, `characters` long, built flat. */
function makeResult(characters: number): string {
  const line = `${'0123456789'.repeat(7)} tail of `;
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < characters; index += 1) {
    const text = `${index} ${line}\n`;
    lines.push(text);
    length += text.length;
  }
  const joined = lines.join('');
  return joined.length === characters ? joined : joined.slice(0, characters);
}

/**
 * Start measuring the peak resident set size; the returned function gives the peak growth in bytes.
 * On Linux the kernel's high-water mark is reset (`clear_refs` 5) and read back (`VmHWM`), which
 * catches every allocation however short; elsewhere a 1 ms sampler of `rss` stands in.
 */
function startPeakMeasurement(): () => number {
  const baseline = process.memoryUsage.rss();
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return () => statusKilobytes('VmHWM') * 1024 - baseline;
  } catch {
    let peak = 0;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss() - baseline);
    };
    const sampler = setInterval(sample, 1);
    return () => {
      sample();
      clearInterval(sampler);
      return peak;
    };
  }
}

function statusKilobytes(field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return Number(match?.[1] ?? Number.NaN);
}

async function settleMemory(): Promise<void> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 100));
  collectGarbage();
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function measureThroughput(
  api: AgentContext,
  characters: number,
  repetitions: number,
): Promise<ThroughputResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'offload-bench-'));
  try {
    const workspace = api.localWorkspace(root);
    const capability = api.filesystemContext({ workspace, offload: true });
    const session = api.createContextSession({ workspace, capabilities: [capability] });
    const run = await session.startRun();
    const text = makeResult(characters);
    const times: number[] = [];
    let preview = '';
    let peakExtraBytes = 0;
    for (let repetition = 0; repetition < repetitions; repetition += 1) {
      // Buffers of the previous write are freed only by a collection, and their memory is returned
      // by a background sweeper: settle both before taking the baseline.
      await settleMemory();
      const peak = startPeakMeasurement();
      const start = process.hrtime.bigint();
      const change = await capability.afterToolCall?.(
        { id: `call_${repetition}`, toolName: 'bash', input: {} },
        { output: text, isError: false },
        run,
      );
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      peakExtraBytes = Math.max(peakExtraBytes, peak());
      preview = String(change?.output);
    }
    const peakExtraMegabytes = peakExtraBytes / megabyte;
    times.sort((left, right) => left - right);
    const medianMs = times[Math.floor(times.length / 2)] ?? Number.NaN;
    return {
      characters,
      repetitions,
      medianMs: round(medianMs),
      megabytesPerSecond: round(characters / megabyte / (medianMs / 1000)),
      peakExtraMegabytes: round(peakExtraMegabytes),
      previewCharacters: preview.length,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Characters of the transcript of 30 calls x 100,000 characters, with or without offload. */
async function measureTranscript(api: AgentContext, offload: boolean): Promise<number> {
  const root = await mkdtemp(path.join(tmpdir(), 'offload-bench-'));
  try {
    const workspace = api.localWorkspace(root);
    const capabilities = offload ? [api.filesystemContext({ offload: true })] : [];
    const run = await api.createContextSession({ workspace, capabilities }).startRun();
    const transcript: unknown[] = [{ role: 'user', content: 'Run the 30 commands and summarise.' }];
    for (let call = 1; call <= 30; call += 1) {
      const toolCall = { id: `call_${call}`, toolName: 'bash', input: { command: `make step-${call}` } };
      transcript.push({ role: 'assistant', toolCalls: [toolCall] });
      const result = await run.executeTool(toolCall, () => makeResult(100_000));
      transcript.push({ role: 'tool', toolCallId: toolCall.id, output: result.output });
    }
    return JSON.stringify(transcript).length;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Number(value.toPrecision(3));
}

async function main(): Promise<void> {
  const [mode, characters, repetitions] = process.argv.slice(2);
  const api = await loadAgentContext();
  if (mode === 'throughput') {
    const result = await measureThroughput(api, Number(characters), Number(repetitions));
    process.stdout.write(JSON.stringify(result));
    return;
  }
  const script = fileURLToPath(import.meta.url);
  const throughput: ThroughputResult[] = [];
  for (const [size, reps] of [
    [megabyte, 20],
    [50 * megabyte, 5],
  ] as const) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, script, 'throughput', String(size), String(reps)],
      {
        encoding: 'utf8',
        env: process.env,
        maxBuffer: 16 * megabyte,
      },
    );
    if (child.status !== 0) throw new Error(`throughput child failed: ${child.stderr}`);
    throughput.push(JSON.parse(child.stdout) as ThroughputResult);
  }
  const withoutOffload = await measureTranscript(api, false);
  const withOffload = await measureTranscript(api, true);
  const report = {
    library: librarySource(),
    node: process.version,
    throughput,
    transcript30Calls: { withoutOffload, withOffload, ratio: round(withoutOffload / withOffload) },
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
