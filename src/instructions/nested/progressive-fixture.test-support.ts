import { afterEach } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../../test/support/temporary-tree.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { type RecordingWorkspace, recordingWorkspace } from '../../workspace/recording-workspace.js';
import type { Workspace } from '../../workspace/workspace.js';
import { progressiveContext } from './progressive-context.js';

// The tree of the ext-context cases: instruction files at several depths, one outside the workspace.
export const files = {
  'repo/AGENTS.md': 'workspace rules (never surfaced)',
  'repo/nested/AGENTS.md': 'nested rules',
  'repo/nested/CLAUDE.md': 'nested claude rules (never read)',
  'repo/nested/deep/CLAUDE.md': Buffer.from('deep caf\xe9 rules', 'latin1'),
  'repo/nested/deep/file.ts': 'export const deep = 1;\n',
  'repo/nested/a&b.ts': 'export const ab = 1;\n',
  'repo/nested/file.ts': 'export const nested = 1;\n',
  'repo/other/AGENTS.md': 'other rules',
  'repo/other/x.ts': 'export const x = 1;\n',
  'repo/plain/y.ts': 'export const y = 1;\n',
  'outside/secret/AGENTS.md': 'SECRET outside rules',
  'outside/secret/x.ts': 'secret',
};

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** The tree of the current test (removed after it). */
export const currentTree = (): TemporaryTree => tree!;

/** A session with `fileTools()` and `progressiveContext()` on a recording local workspace over the tree. */
export async function setup(wrap: (workspace: Workspace) => Workspace = (workspace) => workspace) {
  tree = await createTemporaryTree(files, { symlinks: { 'repo/linked': '../outside/secret' } });
  const workspace: RecordingWorkspace = recordingWorkspace(wrap(localWorkspace(tree.at('repo'))));
  const session = createContextSession({ workspace, capabilities: [fileTools(), progressiveContext()] });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  // The tests count the calls of touches; the rule files read at run start are not theirs.
  workspace.clearCalls();
  const conversation = new ScriptedConversation(session, run);
  const root = tree.at('repo');
  return { workspace, session, run, conversation, events, root };
}

/** Calls that looked for instruction files (as opposed to the tool's own read). */
export const instructionCalls = (workspace: RecordingWorkspace) =>
  workspace.calls.filter((call) => /\/(AGENTS|CLAUDE)\.md$/.test(call.resolved ?? call.path));

/** A host tool's execute that succeeds with `text`. */
export const hostRead =
  (text = 'ok') =>
  () =>
    text;
