import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { filesystemContext } from '../filesystem-context/filesystem-context.js';
import type { ContextEvent } from '../session/context-event.js';
import { createContextSession } from '../session/context-session.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import type { ConversationStore } from './conversation-store.js';
import { fileConversationStore } from './file-conversation-store.js';
import { type OpenConversationOptions, openConversation } from './open-conversation.js';

// Two workers, each with its own copy of the repository, serving turns of one conversation through
// one store: what the first offloaded, the second reads with read_file, paging included.

const result = Array.from({ length: 400 }, (_, line) => `src/file-${line}.ts:1: match ${line}`).join('\n');

async function twoWorkers() {
  const first = await useTemporaryDirectory('agent-context-worker-');
  await writeFile(path.join(first, 'AGENTS.md'), 'Run the tests.\n');
  const second = await useTemporaryDirectory('agent-context-worker-');
  await cp(first, second, { recursive: true });
  const store = fileConversationStore({ directory: await useTemporaryDirectory('agent-context-store-') });
  return { first, second, store };
}

/** One turn on the worker rooted at `root`: open, run `turn`, save; the session's events. */
async function turn(
  root: string,
  store: ConversationStore,
  turn: (
    call: (toolName: string, input: unknown, execute?: () => string) => Promise<unknown>,
  ) => Promise<void>,
  options: Partial<OpenConversationOptions> = {},
) {
  const session = createContextSession({
    workspace: localWorkspace(root),
    capabilities: [filesystemContext({ offload: { overChars: 2_000 } }), fileTools()],
  });
  const events: ContextEvent[] = [];
  session.on((event) => void events.push(event));
  const conversation = await openConversation({ store, conversationId: 'chat', session, ...options });
  const run = await session.startRun();
  let id = 0;
  await turn(async (toolName, input, execute) => {
    id += 1;
    return (await run.executeTool({ id: `call_${run.index}_${id}`, toolName, input }, execute)).output;
  });
  await conversation.save();
  return events;
}

const offloadedPath = '.context/search-call_1_1.txt';

describe('offloaded results across workers that do not share a disk', () => {
  it('the second worker reads, page by page, what the first offloaded', async () => {
    const { first, second, store } = await twoWorkers();
    await turn(first, store, async (call) => {
      expect(await call('search', {}, () => result)).toMatch(
        /saved whole to \.context\/search-call_1_1\.txt/,
      );
    });
    const pages: unknown[] = [];
    const events = await turn(second, store, async (call) => {
      pages.push(await call('read_file', { path: offloadedPath, offset: 101, limit: 3 }));
    });
    expect(pages[0]).toContain(
      'src/file-100.ts:1: match 100\nsrc/file-101.ts:1: match 101\nsrc/file-102.ts:1: match 102',
    );
    expect(await readFile(path.join(second, offloadedPath), 'utf8')).toBe(result);
    expect(events.filter((event) => event.type === 'restored' && event.reason === 'offload')).toEqual([
      expect.objectContaining({
        path: offloadedPath,
        message: expect.stringMatching(/back from the conversation store/),
      }),
    ]);
    // A third turn on the first worker: the file is there, nothing is written back.
    const again = await turn(first, store, async () => undefined);
    expect(again.filter((event) => event.type === 'restored' && event.reason === 'offload')).toEqual([]);
  });

  it("'workspace' keeps them where they were written: the other worker's read finds nothing", async () => {
    const { first, second, store } = await twoWorkers();
    await turn(first, store, async (call) => void (await call('search', {}, () => result)), {
      offloadedResults: 'workspace',
    });
    const outputs: unknown[] = [];
    await turn(
      second,
      store,
      async (call) => void outputs.push(await call('read_file', { path: offloadedPath })),
      {
        offloadedResults: 'workspace',
      },
    );
    expect(String(outputs[0])).toMatch(/not found|does not exist/i);
  });

  it('says when a result could not be kept, and when it cannot be written back', async () => {
    const { first, second, store } = await twoWorkers();
    const events = await turn(first, store, async (call) => {
      await call('search', {}, () => result);
      // Gone before the save (a cleanup job): it cannot be kept.
      await rm(path.join(first, offloadedPath));
    });
    expect(events.filter((event) => event.diagnostic?.code === 'offload-not-kept')).toEqual([
      expect.objectContaining({
        path: offloadedPath,
        message: expect.stringMatching(
          /could not be read to keep it in the conversation store .*readable only on the worker that wrote it/,
        ),
      }),
    ]);
    const later = await turn(second, store, async () => undefined);
    expect(later.filter((event) => event.diagnostic?.code === 'offload-not-kept')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /is not on this worker's disk and the conversation store does not hold it/,
        ),
      }),
    ]);
  });

  it('keeps no result over maxKeptFileBytes, and says so', async () => {
    const { first, store } = await twoWorkers();
    const events = await turn(first, store, async (call) => void (await call('search', {}, () => result)), {
      maxKeptFileBytes: 5_000,
    });
    expect(events.filter((event) => event.diagnostic?.code === 'offload-not-kept')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /is \d+ bytes, over the 5000 the conversation store keeps \(maxKeptFileBytes\)/,
        ),
      }),
    ]);
    expect(await store.loadFiles!('chat', [offloadedPath])).toEqual([]);
  });

  it('a store that fails to serve the files still restores the conversation, naming each file', async () => {
    const { first, second, store } = await twoWorkers();
    await turn(first, store, async (call) => void (await call('search', {}, () => result)));
    const failing: ConversationStore = {
      load: (id) => store.load(id),
      save: (id, snapshot, version, files) => store.save(id, snapshot, version, files),
      loadFiles: async () => {
        throw new Error('connection reset');
      },
      delete: (id) => store.delete(id),
    };
    const events = await turn(second, failing, async () => undefined);
    expect(events.filter((event) => event.diagnostic?.code === 'offload-not-kept')).toEqual([
      expect.objectContaining({
        path: offloadedPath,
        message: expect.stringMatching(/could not be looked for or loaded \(connection reset\)/),
      }),
    ]);
    expect((await store.load('chat'))?.version).toBe(2);
  });

  it('a store without loadFiles keeps the snapshot as before and no file', async () => {
    const { first, second, store } = await twoWorkers();
    const snapshotsOnly: ConversationStore = {
      load: (id) => store.load(id),
      save: (id, snapshot, version) => store.save(id, snapshot, version),
      delete: (id) => store.delete(id),
    };
    await turn(first, snapshotsOnly, async (call) => void (await call('search', {}, () => result)));
    const events = await turn(second, snapshotsOnly, async () => undefined);
    expect(events.filter((event) => event.reason === 'offload')).toEqual([]);
    expect((await store.load('chat'))?.snapshot.states['filesystem-context/offloaded']).toEqual([
      offloadedPath,
    ]);
  });
});
