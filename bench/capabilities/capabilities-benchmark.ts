/**
 * Authored capabilities benchmark: what the sandboxed runtime costs.
 *
 * 1. `startRun()` of a session with 0, 1, 20 and 50 unchanged authored capabilities (each with one
 *    instruction block and one tool), and with 50 of which one was changed on disk before the run
 *    (that one is validated again in a fresh sandboxed child).
 * 2. `execute` round trip of an authored tool (a call into the capability host) against the same
 *    tool given by a configured capability in the agent's process, both through `run.executeTool`.
 * 3. `author_capability` latency (`store.write` of new code: compile, validate in a fresh child,
 *    save with its record under the lock).
 *
 * Medians; the machine's load shows in the spread, so compare the ratios. Run from the repository
 * root after `npm run build`:
 *   npx esbuild bench/capabilities/capabilities-benchmark.ts --bundle --platform=node --format=esm \
 *     --packages=external --outfile=bench/capabilities/.run.mjs && node bench/capabilities/.run.mjs
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { middleValue } from '../src/harness/statistics.js';
import { loadAgentContext } from '../src/library.js';

const agentContext = await loadAgentContext();
const { capabilityCreation, createCapabilityStore, createContextSession, localWorkspace } = agentContext;

const module = (name: string, text: string) => `export default {
  name: '${name}',
  instructions: () => '${text}',
  tools: () => [{
    name: '${name}_echo',
    description: 'Echo the text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text }: { text: string }) => 'echo:' + text,
  }],
};`;

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
  return { root, directory };
}

const results: Record<string, unknown> = {};

// 1. startRun with N unchanged authored capabilities.
for (const count of [0, 1, 20, 50]) {
  const { root, directory } = await storeWith(count);
  const session = createContextSession({
    workspace: localWorkspace(path.join(root, 'workspace')),
    capabilities: [capabilityCreation({ directory })],
  });
  const first = await timed(() => session.startRun());
  const samples: number[] = [];
  for (let round = 0; round < 15; round += 1) samples.push(await timed(() => session.startRun()));
  results[`startRun, ${count} unchanged`] = { firstMs: first, medianMs: middleValue(samples) };
  if (count === 50) {
    const changed: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      await writeFile(path.join(directory, 'cap_7.ts'), module('cap_7', `Rule 7, edit ${round}.`));
      changed.push(await timed(() => session.startRun()));
    }
    results['startRun, 50 with one changed'] = { medianMs: middleValue(changed) };
  }
  await rm(root, { recursive: true, force: true });
}

// 2. execute round trip: authored (capability host) against configured (in process).
{
  const { root, directory } = await storeWith(1);
  const creation = capabilityCreation({ directory });
  const configured = {
    name: 'configured',
    tools: () => [
      {
        name: 'configured_echo',
        description: 'Echo the text.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        execute: ({ text }: { text: string }) => `echo:${text}`,
      },
    ],
  };
  const session = createContextSession({
    workspace: localWorkspace(path.join(root, 'workspace')),
    capabilities: [creation, configured],
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
  await rm(root, { recursive: true, force: true });
}

console.log(
  JSON.stringify({ node: process.version, cpus: (await import('node:os')).cpus().length, results }, null, 2),
);
