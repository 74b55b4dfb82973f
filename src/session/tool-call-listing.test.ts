import { describe, expect, it } from 'vitest';
import { createTemporaryTree, type TemporaryTree } from '../../test/support/temporary-tree.js';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import { fileTools } from '../tools/file-tools.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { readTextFile } from '../workspace/read-text-file.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { Capability, ToolDefinition } from './capability.js';
import { createContextSession } from './context-session.js';

const files = {
  'AGENTS.md': 'root rules',
  'pkg/AGENTS.md': 'pkg rules',
  'pkg/sub/deep/CLAUDE.md': 'deep rules',
  'pkg/sub/deep/notes.txt': 'the notes\n',
  'pkg/sub/deep/.cursor/rules/style.mdc': '---\nglobs: "**/*.txt"\n---\n\nShort lines.\n',
};

/**
 * A tool that reports a touch of `pkg/sub/deep` before reading, then reads `notes.txt` through
 * `context.prefetch`; it fails after reading when its input says so.
 */
const readAheadTool: ToolDefinition<{ fail?: boolean }, string> = {
  name: 'read_notes',
  description: 'Reads the notes.',
  inputSchema: { type: 'object', properties: { fail: { type: 'boolean' } } },
  async execute(input, context) {
    context.touch?.('pkg/sub/deep', 'directory');
    const reading =
      (await context.prefetch?.([
        { path: 'pkg/sub/deep', names: ['notes.txt'], read: { maxBytes: 4096 } },
      ])) ?? context.run.workspace;
    const { text } = await readTextFile(reading, 'pkg/sub/deep/notes.txt');
    if (input.fail) throw new Error('the notes are not wanted');
    return text;
  },
};
const readAhead: Capability = { name: 'read-ahead', tools: () => [readAheadTool] };

async function setUp(tree: TemporaryTree) {
  const workspace = recordingWorkspace(localWorkspace(tree.root));
  const session = createContextSession({
    workspace,
    capabilities: [fileTools(), nestedInstructions(), readAhead],
  });
  const run = await session.startRun();
  workspace.clearCalls();
  return { workspace, session, run };
}

/** The text of every hidden message placed after the result of `callId`. */
function hiddenAfter(session: Awaited<ReturnType<typeof setUp>>['session'], callId: string): string[] {
  const placed = session.placeHiddenMessages([{ id: callId }], (message) => message.id);
  return placed.flatMap((message) => ('hidden' in message ? [message.text] : []));
}

describe('context.prefetch: a touch reported before reading joins the tool read', () => {
  it('lists the tool read and every new directory of the touch in one request, and delivers what a plain touch delivers', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const { workspace, session, run } = await setUp(tree);
      const result = await run.executeTool({ id: 'call_1', toolName: 'read_notes', input: {} });
      expect(result).toMatchObject({ isError: false, output: 'the notes\n' });
      expect(workspace.calls.map((call) => [call.method, call.paths])).toEqual([
        [
          'listDirectories',
          ['pkg/sub/deep', ...['pkg', 'pkg/sub', 'pkg/sub/deep'].map((where) => `${tree.root}/${where}`)],
        ],
      ]);
      const ahead = session.loadedFiles().map((file) => file.path);
      expect(ahead).toEqual(['pkg/AGENTS.md', 'pkg/sub/deep/CLAUDE.md']);

      // The same touch from a tool that does not read ahead: the same files, the same message.
      const plain = await setUp(tree);
      await plain.run.executeTool({
        id: 'call_1',
        toolName: 'list_directory',
        input: { path: 'pkg/sub/deep' },
      });
      expect(plain.session.loadedFiles().map((file) => file.path)).toEqual(ahead);
      expect(hiddenAfter(session, 'call_1')).toEqual(hiddenAfter(plain.session, 'call_1'));
      expect(hiddenAfter(session, 'call_1').join('\n')).toContain('deep rules');
    } finally {
      await tree.remove();
    }
  });

  it('surfaces nothing for a call that fails after reading ahead, and the next touch still delivers', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const { workspace, session, run } = await setUp(tree);
      const failed = await run.executeTool({ id: 'call_1', toolName: 'read_notes', input: { fail: true } });
      expect(failed.isError).toBe(true);
      expect(session.loadedFiles()).toEqual([]);
      workspace.clearCalls();
      await run.executeTool({
        id: 'call_2',
        toolName: 'read_file',
        input: { path: 'pkg/sub/deep/notes.txt' },
      });
      expect(session.loadedFiles().map((file) => file.path)).toEqual([
        'pkg/AGENTS.md',
        'pkg/sub/deep/CLAUDE.md',
        'pkg/sub/deep/.cursor/rules/style.mdc',
      ]);
      // Listed again for the touch that counted, not answered from the failed call's listing.
      expect(workspace.calls.filter((call) => call.method === 'listDirectories')).toHaveLength(1);
    } finally {
      await tree.remove();
    }
  });

  it('adds nothing for directories already checked: the tool read alone', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const { workspace, run } = await setUp(tree);
      await run.executeTool({ id: 'call_1', toolName: 'read_notes', input: {} });
      workspace.clearCalls();
      await run.executeTool({ id: 'call_2', toolName: 'read_notes', input: {} });
      expect(workspace.calls.map((call) => [call.method, call.paths])).toEqual([
        ['listDirectories', ['pkg/sub/deep']],
      ]);
    } finally {
      await tree.remove();
    }
  });
});
