/**
 * Nested instructions on touch: a replay of 5,000 touches over a synthetic
 * tree of 2,000 directories holding 300 AGENTS.md files and 100,000 other files.
 *
 * agent-context is driven the way an adapter drives it for a host's own tools: one
 * `createContextSession({ workspace: recordingWorkspace(localWorkspace(root)), capabilities:
 * [nestedInstructions()] })` per replay, then per touch `session.afterToolCall({ toolName:
 * 'read_file' | 'list_directory', input: { path } }, { output, isError: false })`.
 *
 * Reported per touch: median and 95th percentile microseconds (timing rounds run without counters),
 * workspace calls, and node:fs calls (counted in a separate round). Every touch's answer is checked
 * against the true set of not-yet-surfaced files on the chain from the root to the touched directory.
 * The medians of the first and the last 1,000 touches show that cost does not grow with the
 * conversation; a second tree with 10x fewer other files shows it does not grow with the tree.
 *
 * Run from the bench directory:
 *   AGENT_CONTEXT_BENCH_SOURCE=src node --import tsx nested/nested-benchmark.ts
 * (without the variable it measures the built package in dist/, so run `npm run build` first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { installFilesystemCounter } from '../src/harness/filesystem-counter.js';
import { librarySource, loadAgentContext, loadAgentContextTesting } from '../src/library.js';
import { createRandom } from '../src/random.js';

const directoryCount = 2_000;
const instructionFileCount = 300;
const touchCount = 5_000;
const timingRounds = 5;

interface Tree {
  root: string;
  directories: string[];
  instructionDirectories: Set<string>;
  filesByDirectory: Map<string, string[]>;
}

/** 20 packages, each a random tree of directories (depth up to 7), files spread evenly. */
function writeTree(root: string, otherFileCount: number, seed: number): Tree {
  const random = createRandom(seed);
  const directories: string[] = [];
  for (let index = 0; index < 20; index += 1)
    directories.push(`packages/pkg-${String(index).padStart(2, '0')}`);
  while (directories.length < directoryCount) {
    const parent = random.pick(directories);
    if (parent.split('/').length >= 8) continue;
    directories.push(`${parent}/dir-${directories.length}`);
  }
  const instructionDirectories = new Set<string>();
  while (instructionDirectories.size < instructionFileCount)
    instructionDirectories.add(random.pick(directories));
  const filesByDirectory = new Map<string, string[]>();
  for (const directory of directories) {
    mkdirSync(path.join(root, directory), { recursive: true });
    filesByDirectory.set(directory, []);
  }
  writeFileSync(path.join(root, 'AGENTS.md'), 'Workspace rules.\n');
  for (const directory of instructionDirectories) {
    writeFileSync(
      path.join(root, directory, 'AGENTS.md'),
      `# Rules of ${directory}\n\n${'Keep it tidy.\n'.repeat(10)}`,
    );
  }
  for (let index = 0; index < otherFileCount; index += 1) {
    const directory = directories[index % directories.length]!;
    const name = `file-${index}.ts`;
    writeFileSync(path.join(root, directory, name), `export const value = ${index};\n`);
    filesByDirectory.get(directory)!.push(name);
  }
  return { root, directories, instructionDirectories, filesByDirectory };
}

interface Touch {
  path: string;
  kind: 'file' | 'directory';
}

/** Mostly file reads inside the current package, 15% directory listings, a package switch now and then. */
function touches(tree: Tree, seed: number): Touch[] {
  const random = createRandom(seed);
  const packages = tree.directories.filter((directory) => directory.split('/').length === 2);
  let current = random.pick(packages);
  const result: Touch[] = [];
  for (let index = 0; index < touchCount; index += 1) {
    if (random.chance(0.2)) current = random.pick(packages);
    const inPackage = tree.directories.filter(
      (directory) => directory === current || directory.startsWith(`${current}/`),
    );
    const directory = random.pick(inPackage);
    const files = tree.filesByDirectory.get(directory)!;
    if (random.chance(0.15) || files.length === 0) result.push({ path: directory, kind: 'directory' });
    else result.push({ path: `${directory}/${random.pick(files)}`, kind: 'file' });
  }
  return result;
}

/** The true answer of every touch: not-yet-surfaced AGENTS.md files from the root (exclusive) down. */
function expectedAnswers(tree: Tree, events: readonly Touch[]): string[][] {
  const surfaced = new Set<string>();
  return events.map((event) => {
    const directory = event.kind === 'directory' ? event.path : path.posix.dirname(event.path);
    const parts = directory.split('/');
    const answer: string[] = [];
    for (let depth = 1; depth <= parts.length; depth += 1) {
      const candidate = parts.slice(0, depth).join('/');
      if (tree.instructionDirectories.has(candidate) && !surfaced.has(candidate)) {
        surfaced.add(candidate);
        answer.push(`${candidate}/AGENTS.md`);
      }
    }
    return answer;
  });
}

async function replay(tree: Tree, events: readonly Touch[], counting: boolean) {
  const library = await loadAgentContext();
  const { recordingWorkspace } = await loadAgentContextTesting();
  const workspace = recordingWorkspace(library.localWorkspace(tree.root));
  const session = library.createContextSession({ workspace, capabilities: [library.nestedInstructions()] });
  let answer: string[] = [];
  session.on((event) => {
    if (event.type === 'loaded' && event.reason === 'nested' && event.path) answer.push(event.path);
  });
  await session.startRun();
  const counter = counting ? installFilesystemCounter() : undefined;
  const latencies: number[] = [];
  const workspaceCalls: number[] = [];
  const filesystemCalls: number[] = [];
  const answers: string[][] = [];
  try {
    for (const [index, event] of events.entries()) {
      answer = [];
      const before = workspace.calls.length;
      counter?.reset();
      const call = {
        id: `call_${index}`,
        toolName: event.kind === 'directory' ? 'list_directory' : 'read_file',
        input: { path: event.path },
      };
      const start = performance.now();
      await session.afterToolCall(call, { output: 'ok', isError: false });
      latencies.push((performance.now() - start) * 1_000);
      workspaceCalls.push(workspace.calls.length - before);
      if (counter) filesystemCalls.push(counter.total());
      answers.push(answer);
    }
  } finally {
    counter?.uninstall();
  }
  return { latencies, workspaceCalls, filesystemCalls, answers };
}

const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};
const median = (values: readonly number[]) => percentile(values, 0.5);
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function measure(label: string, otherFileCount: number) {
  const root = await mkdtemp(path.join(tmpdir(), 'agent-context-nested-bench-'));
  try {
    const tree = writeTree(root, otherFileCount, 7);
    const events = touches(tree, 11);
    const expected = expectedAnswers(tree, events);
    const counted = await replay(tree, events, true);
    const wrong = counted.answers.filter(
      (answer, index) => answer.join('\n') !== expected[index]!.join('\n'),
    ).length;
    const rounds: Array<Awaited<ReturnType<typeof replay>>> = [];
    for (let round = 0; round < timingRounds; round += 1) rounds.push(await replay(tree, events, false));
    const perTouch = events.map((_, index) => median(rounds.map((round) => round.latencies[index]!)));
    const surfaced = expected.reduce((sum, answer) => sum + answer.length, 0);
    return {
      tree: label,
      'median µs/touch': median(perTouch).toFixed(2),
      'p95 µs/touch': percentile(perTouch, 0.95).toFixed(1),
      'median µs, first 1,000': median(perTouch.slice(0, 1_000)).toFixed(2),
      'median µs, last 1,000': median(perTouch.slice(-1_000)).toFixed(2),
      'workspace calls/touch': mean(counted.workspaceCalls).toFixed(3),
      'node:fs calls/touch': mean(counted.filesystemCalls).toFixed(3),
      'touches with 0 workspace calls': `${counted.workspaceCalls.filter((count) => count === 0).length}`,
      'files surfaced': `${surfaced}`,
      'wrong answers': `${wrong}`,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const results = [
  await measure('2,000 dirs, 300 AGENTS.md, 100,000 files', 100_000),
  await measure('same, 10,000 files', 10_000),
];
console.log(
  `agent-context nested instructions, ${touchCount} touches, library from ${librarySource()}, Node ${process.version}`,
);
console.table(results);
