import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import type { ContextEvent } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import { projectInstructions } from './project-instructions.js';
import { renderInstructions } from './render-instructions.js';

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

async function sessionIn(
  files: Record<string, string>,
  options: Parameters<typeof projectInstructions>[0] = {},
) {
  tree = await createTemporaryTree({ '.git/HEAD': '', ...files });
  const workspace = localWorkspace(tree.root, { cwd: 'app' });
  const capability = projectInstructions(options);
  const session = createContextSession({ workspace, capabilities: [capability] });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  return { workspace, capability, session, events };
}

describe('projectInstructions', () => {
  it('gives the run the rendered instructions of the discovery', async () => {
    const { workspace, session } = await sessionIn(
      { 'AGENTS.md': 'root', 'app/AGENTS.md': 'app' },
      { maxChars: 1000 },
    );
    const run = await session.startRun();
    const expected = renderInstructions(await discoverInstructions({ workspace }), { maxChars: 1000 }).text;
    expect(run.instructions).toBe(expected);
    expect(run.instructions).toContain('<context-file path="../AGENTS.md">\nroot\n</context-file>');
  });

  it('reads @~/ imports from userDirectory, the directory user-level rules come from', async () => {
    tree = await createTemporaryTree({
      'home/notes.md': 'home notes',
      'repo/.git/HEAD': '',
      'repo/AGENTS.md': '@~/notes.md',
    });
    const capability = projectInstructions({
      userDirectory: tree.at('home'),
      allowExternalImports: true,
      externalWorkspace: localWorkspace(tree.at('home')),
    });
    const run = await createContextSession({
      workspace: localWorkspace(tree.at('repo')),
      capabilities: [capability],
    }).startRun();
    expect(run.instructions).toContain('home notes');
  });

  it('reads once per run: the text stays byte-identical after a mid-run edit', async () => {
    const { capability, session } = await sessionIn({ 'app/AGENTS.md': 'version one' });
    const run = await session.startRun();
    const first = await capability.instructions(run);
    await fs.writeFile(tree!.at('app/AGENTS.md'), 'version two');
    expect(await capability.instructions(run)).toBe(first);
    expect(run.instructions).toContain('version one');
  });

  it('shows an edit between runs in the next run', async () => {
    const { session } = await sessionIn({ 'app/AGENTS.md': 'version one' });
    expect((await session.startRun()).instructions).toContain('version one');
    await fs.writeFile(tree!.at('app/AGENTS.md'), 'version two');
    const next = await session.startRun();
    expect(next.instructions).toContain('version two');
    expect(next.instructions).not.toContain('version one');
  });

  it('emits loaded events with session-start, then run-start, and import for imports', async () => {
    const { session, events } = await sessionIn({
      'AGENTS.md': 'root @docs/a.md',
      'docs/a.md': 'a',
      'app/AGENTS.md': 'app',
    });
    await session.startRun();
    await session.startRun();
    const loaded = events
      .filter((event) => event.type === 'loaded')
      .map((event) => [event.reason, event.path, event.trigger]);
    expect(loaded).toEqual([
      ['session-start', '../AGENTS.md', undefined],
      ['import', '../docs/a.md', '../AGENTS.md'],
      ['session-start', 'AGENTS.md', undefined],
      ['run-start', '../AGENTS.md', undefined],
      ['import', '../docs/a.md', '../AGENTS.md'],
      ['run-start', 'AGENTS.md', undefined],
    ]);
    expect(session.loadedFiles().map((file) => [file.path, file.reason])).toContainEqual([
      '../docs/a.md',
      'import',
    ]);
  });

  it('reports every diagnostic as an event', async () => {
    const { session, events } = await sessionIn(
      { 'AGENTS.md': 'x'.repeat(400), 'app/AGENTS.md': 'see @missing.md' },
      { maxChars: 300 },
    );
    await session.startRun();
    const reported = events
      .filter((event) => event.diagnostic)
      .map((event) => [event.type, event.reason, event.diagnostic?.code]);
    expect(reported).toEqual([
      ['skipped', 'import', 'import-failed'],
      ['cut', 'session-start', 'truncated'],
    ]);
  });

  it('does not report a file the budget left out as loaded', async () => {
    const { session, events } = await sessionIn(
      { 'AGENTS.md': 'x'.repeat(400), 'app/AGENTS.md': 'app' },
      { maxChars: 120 },
    );
    await session.startRun();
    expect(events.filter((event) => event.type === 'loaded').map((event) => event.path)).toEqual([
      'AGENTS.md',
    ]);
    expect(events.find((event) => event.diagnostic?.code === 'over-budget')).toMatchObject({
      type: 'skipped',
      path: '../AGENTS.md',
    });
  });

  it('reads through the workspace given in options instead of the run workspace', async () => {
    const { session } = await sessionIn({}, { workspace: memoryWorkspace({ 'AGENTS.md': 'from memory' }) });
    expect((await session.startRun()).instructions).toBe(
      '<context-file path="AGENTS.md">\nfrom memory\n</context-file>',
    );
  });

  it('contributes no block when there is no instruction file', async () => {
    const { session, capability } = await sessionIn({});
    const run = await session.startRun();
    expect(run.instructions).toBe('');
    expect(capability.latest?.discovery.items).toEqual([]);
  });

  it('refuses options that cannot work when it is created', () => {
    expect(() => projectInstructions({ maxChars: 0 })).toThrow(/maxChars/);
    expect(() => projectInstructions({ filenames: ['../AGENTS.md'] })).toThrow(/filenames/);
  });
});
