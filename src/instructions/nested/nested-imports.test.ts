import { afterEach, describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../../test/support/temporary-tree.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { type NestedInstructionsOptions, nestedInstructions } from './nested-instructions.js';

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

// Every package's CLAUDE.md is the line `@AGENTS.md`, identical to the root's and to each other.
const monorepo = {
  'repo/.git/HEAD': '',
  'repo/CLAUDE.md': '@AGENTS.md\n',
  'repo/AGENTS.md': 'Root rules.',
  'repo/packages/front/CLAUDE.md': '@AGENTS.md\n',
  'repo/packages/front/AGENTS.md': 'Front-end rules.',
  'repo/packages/front/src/app.ts': 'app\n',
  'repo/packages/back/CLAUDE.md': '@AGENTS.md\n',
  'repo/packages/back/AGENTS.md': 'Back-end rules.',
  'repo/packages/back/src/server.ts': 'server\n',
};

async function sessionOver(files: Record<string, string>, options: NestedInstructionsOptions) {
  tree = await createTemporaryTree(files);
  const workspace = localWorkspace(tree.at('repo'));
  const session = createContextSession({
    workspace,
    capabilities: [fileTools(), nestedInstructions({ formats: [], ...options })],
  });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  return { session, events, conversation: new ScriptedConversation(session, run) };
}

describe('nestedInstructions: imports of the files delivered on touch', () => {
  it("delivers each package's AGENTS.md through its own identical CLAUDE.md", async () => {
    const { conversation, session } = await sessionOver(monorepo, { filenames: ['CLAUDE.md'] });
    await conversation.call('read_file', { path: 'packages/front/src/app.ts' });
    await conversation.call('read_file', { path: 'packages/back/src/server.ts' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'packages/front/CLAUDE.md',
      'packages/front/AGENTS.md',
      'packages/back/CLAUDE.md',
      'packages/back/AGENTS.md',
    ]);
    const hidden = conversation.prompt().filter((line) => line.startsWith('hidden: '));
    expect(hidden).toHaveLength(2);
    expect(hidden[0]).toContain(
      '<context-file path="packages/front/AGENTS.md">\nFront-end rules.\n</context-file>',
    );
    expect(hidden[1]).toContain(
      '<context-file path="packages/back/AGENTS.md">\nBack-end rules.\n</context-file>',
    );
  });

  it('does not repeat an import a file of the same session already brought', async () => {
    const { conversation, session, events } = await sessionOver(monorepo, {});
    await conversation.call('read_file', { path: 'packages/front/src/app.ts' });
    // AGENTS.md is read first (the default names), so CLAUDE.md's import of it is not repeated.
    expect(session.loadedFiles().map((file) => file.path)).toEqual([
      'packages/front/AGENTS.md',
      'packages/front/CLAUDE.md',
    ]);
    // Not repeated, and not an event either: nothing the model sees changed.
    expect(events.filter((event) => event.type === 'diagnostic')).toEqual([]);
  });

  it('follows the depth limit, stays in the workspace root and marks each failure in the text', async () => {
    const { conversation, events } = await sessionOver(
      {
        'repo/.git/HEAD': '',
        'outside.md': 'Secret.',
        'repo/pkg/CLAUDE.md': 'Start @one.md, @missing.md and @../../outside.md',
        'repo/pkg/one.md': 'One @two.md',
        'repo/pkg/two.md': 'Two @three.md',
        'repo/pkg/three.md': 'Three.',
        'repo/pkg/file.ts': 'x\n',
      },
      { filenames: ['CLAUDE.md'], maxImportDepth: 2 },
    );
    await conversation.call('read_file', { path: 'pkg/file.ts' });
    const [hidden] = conversation.prompt().filter((line) => line.startsWith('hidden: '));
    expect(hidden).toContain(
      'Start @one.md, <!-- import failed: missing.md (not found) --> and <!-- import failed: ../../outside.md (outside the workspace root) -->',
    );
    expect(hidden).toContain('Two <!-- import failed: three.md (depth limit of 2 exceeded) -->');
    expect(hidden).not.toContain('Secret.');
    expect(
      events.filter((event) => event.diagnostic?.code === 'import-failed').map((event) => event.path),
    ).toEqual(['pkg/two.md', 'pkg/CLAUDE.md', 'pkg/CLAUDE.md']);
  });

  it('reads no import in pointer mode', async () => {
    const { conversation, session } = await sessionOver(monorepo, {
      filenames: ['CLAUDE.md'],
      inject: 'pointer',
    });
    await conversation.call('read_file', { path: 'packages/front/src/app.ts' });
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['packages/front/CLAUDE.md']);
  });
});
