import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runModuleScript } from '../../test/support/module-script.js';
import { usePostgresPool } from '../../test/support/postgres-pool.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { createContextSession } from '../session/context-session.js';
import type { SessionSnapshot } from '../session/session-snapshot.js';
import { sha256Of } from '../shared/sha256.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import type { ConversationFile, ConversationStore } from './conversation-store.js';
import { fileConversationStore } from './file-conversation-store.js';
import { postgresConversationStore } from './postgres-conversation-store.js';

const snapshot = (runs = 0): SessionSnapshot => ({
  ...createContextSession({ workspace: localWorkspace('/') }).snapshot(),
  runs,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAgentContextError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'fulfilled';
}

const postgres = usePostgresPool(12);

const stores: Array<[string, () => Promise<ConversationStore | undefined>]> = [
  [
    'file store',
    async () =>
      fileConversationStore({ directory: await useTemporaryDirectory('agent-context-conversations-') }),
  ],
  [
    'PostgreSQL store',
    async () => {
      if (postgres.pool === undefined) return undefined;
      const table = `conversations_${sha256Of(String(Math.random())).slice(0, 12)}`;
      return postgresConversationStore({ client: postgres.pool, table });
    },
  ],
];

for (const [kind, createStore] of stores) {
  describe(`conversation stores: ${kind}`, () => {
    const withStore = async (test: (store: ConversationStore) => Promise<void>) =>
      postgres.whenAvailable(await createStore(), test);

    it('loads nothing for a new conversation, then each saved version', () =>
      withStore(async (store) => {
        expect(await store.load('chat-1')).toBeUndefined();
        expect(await store.save('chat-1', snapshot(1), 0)).toBe(1);
        expect(await store.save('chat-1', snapshot(2), 1)).toBe(2);
        expect(await store.save('chat-1', snapshot(3), 2)).toBe(3);
        expect(await store.load('chat-1')).toEqual({ snapshot: snapshot(3), version: 3 });
        expect(await store.load('chat-2')).toBeUndefined();
        await store.delete('chat-1');
        expect(await store.load('chat-1')).toBeUndefined();
      }));

    it('refuses a save on a version that is not the stored one, and keeps the stored one', () =>
      withStore(async (store) => {
        await store.save('chat', snapshot(1), 0);
        await store.save('chat', snapshot(2), 1);
        expect(await codeOf(store.save('chat', snapshot(9), 1))).toBe(
          'state-conflict: Conversation "chat" was not saved: the save builds on version 1, but it is at version 2. Another worker saved a turn of it in between; load it again and redo the turn.',
        );
        expect(await codeOf(store.save('chat', snapshot(9), 0))).toMatch(/^state-conflict: /);
        expect(await codeOf(store.save('chat', snapshot(9), 5))).toMatch(/^state-conflict: /);
        expect(await store.load('chat')).toEqual({ snapshot: snapshot(2), version: 2 });
      }));

    it('lets exactly one of ten saves on one version through', () =>
      withStore(async (store) => {
        await store.save('race', snapshot(1), 0);
        const outcomes = await Promise.all(
          Array.from({ length: 10 }, (_, index) => codeOf(store.save('race', snapshot(100 + index), 1))),
        );
        expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome.startsWith('state-conflict'))).toHaveLength(9);
        const stored = await store.load('race');
        expect(stored?.version).toBe(2);
        expect(stored?.snapshot.runs).toBeGreaterThanOrEqual(100);
      }));

    it('refuses a snapshot over the size limit without writing it', () =>
      withStore(async (store) => {
        const large = snapshot(1);
        large.states = { big: 'x'.repeat(17 * 1024 * 1024) };
        expect(await codeOf(store.save('large', large, 0))).toMatch(
          /^snapshot-invalid: .*over the limit of 16777216 bytes/,
        );
        expect(await store.load('large')).toBeUndefined();
      }));

    it('refuses caller mistakes: an empty id, a negative version', () =>
      withStore(async (store) => {
        expect(await codeOf(store.load(''))).toMatch(/^invalid-option: /);
        expect(await codeOf(store.save('chat', snapshot(), -1))).toMatch(/^invalid-option: /);
        expect(
          await codeOf(store.save('chat', snapshot(), 0, [{ path: '', text: 'x' }] as ConversationFile[])),
        ).toMatch(/^invalid-option: A kept file needs/);
        expect(await store.load('chat')).toBeUndefined();
      }));

    it('keeps files beside the versions: any text, the first text of a path, gone with the conversation', () =>
      withStore(async (store) => {
        const odd = `\u0000 NUL, \uD83D\uDE00 a pair, "quotes", \\ and a line\n`.repeat(50);
        await store.save('chat', snapshot(1), 0, [
          { path: '.context/search-call_1.txt', text: odd },
          { path: '.context/bash-call_2.txt', text: 'second\n' },
        ]);
        await store.save('chat', snapshot(2), 1, [
          { path: '.context/search-call_1.txt', text: 'a later text of the same path' },
          { path: '.context/deep/read-call_3.txt', text: 'third\n' },
        ]);
        expect(
          await store.loadFiles!('chat', [
            '.context/deep/read-call_3.txt',
            '.context/missing.txt',
            '.context/search-call_1.txt',
          ]),
        ).toEqual([
          { path: '.context/deep/read-call_3.txt', text: 'third\n' },
          { path: '.context/search-call_1.txt', text: odd },
        ]);
        expect(await store.loadFiles!('other', ['.context/bash-call_2.txt'])).toEqual([]);
        await store.delete('chat');
        expect(await store.loadFiles!('chat', ['.context/bash-call_2.txt'])).toEqual([]);
        expect(await store.load('chat')).toBeUndefined();
      }));

    it('refuses a kept file over the size limit without writing the version', () =>
      withStore(async (store) => {
        const large = [{ path: '.context/large.txt', text: 'x'.repeat(17 * 1024 * 1024) }];
        expect(await codeOf(store.save('large', snapshot(1), 0, large))).toMatch(
          /^snapshot-invalid: .*over the limit of 16777216 bytes/,
        );
        expect(await store.load('large')).toBeUndefined();
      }));
  });
}

describe('the PostgreSQL store keeps files with the version that lists them', () => {
  it('keeps none of the files of a save that conflicts', async () => {
    await postgres.whenAvailable(await stores[1]![1](), async (store) => {
      await store.save('chat', snapshot(1), 0);
      await store.save('chat', snapshot(2), 1);
      const file = { path: '.context/lost-call_9.txt', text: 'from a turn that conflicted\n' };
      expect(await codeOf(store.save('chat', snapshot(9), 1, [file]))).toMatch(/^state-conflict: /);
      expect(await codeOf(store.save('fresh', snapshot(9), 3, [file]))).toMatch(/^state-conflict: /);
      expect(await store.loadFiles!('chat', [file.path])).toEqual([]);
      expect(await store.loadFiles!('fresh', [file.path])).toEqual([]);
      expect(await store.save('chat', snapshot(3), 2, [file])).toBe(3);
      expect(await store.loadFiles!('chat', [file.path])).toEqual([file]);
    });
  });
});

describe('the file store on hostile disks', () => {
  const folderOf = (directory: string, id: string) => path.join(directory, sha256Of(id).slice(0, 40));

  it('names a FIFO, a directory or a link where a version belongs, without waiting on it', async () => {
    const directory = await useTemporaryDirectory('agent-context-conversations-');
    const store = fileConversationStore({ directory });
    await store.save('chat', snapshot(1), 0);
    const folder = folderOf(directory, 'chat');
    execFileSync('mkfifo', [path.join(folder, '2.json')]);
    expect(await codeOf(store.load('chat'))).toMatch(
      /^snapshot-invalid: .*2\.json is a special file, not a stored conversation/,
    );
    execFileSync('rm', [path.join(folder, '2.json')]);
    await mkdir(path.join(folder, '2.json'));
    expect(await codeOf(store.load('chat'))).toMatch(/^snapshot-invalid: .*is a directory/);
    execFileSync('rmdir', [path.join(folder, '2.json')]);
    execFileSync('ln', ['-s', '/etc/passwd', path.join(folder, '2.json')]);
    expect(await codeOf(store.load('chat'))).toMatch(/^snapshot-invalid: .*a symbolic link/);
    execFileSync('rm', [path.join(folder, '2.json')]);
    // Fixed: usable again at once.
    expect((await store.load('chat'))?.version).toBe(1);
  });

  it('refuses a hand-edited version (truncated, another conversation, 50 MB) and leaves it as it is', async () => {
    const directory = await useTemporaryDirectory('agent-context-conversations-');
    const store = fileConversationStore({ directory });
    await store.save('chat', snapshot(1), 0);
    const file = path.join(folderOf(directory, 'chat'), '1.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, 40));
    expect(await codeOf(store.load('chat'))).toMatch(
      /^snapshot-invalid: Stored conversation "chat" \(version 1\) is not JSON/,
    );
    expect(await readFile(file, 'utf8')).toBe(text.slice(0, 40));
    await writeFile(file, text.replace('"chat"', '"other"'));
    expect(await codeOf(store.load('chat'))).toMatch(/does not name that conversation/);
    await writeFile(file, text.replace('"runs":1', '"runs":"one"'));
    expect(await codeOf(store.load('chat'))).toMatch(
      /^snapshot-invalid: The session snapshot's `runs` does not fit/,
    );
    await writeFile(file, Buffer.alloc(50 * 1024 * 1024, 32));
    expect(await codeOf(store.load('chat'))).toMatch(/^snapshot-invalid: .*52428800 bytes is over the limit/);
  });

  it('refuses a damaged kept file and leaves it as it is', async () => {
    const directory = await useTemporaryDirectory('agent-context-conversations-');
    const store = fileConversationStore({ directory });
    await store.save('chat', snapshot(1), 0, [{ path: '.context/a.txt', text: 'kept\n' }]);
    const folder = path.join(folderOf(directory, 'chat'), 'files');
    const [name] = await readdir(folder);
    const file = path.join(folder, name!);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('.context/a.txt', '.context/b.txt'));
    expect(await codeOf(store.loadFiles!('chat', ['.context/a.txt']))).toMatch(
      /^snapshot-invalid: The kept file ".context\/a.txt" of conversation "chat" is damaged/,
    );
    await writeFile(file, text.slice(0, 20));
    expect(await codeOf(store.loadFiles!('chat', ['.context/a.txt']))).toMatch(/is damaged/);
    expect(await readFile(file, 'utf8')).toBe(text.slice(0, 20));
  });

  it('keeps the latest two versions and leaves no temporary file', async () => {
    const directory = await useTemporaryDirectory('agent-context-conversations-');
    const store = fileConversationStore({ directory });
    for (let version = 0; version < 6; version += 1) await store.save('chat', snapshot(version), version);
    expect((await readdir(folderOf(directory, 'chat'))).sort()).toEqual(['5.json', '6.json']);
  });

  it('lets exactly one of four processes saving on one version through', async () => {
    const directory = await useTemporaryDirectory('agent-context-conversations-');
    const store = fileConversationStore({ directory });
    await store.save('chat', snapshot(1), 0);
    // The built package, as a worker process imports it (`npm test` builds before the tests run).
    const module = path.resolve('dist/conversations.js');
    const script = `
      const { fileConversationStore } = await import(${JSON.stringify(module)});
      const store = fileConversationStore({ directory: ${JSON.stringify(directory)} });
      const stored = await store.load('chat');
      try { await store.save('chat', { ...stored.snapshot, runs: process.pid }, 1); console.log('saved'); }
      catch (error) { console.log(error.code); }
    `;
    // Each exits 0 whether it saved or met the conflict: the output says which.
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => runModuleScript(script)));
    expect(outcomes.sort()).toEqual(['saved', 'state-conflict', 'state-conflict', 'state-conflict']);
    expect((await store.load('chat'))?.version).toBe(2);
  });
});
