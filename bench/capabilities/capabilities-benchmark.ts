/**
 * Authored capabilities benchmark: what the sandboxed runtime costs.
 *
 * 1. `startRun()` of a session with 0, 1, 20, 50 and 200 unchanged authored capabilities (each with
 *    one instruction block and one tool), side by side with the baseline: a session given the same
 *    capabilities as configured objects in the agent's process (nothing to read, check or proxy).
 *    The ratio is authored over configured; the goal is that an unchanged set does not grow per
 *    capability, so the ratio stays flat as the count grows. Then the largest set with one module
 *    changed on disk before each run (that one is validated again).
 * 2. `execute` round trip of an authored tool (a call into the capability host) against the same
 *    tool given by a configured capability in the agent's process, both through `run.executeTool`.
 * 3. `author_capability` latency (`store.write` of new code: compile, validate in the warm
 *    validator, save with its record under the lock).
 *
 * Medians, timed interleaved (authored and configured alternate); the machine's load shows in the
 * spread, so compare the ratios. Run from the bench directory after `npm run build` (or with
 * AGENT_CONTEXT_BENCH_SOURCE=src):
 *   node --expose-gc --import tsx capabilities/capabilities-benchmark.ts [--counts 0,1,20,50,200] [--rounds 15] [--zod]
 * (`--zod`: each authored tool's input schema is a zod object, imported from `zod`, instead of JSON Schema)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeMachine } from '../src/harness/machine.js';
import { interleavedMiddleValues } from '../src/harness/run-alternating.js';
import { middleValue } from '../src/harness/statistics.js';
import { librarySource, loadAgentContext } from '../src/library.js';
import { formatNumber, formatRatio, formatTable } from '../src/report/table.js';

const { values } = parseArgs({
  options: {
    counts: { type: 'string', default: '0,1,20,50,200' },
    rounds: { type: 'string', default: '15' },
    zod: { type: 'boolean', default: false },
  },
});
const counts = (values.counts ?? '0,1,20,50,200').split(',').map((count) => Number.parseInt(count, 10));
const rounds = Number.parseInt(values.rounds ?? '15', 10);

const agentContext = await loadAgentContext();
const { capabilityCreation, createCapabilityStore, createContextSession, localWorkspace } = agentContext;

/** An authored module: one instruction block and one tool, its schema JSON Schema or (`--zod`) zod. */
const module = (
  name: string,
  text: string,
) => `${values.zod ? "import { z } from 'zod';\n" : ''}export default {
  name: '${name}',
  instructions: () => '${text}',
  tools: () => [{
    name: '${name}_echo',
    description: 'Echo the text.',
    inputSchema: ${values.zod ? "z.object({ text: z.string().describe('The text.') })" : "{ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }"},
    execute: ({ text }: { text: string }) => 'echo:' + text,
  }],
};`;

/** The same capability as {@link module}, configured in the agent's process. */
const configuredCapability = (name: string, text: string) => ({
  name,
  instructions: () => text,
  tools: () => [
    {
      name: `${name}_echo`,
      description: 'Echo the text.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      execute: ({ text: input }: { text: string }) => `echo:${input}`,
    },
  ],
});

async function timed<T>(action: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function storeWith(count: number): Promise<{ root: string; directory: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'capabilities-bench-'));
  const directory = path.join(root, 'store');
  await mkdir(path.join(root, 'workspace'));
  const store = createCapabilityStore(directory);
  for (let index = 0; index < count; index += 1)
    await store.write(`cap_${index}`, module(`cap_${index}`, `Rule ${index}.`));
  store.close();
  // A module changed within the last two seconds is read and hashed again at every run start (file
  // timestamps are coarse); "unchanged" here means older than that, as between a user's runs.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return { root, directory };
}

/** How long a module must be unchanged before its file identity is trusted, plus a little. */
const settleMs = 2_100;

const results: Record<string, unknown> = {};
const rows: string[][] = [];

// 1. startRun with N unchanged authored capabilities, against the same N configured in process.
const largest = Math.max(...counts);
for (const count of counts) {
  const { root, directory } = await storeWith(count);
  const workspace = localWorkspace(path.join(root, 'workspace'));
  const creation = capabilityCreation({ directory });
  const authored = createContextSession({ workspace, capabilities: [creation] });
  const configured = createContextSession({
    workspace,
    capabilities: Array.from({ length: count }, (_, index) =>
      configuredCapability(`cap_${index}`, `Rule ${index}.`),
    ),
  });
  const firstMs = await timed(() => authored.startRun());
  const [authoredMs, configuredMs] = (await interleavedMiddleValues(
    [() => authored.startRun(), () => configured.startRun()],
    rounds,
  )) as [number, number];
  const loaded = (await authored.startRun()).capabilities?.length;
  results[`startRun, ${count} unchanged`] = { firstMs, authoredMs, configuredMs, loaded };
  rows.push([
    `startRun, ${count} unchanged`,
    formatNumber(firstMs),
    formatNumber(authoredMs),
    formatNumber(configuredMs),
    formatRatio(authoredMs / configuredMs),
    count === 0 ? '' : formatNumber((authoredMs - configuredMs) / count, 2),
  ]);
  if (count === largest && count > 0) {
    const changed: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await writeFile(path.join(directory, 'cap_7.ts'), module('cap_7', `Rule 7, edit ${round}.`));
      changed.push(await timed(() => authored.startRun()));
    }
    results[`startRun, ${count} with one changed`] = { authoredMs: middleValue(changed) };
    rows.push([`startRun, ${count} with one changed`, '', formatNumber(middleValue(changed)), '', '', '']);
  }
  creation.store.close();
  await rm(root, { recursive: true, force: true });
}

// 2. execute round trip: authored (capability host) against configured (in process).
{
  const { root, directory } = await storeWith(1);
  const creation = capabilityCreation({ directory });
  const session = createContextSession({
    workspace: localWorkspace(path.join(root, 'workspace')),
    capabilities: [creation, configuredCapability('configured', 'Configured.')],
  });
  const run = await session.startRun();
  const call = (toolName: string) => run.executeTool({ id: 'c', toolName, input: { text: 'hi' } });
  const firstAuthored = await timed(() => call('cap_0_echo'));
  for (let index = 0; index < 50; index += 1) await call('cap_0_echo');
  const authored: number[] = [];
  const inProcess: number[] = [];
  for (let index = 0; index < 300; index += 1) {
    authored.push(await timed(() => call('cap_0_echo')));
    inProcess.push(await timed(() => call('configured_echo')));
  }
  results['execute round trip'] = {
    firstAuthoredCallMs: firstAuthored,
    authoredMedianMs: middleValue(authored),
    configuredMedianMs: middleValue(inProcess),
    overheadMs: middleValue(authored) - middleValue(inProcess),
  };
  rows.push([
    'execute round trip',
    formatNumber(firstAuthored),
    formatNumber(middleValue(authored)),
    formatNumber(middleValue(inProcess)),
    formatRatio(middleValue(authored) / middleValue(inProcess)),
    '',
  ]);
  creation.store.close();
  await rm(root, { recursive: true, force: true });
}

// 3. author_capability latency.
{
  const { root, directory } = await storeWith(0);
  const store = createCapabilityStore(directory);
  const samples: number[] = [];
  for (let round = 0; round < 10; round += 1)
    samples.push(await timed(() => store.write('authored', module('authored', `Version ${round}.`))));
  results['author_capability (store.write)'] = { medianMs: middleValue(samples) };
  rows.push([
    'store.write of a small module',
    formatNumber(samples[0]),
    formatNumber(middleValue(samples)),
    '',
    '',
    '',
  ]);
  store.close();
  await rm(root, { recursive: true, force: true });
}

console.log(`Authored capabilities (${librarySource()}), ${cpus().length} CPUs, median of ${rounds} rounds`);
console.log(
  formatTable({
    columns: [
      'task',
      'first ms',
      'authored ms',
      'configured ms',
      'ratio',
      'ms per capability over configured',
    ],
    rows,
  }),
);
console.log(JSON.stringify({ machine: describeMachine(), rounds, results }, null, 2));
