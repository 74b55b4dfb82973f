import { afterEach } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../../test/support/temporary-tree.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { ScriptedConversation } from '../../session/scripted-conversation.test-support.js';
import { fileTools } from '../../tools/file-tools.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { type RecordingWorkspace, recordingWorkspace } from '../../workspace/recording-workspace.js';
import { type NestedInstructionsOptions, nestedInstructions } from './nested-instructions.js';

// A small monorepo: instruction files at several depths, a directory without one, and a twin file.
const files = {
  'CLAUDE.md': 'workspace rules',
  'pkg/CLAUDE.md': 'pkg rules',
  'pkg/main.py': 'print(1)\n',
  'pkg/sub/AGENTS.md': 'sub rules',
  'pkg/sub/deep/AGENTS.md': 'deep rules',
  'pkg/sub/deep/CLAUDE.md': 'deep claude rules',
  'pkg/sub/deep/file.ts': 'deep\n',
  'empty/readme.txt': 'no instructions here',
  'twin/AGENTS.md': 'pkg rules',
};

let tree: TemporaryTree | undefined;
afterEach(async () => {
  await tree?.remove();
  tree = undefined;
});

/** The tree of the current test (removed after it). */
export const currentTree = (): TemporaryTree => tree!;

/** RepoContext's nested traversal: the touched directory only, CLAUDE.md then AGENTS.md, host tools. */
export const repoContextOptions: NestedInstructionsOptions = {
  scope: 'directory',
  filenames: ['CLAUDE.md', 'AGENTS.md'],
  inject: 'pointer',
};

/** A session with `fileTools()` and the capability on a recording local workspace over the tree. */
export async function setup(
  options: NestedInstructionsOptions = {},
  capability = nestedInstructions(options),
  settings: { batches?: boolean } = {},
) {
  tree = await createTemporaryTree(files);
  const local = localWorkspace(tree.root);
  // Without batches: a workspace of single calls only, as a host's own may be.
  const { statPaths: _stat, readFiles: _read, listDirectories: _list, ...single } = local;
  const workspace: RecordingWorkspace = recordingWorkspace(settings.batches === false ? single : local);
  const session = createContextSession({ workspace, capabilities: [fileTools(), capability] });
  const events: ContextEvent[] = [];
  session.on((event) => events.push(event));
  const run = await session.startRun();
  // The tests count the calls of touches; the rule files read at run start are not theirs.
  workspace.clearCalls();
  return {
    workspace,
    session,
    run,
    events,
    conversation: new ScriptedConversation(session, run),
    capability,
  };
}

/** A host tool's execute that succeeds with `output`. */
export const hostTool =
  (output: unknown = 'ok') =>
  () =>
    output;
/** The hidden messages of a rendered prompt. */
export const hiddenOf = (prompt: string[]) => prompt.filter((line) => line.startsWith('hidden: '));
