/**
 * Conversations benchmark: what continuing a conversation on another process costs.
 *
 * A 200-turn conversation over a monorepo of 100 packages, each with an AGENTS.md of about 600
 * characters: every other turn reads a file of a new package (its AGENTS.md is delivered), the others
 * read a file of a package already seen; every turn places the hidden messages into the growing
 * history, as an adapter does. Then, for the file store and PostgreSQL:
 *
 * 1. restore: `store.load` + `createContextSession({ restore })` + the first placement of the next
 *    turn (what a new worker does before its first model call), median over the rounds;
 * 2. save: `session.snapshot()` + `store.save`;
 * 3. the store's round trips per load and per save (queries counted on the PostgreSQL client);
 * 4. the snapshot's size against the text it delivered (the hidden messages' texts), with AGENTS.md
 *    files of 600 and 2,000 characters (the paths and dedup memory a delivered file adds are about
 *    the same whatever its size).
 *
 * Goals (issue 38): restore <= 5 ms at the median on the embedded store, one round trip to load and
 * one to save, snapshot <= 1.2x the text delivered. PostgreSQL runs when AGENT_CONTEXT_POSTGRES_URL is
 * set or the OS package's `initdb` is found (a cluster is started in a temporary directory).
 *
 * Run from the bench directory after `npm run build`:
 *   node --expose-gc --import tsx conversations/conversations-benchmark.ts [--rounds 50]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startPostgresServer } from '../../test/support/postgres-server.js';
import { describeMachine } from '../src/harness/machine.js';
import { middleValue } from '../src/harness/statistics.js';
import { librarySource, loadAgentContext } from '../src/library.js';
import { formatNumber, formatRatio, formatTable } from '../src/report/table.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
const rounds = Number.parseInt(values.rounds ?? '50', 10);
const turns = 200;
const packages = 100;

const agentContext = await loadAgentContext();
const conversations = (await import(
  new URL(
    librarySource() === 'src' ? '../../src/conversations.ts' : '../../dist/conversations.js',
    import.meta.url,
  ).href
)) as typeof import('../../src/conversations.js');
const { createContextSession, fileTools, localWorkspace, nestedInstructions } = agentContext;

/** A monorepo of `packages` packages whose AGENTS.md files have about `fileCharacters` characters. */
async function createRepository(fileCharacters: number): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agent-context-conversations-bench-'));
  await mkdir(path.join(root, '.git'));
  const sentence = "Run the package's tests after each change; keep its public API stable. ";
  for (let index = 0; index < packages; index += 1) {
    const directory = path.join(root, 'packages', `package-${index}`, 'src');
    await mkdir(directory, { recursive: true });
    await writeFile(
      path.join(root, 'packages', `package-${index}`, 'AGENTS.md'),
      `# Package ${index}\n${sentence.repeat(Math.ceil(fileCharacters / sentence.length))}\n`,
    );
    await writeFile(path.join(directory, 'index.ts'), `export const value${index} = ${index};\n`);
  }
  return root;
}

const create = (root: string, restore?: unknown) =>
  createContextSession({
    workspace: localWorkspace(root),
    capabilities: [fileTools(), nestedInstructions()],
    ...(restore === undefined ? {} : { restore }),
  });

type Message = { role: string; text: string; key: string };
const keyOf = (message: Message) => message.key;

/** The conversation, played in one session: the session and its history. */
async function playConversation(root: string) {
  const session = create(root);
  const history: Message[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const run = await session.startRun();
    history.push({ role: 'user', text: `Turn ${turn}.`, key: `user-${turn}` });
    const target = turn % 2 === 0 ? turn / 2 : (turn - 1) / 2;
    const id = `call_${turn}`;
    const result = await run.executeTool({
      id,
      toolName: 'read_file',
      input: { path: `packages/package-${target}/src/index.ts` },
    });
    history.push({ role: 'assistant', text: `read ${target}`, key: `assistant-${turn}` });
    history.push({ role: 'tool', text: String(result.output), key: id });
    session.placeHiddenMessages(history, keyOf);
    history.push({ role: 'assistant', text: `Done with turn ${turn}.`, key: `final-${turn}` });
  }
  return { session, history };
}

// The snapshot against what it delivered, for AGENTS.md files of two sizes.
const sizes: string[][] = [];
const sizeResults: Record<string, unknown> = {};
for (const fileCharacters of [600, 2_000]) {
  const root = await createRepository(fileCharacters);
  const { session } = await playConversation(root);
  const snapshot = session.snapshot();
  const delivered = snapshot.hiddenMessages.texts.reduce((sum, text) => sum + text.length, 0);
  const stored = JSON.stringify(snapshot).length;
  sizeResults[`${fileCharacters}`] = { stored, delivered, ratio: stored / delivered };
  sizes.push([
    `${fileCharacters}`,
    formatNumber(delivered),
    formatNumber(stored),
    formatRatio(stored / delivered),
  ]);
  await rm(root, { recursive: true, force: true });
}

const root = await createRepository(600);
const { session, history } = await playConversation(root);
const snapshot = session.snapshot();
const nextTurn = [...history, { role: 'user', text: 'One more.', key: 'user-next' }];

const timed = async (action: () => unknown): Promise<number> => {
  const start = performance.now();
  await action();
  return performance.now() - start;
};

/** A PostgreSQL client that counts its queries. */
interface CountingClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  queries: number;
  end(): Promise<void>;
}

const rows: string[][] = [];
const results: Record<string, unknown> = {};

async function measure(
  name: string,
  store: import('../../src/conversations.js').ConversationStore,
  count?: () => number,
) {
  let version = await store.save('bench', snapshot, 0);
  const restore: number[] = [];
  const save: number[] = [];
  let loadTrips = 0;
  let saveTrips = 0;
  for (let round = 0; round < rounds; round += 1) {
    const before = count?.() ?? 0;
    restore.push(
      await timed(async () => {
        const stored = await store.load('bench');
        const restored = create(root, stored?.snapshot);
        restored.placeHiddenMessages(nextTurn, keyOf);
      }),
    );
    const loaded = count?.() ?? 0;
    save.push(
      await timed(async () => {
        version = await store.save('bench', session.snapshot(), version);
      }),
    );
    loadTrips = loaded - before;
    saveTrips = (count?.() ?? 0) - loaded;
  }
  results[name] = {
    restoreMedianMs: middleValue(restore),
    saveMedianMs: middleValue(save),
    ...(count === undefined ? {} : { loadRoundTrips: loadTrips, saveRoundTrips: saveTrips }),
  };
  rows.push([
    name,
    formatNumber(middleValue(restore)),
    formatNumber(middleValue(save)),
    count === undefined ? '1 read' : `${loadTrips} / ${saveTrips}`,
  ]);
}

const storeDirectory = path.join(root, '.conversations');
await measure('file store', conversations.fileConversationStore({ directory: storeDirectory }));

const server = await startPostgresServer();
if (server === undefined) {
  rows.push(['PostgreSQL', 'not run: no server', '', '']);
} else {
  const require = createRequire(new URL('../../package.json', import.meta.url));
  const pg = require('pg') as typeof import('pg');
  const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
  const client: CountingClient = {
    queries: 0,
    query(text, params) {
      client.queries += 1;
      return pool.query(text, params) as never;
    },
    end: () => pool.end(),
  };
  try {
    await measure(
      'PostgreSQL',
      conversations.postgresConversationStore({ client, table: `bench_${process.pid}` }),
      () => client.queries,
    );
  } finally {
    await client.end();
    server.stop();
  }
}

console.log(
  `Conversations (${librarySource()}), ${cpus().length} CPUs, ${turns} turns, ${snapshot.hiddenMessages.texts.length} nested files delivered, median of ${rounds} rounds`,
);
console.log(formatTable({ columns: ['store', 'restore ms', 'save ms', 'round trips load / save'], rows }));
console.log(
  formatTable({
    columns: ['AGENTS.md characters', 'characters delivered', 'snapshot characters', 'snapshot / delivered'],
    rows: sizes,
  }),
);
console.log(
  JSON.stringify({ machine: describeMachine(), rounds, turns, sizes: sizeResults, results }, null, 2),
);
await rm(root, { recursive: true, force: true });
