import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runModuleScript } from '../../test/support/module-script.js';
import { usePostgresPool } from '../../test/support/postgres-pool.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ConversationStore } from '../conversations/conversation-store.js';
import { fileConversationStore } from '../conversations/file-conversation-store.js';
import { postgresConversationStore } from '../conversations/postgres-conversation-store.js';
import { sha256Of } from '../shared/sha256.js';
import { instructionsOf, valid } from './capability-fixtures.test-support.js';
import { createCapabilityStore } from './capability-store.js';
import type { SharedCapabilities } from './shared-capabilities.js';

// Workers with a capability store directory each (their own disks) share authored capabilities
// through a conversation store. The authoring worker is a process of its own, built from `dist/`
// as a host's worker imports it (`npm test` builds before the tests run).

const postgres = usePostgresPool(4);

/** How a worker process opens the conversation store, as source text, and the store in this one. */
interface Place {
  open: string;
  store: ConversationStore;
}

const places: Array<[string, () => Promise<Place | undefined>]> = [
  [
    'the file conversation store',
    async () => {
      const directory = await useTemporaryDirectory('agent-context-shared-');
      return {
        open: `conversations.fileConversationStore({ directory: ${JSON.stringify(directory)} })`,
        store: fileConversationStore({ directory }),
      };
    },
  ],
  [
    'the PostgreSQL conversation store',
    async () => {
      const { pool, server } = postgres;
      if (pool === undefined || server === undefined) return undefined;
      const table = `shared_${sha256Of(String(Math.random())).slice(0, 12)}`;
      return {
        open: `conversations.postgresConversationStore({ client: new (await import('pg')).default.Pool({ connectionString: ${JSON.stringify(server.connectionString)} }), table: ${JSON.stringify(table)} })`,
        store: postgresConversationStore({ client: pool, table }),
      };
    },
  ],
];

/** Run `steps` (source text using `store`, a capability store sharing through `place`) in a new Node process. */
async function inWorkerProcess(place: Place, steps: string): Promise<string> {
  const dist = path.resolve('dist');
  const directory = await useTemporaryDirectory('agent-context-worker-capabilities-');
  const script = `
    const agentContext = await import(${JSON.stringify(path.join(dist, 'index.js'))});
    const conversations = await import(${JSON.stringify(path.join(dist, 'conversations.js'))});
    const shared = (${place.open}).sharedCapabilities();
    const store = agentContext.createCapabilityStore(${JSON.stringify(directory)}, { shared });
    ${steps}
    store.close();
    process.exit(0);
  `;
  return runModuleScript(script);
}

/** The shared place of `store`, counting the calls made to it. */
function counted(shared: SharedCapabilities) {
  const calls: string[] = [];
  const place: SharedCapabilities = {
    list: () => {
      calls.push('list');
      return shared.list();
    },
    read: (names) => {
      calls.push(`read ${names.join(',')}`);
      return shared.read(names);
    },
    publish: (capability) => {
      calls.push(`publish ${capability.name}`);
      return shared.publish(capability);
    },
  };
  return { place, calls };
}

for (const [kind, createPlace] of places) {
  describe(`authored capabilities shared through ${kind}`, () => {
    const withPlace = async (test: (place: Place) => Promise<void>) =>
      postgres.whenAvailable(await createPlace(), test);

    it('a capability authored and validated on one worker is live on the next run of another; disabled there, it goes', () =>
      withPlace(async (place) => {
        const written = await inWorkerProcess(
          place,
          `const { record } = await store.write('shout', ${JSON.stringify(valid('shout', 'Use capitals.'))});
           console.log(record.lastError === null ? 'passed' : record.lastError);`,
        );
        expect(written).toBe('passed');
        const directory = await useTemporaryDirectory('agent-context-capabilities-');
        const { place: shared, calls } = counted(place.store.sharedCapabilities!());
        const store = createCapabilityStore(directory, { shared });
        try {
          const loaded = await store.loadActive();
          expect(loaded.diagnostics).toEqual([]);
          expect(loaded.records.map((record) => record.name)).toEqual(['shout']);
          expect(await instructionsOf(loaded.items[0] as never)).toBe('Use capitals.');
          expect(await readFile(path.join(directory, 'shout.ts'), 'utf8')).toBe(
            valid('shout', 'Use capitals.'),
          );
          expect(calls).toEqual(['list', 'read shout']);
          // Nothing new: one round trip, nothing read.
          calls.length = 0;
          expect((await store.loadActive()).items).toHaveLength(1);
          expect(calls).toEqual(['list']);

          // Disabled on another worker: the next run here serves it no more.
          await inWorkerProcess(place, `await store.loadActive(); await store.disable('shout');`);
          const after = await store.loadActive();
          expect(after.items).toEqual([]);
          expect((await store.list()).items.map((record) => [record.name, record.status])).toEqual([
            ['shout', 'disabled'],
          ]);
        } finally {
          store.close();
        }
      }));

    it('a module that fails validation where it was written is not shared', () =>
      withPlace(async (place) => {
        const written = await inWorkerProcess(
          place,
          `const { record } = await store.write('broken', 'export default { name: 42 };');
           console.log(record.lastError === null ? 'passed' : 'failed');`,
        );
        expect(written).toBe('failed');
        expect(await place.store.sharedCapabilities!().list()).toEqual([]);
      }));

    it('a shared capability whose code does not match its record is named and not taken; the others are', () =>
      withPlace(async (place) => {
        const shared = place.store.sharedCapabilities!();
        const good = valid('good');
        const updatedAt = new Date().toISOString();
        await shared.publish({
          name: 'good',
          moduleFile: 'good.ts',
          status: 'active',
          sha256: sha256Of(good),
          updatedAt,
          code: good,
        });
        await shared.publish({
          name: 'forged',
          moduleFile: 'forged.ts',
          status: 'active',
          sha256: sha256Of(valid('forged')),
          updatedAt,
          code: valid('forged', 'Something else.'),
        });
        const store = createCapabilityStore(await useTemporaryDirectory('agent-context-capabilities-'), {
          shared,
        });
        try {
          const loaded = await store.loadActive();
          expect(loaded.records.map((record) => record.name)).toEqual(['good']);
          expect(loaded.diagnostics).toEqual([
            expect.objectContaining({
              code: 'capabilities-not-shared',
              message: expect.stringMatching(
                /the shared capability "forged" does not match its record; it was not taken/,
              ),
            }),
          ]);
        } finally {
          store.close();
        }
      }));
  });
}

describe('a shared place that fails', () => {
  it('names a FIFO where a shared capability belongs, without waiting on it', async () => {
    const directory = await useTemporaryDirectory('agent-context-shared-');
    const folder = path.join(directory, 'capabilities', sha256Of('default').slice(0, 40));
    await mkdir(folder, { recursive: true });
    execFileSync('mkfifo', [path.join(folder, 'stuck.json')]);
    const shared = fileConversationStore({ directory }).sharedCapabilities();
    const store = createCapabilityStore(await useTemporaryDirectory('agent-context-capabilities-'), {
      shared,
    });
    try {
      const loaded = await store.loadActive();
      expect(loaded.items).toEqual([]);
      expect(loaded.diagnostics).toEqual([
        expect.objectContaining({
          code: 'capabilities-not-shared',
          message: expect.stringMatching(/stuck\.json is not a regular file/),
        }),
      ]);
    } finally {
      store.close();
    }
  });

  it('is a diagnostic: the worker serves its own store', async () => {
    const failing: SharedCapabilities = {
      list: async () => {
        throw new Error('connection refused');
      },
      read: async () => [],
      publish: async () => {
        throw new Error('connection refused');
      },
    };
    const store = createCapabilityStore(await useTemporaryDirectory('agent-context-capabilities-'), {
      shared: failing,
    });
    try {
      const written = await store.write('local', valid('local'));
      expect(written.record.lastError).toBeNull();
      expect(written.diagnostics).toEqual([
        expect.objectContaining({
          code: 'capabilities-not-shared',
          message: expect.stringMatching(
            /"local" was saved in this store but could not be shared .*connection refused/,
          ),
        }),
      ]);
      const loaded = await store.loadActive();
      expect(loaded.records.map((record) => record.name)).toEqual(['local']);
      expect(loaded.diagnostics).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/could not be listed \(connection refused\)/),
        }),
      ]);
    } finally {
      store.close();
    }
  });
});
