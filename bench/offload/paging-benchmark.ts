/**
 * Paging benchmark: a 20-million-character tool result is offloaded, then read back whole through
 * `read_file`, page by page as the preview says (default limits: 2,000 lines or 100,000 characters
 * per call), the way a model reads an offloaded result. Reports the pages, the total time, the
 * median and slowest page, and checks that the pages put together give back the result exactly.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --expose-gc --import tsx offload/paging-benchmark.ts [characters]
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { librarySource, loadAgentContext } from '../src/library.js';

/** Lines of varied length (some longer than a page's line limit), `characters` long. */
function makeResult(characters: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < characters; index += 1) {
    const text =
      index % 5_000 === 0 ? `${'wide row '.repeat(3_000)}\n` : `${index} row ${'x'.repeat(index % 90)}\n`;
    parts.push(text);
    length += text.length;
  }
  return parts.join('').slice(0, characters);
}

async function main(): Promise<void> {
  const characters = Number(process.argv[2] ?? 20_000_000);
  const api = await loadAgentContext();
  const root = await mkdtemp(path.join(tmpdir(), 'paging-bench-'));
  try {
    const workspace = api.localWorkspace(root);
    const session = api.createContextSession({
      workspace,
      capabilities: [api.filesystemContext({ workspace, offload: true }), api.fileTools()],
    });
    const run = await session.startRun();
    const result = makeResult(characters);
    const preview = await run.executeTool({ id: 'call_1', toolName: 'bash', input: {} }, () => result);
    const label = /saved whole to (\S+) \(/.exec(String(preview.output))?.[1];
    if (label === undefined) throw new Error(`not offloaded: ${String(preview.output).slice(0, 200)}`);

    const pageTimes: number[] = [];
    const pieces: string[] = [];
    let offset = 1;
    const started = performance.now();
    for (;;) {
      const before = performance.now();
      const page = await run.executeTool({
        id: `read_${offset}`,
        toolName: 'read_file',
        input: { path: label, offset },
      });
      pageTimes.push(performance.now() - before);
      if (page.isError) throw new Error(String(page.output));
      const output = String(page.output);
      const header = /^\[read_file: lines (\d+)-(\d+) of (\d+) of [^\n]*\]\n/.exec(output);
      if (header === null) {
        pieces.push(output);
        break;
      }
      pieces.push(output.slice(header[0].length));
      const last = Number(header[2]);
      if (last === Number(header[3])) break;
      offset = last + 1;
    }
    const totalSeconds = (performance.now() - started) / 1000;
    const sorted = [...pageTimes].sort((left, right) => left - right);
    console.log(`read_file paging, library from ${librarySource()}, Node ${process.version}`);
    console.table([
      {
        characters,
        pages: pageTimes.length,
        'total s': totalSeconds.toFixed(2),
        'median ms/page': sorted[Math.floor(sorted.length / 2)]!.toFixed(1),
        'slowest ms/page': sorted.at(-1)!.toFixed(1),
        'first page ms': pageTimes[0]!.toFixed(1),
        exact: pieces.join('') === result,
      },
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
