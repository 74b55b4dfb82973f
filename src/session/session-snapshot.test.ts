import { afterEach, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { isAgentContextError } from '../errors.js';
import { type NestedDelivery, nestedInstructions } from '../instructions/nested/nested-instructions.js';
import { skills } from '../skills/skills.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import type { Capability } from './capability.js';
import { type ContextSession, createContextSession } from './context-session.js';
import { ScriptedConversation } from './scripted-conversation.test-support.js';
import {
  parseSessionSnapshot,
  type SessionSnapshot,
  savedHiddenMessages,
  savedLoadedFiles,
  snapshotVersion,
} from './session-snapshot.js';
import versionOneSnapshots from './version-1-snapshots.json' with { type: 'json' };

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** A monorepo with nested instruction files, path rules in two formats, a nested rule folder and a skill with paths. */
async function createRepository(): Promise<TemporaryTree> {
  return createTemporaryTree({
    '.git/HEAD': 'ref: refs/heads/main\n',
    'AGENTS.md': '# Root\n',
    'packages/api/AGENTS.md': '# Api package\nUse the router.\n',
    'packages/api/src/routes.ts': 'export const routes = [];\n',
    'packages/api/src/deep/AGENTS.md': '# Deep\n@notes.md\n',
    'packages/api/src/deep/notes.md': 'Notes imported by deep.\n',
    'packages/api/src/deep/file.ts': 'export {};\n',
    'packages/web/CLAUDE.md': '# Web package\n',
    'packages/web/app.tsx': 'export {};\n',
    'packages/web/.cursor/rules/components.mdc':
      '---\nglobs: "**/*.tsx"\nalwaysApply: false\n---\nComponents are functions.\n',
    '.claude/rules/tests.md': '---\npaths:\n  - "**/*.test.ts"\n---\nTests use vitest.\n',
    'packages/api/src/routes.test.ts': 'test;\n',
    '.claude/skills/migrations/SKILL.md':
      '---\nname: migrations\ndescription: Write database migrations.\npaths: ["**/migrations/**"]\n---\nSteps.\n',
    'packages/api/migrations/001.sql': 'select 1;\n',
  });
}

function capabilities(delivery: NestedDelivery): Capability[] {
  return [fileTools(), nestedInstructions({ delivery }), skills()];
}

function session(root: string, delivery: NestedDelivery, restore?: unknown): ContextSession {
  return createContextSession({
    workspace: localWorkspace(root),
    capabilities: capabilities(delivery),
    ...(restore === undefined ? {} : { restore }),
  });
}

type Step = (conversation: ScriptedConversation) => Promise<unknown>;

/** Three turns: reads that surface nested files, imports, rules of two formats, a skill offer, a mention. */
const turns: Step[][] = [
  [
    (c) => c.user('Look at the routes.'),
    (c) => c.call('read_file', { path: 'packages/api/src/routes.ts' }),
    async (c) => c.prompt(),
    (c) => c.call('read_file', { path: 'packages/api/src/routes.test.ts' }),
    async (c) => c.prompt(),
  ],
  [
    (c) => c.user('Now the deep folder and the web app.'),
    (c) => c.call('read_file', { path: 'packages/api/src/deep/file.ts' }),
    async (c) => c.prompt(),
    (c) => c.call('list_directory', { path: 'packages/web' }),
    (c) => c.call('read_file', { path: 'packages/web/app.tsx' }),
    async (c) => c.prompt(),
  ],
  [
    (c) => c.user('And a migration. Read packages/api/src/routes.ts again too.'),
    (c) => c.call('read_file', { path: 'packages/api/migrations/001.sql' }),
    (c) => c.call('read_file', { path: 'packages/api/src/routes.ts' }),
    async (c) => c.prompt(),
  ],
];

/**
 * Every prompt of the conversation, with turns from `restoreAfter` on served by restored sessions, one
 * per turn; `restoreFrom` is restored in place of the first snapshot taken.
 */
async function playConversation(
  root: string,
  delivery: NestedDelivery,
  restoreAfter: number | undefined,
  restoreFrom?: unknown,
): Promise<{ prompts: string[][]; snapshots: SessionSnapshot[] }> {
  let current = session(root, delivery);
  let conversation: ScriptedConversation | undefined;
  const prompts: string[][] = [];
  const snapshots: SessionSnapshot[] = [];
  for (const [index, steps] of turns.entries()) {
    if (restoreAfter !== undefined && index >= restoreAfter && conversation !== undefined) {
      // What a host stores between requests: JSON text, nothing shared with the old session.
      const stored = JSON.stringify(current.snapshot());
      snapshots.push(JSON.parse(stored));
      current.dispose();
      current = session(
        root,
        delivery,
        snapshots.length === 1 && restoreFrom !== undefined ? restoreFrom : JSON.parse(stored),
      );
    }
    const run = await current.startRun();
    conversation =
      conversation === undefined
        ? new ScriptedConversation(current, run)
        : conversation.continueWith(current, run);
    for (const step of steps) await step(conversation);
    prompts.push(...conversation.prompts);
  }
  return { prompts, snapshots };
}

describe('session snapshots', () => {
  for (const delivery of ['after-tool-result', 'consolidated', 'in-tool-result'] as const) {
    it(`a conversation restored before each turn sends what the one session sends (${delivery})`, async () => {
      tree = await createRepository();
      const live = await playConversation(tree.root, delivery, undefined);
      const restored = await playConversation(tree.root, delivery, 1);
      expect(restored.prompts).toEqual(live.prompts);
      // The conversation did deliver: nested files, an import, two rules and a skill offer.
      const last = live.prompts.at(-1)!.join('\n');
      for (const marker of [
        '# Api package',
        '# Deep',
        'Notes imported by deep.',
        'Tests use vitest.',
        'Components are functions.',
        'Write database migrations.',
      ]) {
        expect(last.split(marker).length - 1, marker).toBe(1);
      }
      expect(restored.snapshots).toHaveLength(2);
      expect(restored.snapshots[0]!.notSaved).toEqual([]);
    });
  }

  for (const delivery of ['after-tool-result', 'consolidated'] as const) {
    it(`continues a version 1 snapshot byte for byte, read as the snapshot this version writes (${delivery})`, async () => {
      // Written by the library before the lists were stored as columns, after the first two turns.
      const firstVersion = versionOneSnapshots[delivery];
      expect(firstVersion.version).toBe(1);
      tree = await createRepository();
      const live = await playConversation(tree.root, delivery, undefined);
      const continued = await playConversation(tree.root, delivery, 2, firstVersion);
      expect(continued.prompts).toEqual(live.prompts);
      // The same content; capability states are read by their capabilities (both forms), as the prompts show.
      const { states: _, ...read } = parseSessionSnapshot(firstVersion);
      const { states: __, ...written } = continued.snapshots[0]!;
      expect(read).toEqual(written);
    });
  }

  it('stores its long lists as columns: a path once, then what differs from the one before', async () => {
    tree = await createRepository();
    const { snapshots } = await playConversation(tree.root, 'after-tool-result', 2);
    const snapshot = snapshots[0]!;
    expect(snapshot.version).toBe(2);
    expect(snapshot.hiddenMessages.keys).toEqual([1, 2, 3, 4, 5]);
    expect(snapshot.hiddenMessages.capabilities).toEqual([[5, 'nested-instructions']]);
    expect(savedHiddenMessages(snapshot).map((message) => [message.key, message.anchor])).toEqual(
      [1, 2, 3, 4, 5].map((number) => [`agent-context-hidden-${number}`, `call_${number}`]),
    );
    expect(snapshot.loadedFiles.paths).toEqual([
      'packages/api/AGENTS.md',
      '.claude/rules/tests.md',
      'packages/api/src/deep/AGENTS.md',
      [22, 'notes.md'],
      [9, 'web/CLAUDE.md'],
      [13, '.cursor/rules/components.mdc'],
    ]);
    expect(savedLoadedFiles(snapshot).map((file) => [file.path, file.reason])).toEqual([
      ['packages/api/AGENTS.md', 'nested'],
      ['.claude/rules/tests.md', 'rule'],
      ['packages/api/src/deep/AGENTS.md', 'nested'],
      ['packages/api/src/deep/notes.md', 'nested'],
      ['packages/web/CLAUDE.md', 'nested'],
      ['packages/web/.cursor/rules/components.mdc', 'rule'],
    ]);
    const tracker = snapshot.states['nested-instructions/tracker'] as {
      checked: unknown[];
      hashes: Array<[string, number]>;
    };
    expect(tracker.checked).toEqual(['packages', [8, '/api'], [12, '/src'], [16, '/deep'], [9, 'web']]);
    // The dedup memory names each file by the index of its real path: 16-character keys.
    expect(tracker.hashes.map(([key, label]) => [key.length, label])).toEqual([
      [16, 0],
      [16, 1],
      [16, 2],
      [16, 3],
    ]);
  });

  it('holds no function, class instance or absolute path of the repository', async () => {
    tree = await createRepository();
    const { snapshots } = await playConversation(tree.root, 'after-tool-result', 1);
    const text = JSON.stringify(snapshots.at(-1));
    expect(text).not.toContain(tree.root);
    expect(JSON.parse(text)).toEqual(snapshots.at(-1));
    expect(snapshots.at(-1)!.runs).toBe(2);
  });

  it('continues where the repository sits elsewhere on another worker', async () => {
    tree = await createRepository();
    const first = session(tree.root, 'after-tool-result');
    const conversation = new ScriptedConversation(first, await first.startRun());
    await conversation.call('read_file', { path: 'packages/api/src/routes.ts' });
    conversation.prompt();
    const snapshot = first.snapshot();
    const copy = await createTemporaryTree({});
    try {
      const { cp } = await import('node:fs/promises');
      await cp(tree.root, copy.root, { recursive: true });
      const elsewhere = session(copy.root, 'after-tool-result', snapshot);
      const next = conversation.continueWith(elsewhere, await elsewhere.startRun());
      await next.call('read_file', { path: 'packages/api/src/routes.ts' });
      await next.call('list_directory', { path: 'packages/api' });
      const hidden = next.prompt().filter((line) => line.startsWith('hidden: '));
      // The api package's file was delivered before the move: not again.
      expect(hidden).toHaveLength(1);
    } finally {
      await copy.remove();
    }
  });

  it('a nested file edited between turns: the message already sent keeps its bytes, nothing is delivered again', async () => {
    tree = await createRepository();
    const first = session(tree.root, 'after-tool-result');
    const conversation = new ScriptedConversation(first, await first.startRun());
    await conversation.call('read_file', { path: 'packages/api/src/routes.ts' });
    const before = conversation.prompt();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(tree.at('packages/api/AGENTS.md'), '# Api package, edited\n');
    const restored = session(tree.root, 'after-tool-result', JSON.parse(JSON.stringify(first.snapshot())));
    const next = conversation.continueWith(restored, await restored.startRun());
    await next.call('read_file', { path: 'packages/api/src/routes.ts' });
    const after = next.prompt();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.join('\n')).not.toContain('edited');
  });

  it('a monorepo package as working directory, with a symlinked instruction file: restored, the link is still the same file', async () => {
    tree = await createTemporaryTree(
      {
        '.git/HEAD': 'ref: refs/heads/main\n',
        'packages/app/AGENTS.md': '# App\n',
        'packages/app/api/AGENTS.md': '# Api\n',
        'packages/app/api/routes.ts': '',
        'packages/app/web/page.ts': '',
      },
      { symlinks: { 'packages/app/web/CLAUDE.md': '../api/AGENTS.md' } },
    );
    const create = (restore?: unknown) =>
      createContextSession({
        workspace: localWorkspace(tree!.root, { cwd: tree!.at('packages/app') }),
        capabilities: [fileTools(), nestedInstructions()],
        ...(restore === undefined ? {} : { restore }),
      });
    const first = create();
    const conversation = new ScriptedConversation(first, await first.startRun());
    await conversation.call('read_file', { path: 'api/routes.ts' });
    expect(conversation.prompt().join('\n')).toContain('# Api');
    const restored = create(JSON.parse(JSON.stringify(first.snapshot())));
    const events: string[] = [];
    restored.on((event) => events.push(event.message));
    const next = conversation.continueWith(restored, await restored.startRun());
    await next.call('read_file', { path: 'web/page.ts' });
    // web/CLAUDE.md links to the file delivered before the restore: not delivered again.
    expect(next.prompt().join('\n').split('# Api').length - 1).toBe(1);
    expect(events).toContain('web/CLAUDE.md is the same file as api/AGENTS.md; skipped.');
  });

  it('keeps a hidden message that waits for its first placement, with its requested anchor', async () => {
    tree = await createRepository();
    const first = session(tree.root, 'after-tool-result');
    const conversation = new ScriptedConversation(first, await first.startRun());
    await conversation.user('Start.');
    conversation.prompt();
    await conversation.call('read_file', { path: 'packages/api/src/routes.ts' });
    // Saved before the model call that places it.
    const restored = session(tree.root, 'after-tool-result', first.snapshot());
    const next = conversation.continueWith(restored, await restored.startRun());
    expect(next.prompt()).toEqual(conversation.prompt());
    expect(next.prompt().at(-1)).toContain('# Api package');
  });

  it('lists state that a capability declared it cannot save, or declared nothing for', async () => {
    const owner = {};
    const silent = {};
    const counting: Capability = {
      name: 'counting',
      onRunStart(run) {
        run.session.state(owner, () => ({ count: 0 }), {
          key: 'counting/state',
          notSaved: 'it counts per process',
        });
        run.session.state(silent, () => 1);
      },
    };
    const first = createContextSession({ workspace: localWorkspace('/'), capabilities: [counting] });
    await first.startRun();
    expect(first.snapshot().notSaved).toEqual([
      { key: 'counting/state', reason: 'it counts per process' },
      { key: 'undeclared-1', reason: 'a capability keeps this state without saying how to save it' },
    ]);
  });

  it('starts a state anew, with a diagnostic, when its saved form does not fit', async () => {
    const owner = {};
    const strict: Capability = {
      name: 'strict',
      onRunStart(run) {
        const state = run.session.state(owner, () => ({ items: [] as string[] }), {
          key: 'strict/items',
          save: (value) => value.items,
          restore: (saved) => {
            if (!Array.isArray(saved)) throw new Error('items is not an array');
            return { items: saved as string[] };
          },
        });
        state.items.push(`run ${run.index}`);
      },
    };
    const first = createContextSession({ workspace: localWorkspace('/'), capabilities: [strict] });
    await first.startRun();
    const snapshot = first.snapshot();
    expect(snapshot.states).toEqual({ 'strict/items': ['run 1'] });
    const kept = createContextSession({
      workspace: localWorkspace('/'),
      capabilities: [strict],
      restore: snapshot,
    });
    await kept.startRun();
    expect(kept.snapshot().states).toEqual({ 'strict/items': ['run 1', 'run 2'] });

    const broken = createContextSession({
      workspace: localWorkspace('/'),
      capabilities: [strict],
      restore: { ...snapshot, states: { 'strict/items': { not: 'a list' } } },
    });
    const events: string[] = [];
    broken.on((event) => events.push(`${event.diagnostic?.code}: ${event.message}`));
    await broken.startRun();
    expect(events).toContain(
      'state-not-restored: The saved state strict/items could not be restored (items is not an array); it starts anew.',
    );
    expect(broken.snapshot().states).toEqual({ 'strict/items': ['run 2'] });
  });

  it('carries state a turn did not use into the next snapshot', async () => {
    tree = await createRepository();
    const first = session(tree.root, 'after-tool-result');
    const conversation = new ScriptedConversation(first, await first.startRun());
    await conversation.call('read_file', { path: 'packages/api/src/routes.ts' });
    const saved = first.snapshot();
    // A turn that touches nothing: the trackers are never asked for, and must not be lost.
    const idle = createContextSession({
      workspace: localWorkspace(tree.root),
      capabilities: [fileTools()],
      restore: saved,
    });
    expect(idle.snapshot().states).toEqual(saved.states);
  });
});

describe('snapshots that do not fit', () => {
  const valid = (): SessionSnapshot => createContextSession({ workspace: localWorkspace('/') }).snapshot();

  const refused = (value: unknown) => {
    try {
      createContextSession({ workspace: localWorkspace('/'), restore: value });
    } catch (error) {
      if (!isAgentContextError(error)) throw error;
      return { code: error.code, message: error.message };
    }
    throw new Error('the snapshot was accepted');
  };

  it('refuses truncated JSON, a field of the wrong type, a missing field and another kind of value', () => {
    const text = JSON.stringify(valid());
    expect(refused(text.slice(0, text.length / 2))).toMatchObject({ code: 'snapshot-invalid' });
    expect(refused({ ...valid(), runs: '3' })).toEqual({
      code: 'snapshot-invalid',
      message:
        'The session snapshot\'s `runs` does not fit: expected a whole number, 0 or more, got "3". Nothing of it was restored.',
    });
    const withBadMessage = valid();
    (withBadMessage.hiddenMessages.texts as unknown[]).push(7);
    expect(refused(withBadMessage).message).toContain('`hiddenMessages.texts[0]`');
    const withShortColumn = valid();
    withShortColumn.hiddenMessages.texts.push('text');
    expect(refused(withShortColumn).message).toContain(
      '`hiddenMessages.keys` does not fit: expected 1 entries (one per text), got 0',
    );
    const withLongRun = valid();
    withLongRun.hiddenMessages.capabilities.push([1e15, 'c']);
    expect(refused(withLongRun).message).toContain(
      '`hiddenMessages.capabilities` does not fit: the runs add up to more than 0 entries',
    );
    const withStraySlot = valid();
    withStraySlot.hiddenMessages.slots.push([0, 'slot']);
    expect(refused(withStraySlot).message).toContain(
      '`hiddenMessages.slots[0][0]` does not fit: no message 0',
    );
    const withBadPath = valid();
    withBadPath.loadedFiles = {
      paths: ['a', [4, 'b']],
      triggers: [null, null],
      sources: [[2, 'nested', 'c']],
    };
    expect(refused(withBadPath).message).toContain(
      '`loadedFiles.paths[1]` does not fit: shares 4 characters with a previous entry of 1',
    );
    const { hiddenMessages: _, ...missing } = valid();
    expect(refused(missing).message).toContain(
      '`hiddenMessages` does not fit: expected an object, got undefined',
    );
    expect(refused({ messages: [] })).toMatchObject({ code: 'snapshot-invalid' });
    expect(refused(null)).toMatchObject({ code: 'snapshot-invalid' });
  });

  it('refuses state nested 100,000 levels deep as a typed error, not a stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(refused({ ...valid(), states: { 'a/b': deep } })).toMatchObject({
      code: 'snapshot-invalid',
      message: expect.stringContaining('nested deeper than 64 levels'),
    });
    const text = `${JSON.stringify({ ...valid(), states: { 'a/b': 0 } }).replace('"a/b":0', `"a/b":${'['.repeat(100_000)}${']'.repeat(100_000)}`)}`;
    expect(refused(text)).toMatchObject({ code: 'snapshot-invalid' });
  });

  it('refuses another version, naming it', () => {
    expect(refused({ ...valid(), version: snapshotVersion + 1 })).toEqual({
      code: 'snapshot-version',
      message: `The session snapshot has version ${snapshotVersion + 1}; this version of agent-context reads versions 1 to ${snapshotVersion}. Start a new conversation, or continue this one with the version that saved it.`,
    });
  });

  it('reads a string as JSON and returns a copy that later changes do not reach', () => {
    const snapshot = valid();
    const parsed = parseSessionSnapshot(JSON.stringify(snapshot));
    expect(parsed).toEqual(snapshot);
    const input = { ...valid(), states: { 'a/b': { list: [1] } } };
    const copy = parseSessionSnapshot(input);
    (input.states['a/b'].list as number[]).push(2);
    expect(copy.states).toEqual({ 'a/b': { list: [1] } });
  });
});
