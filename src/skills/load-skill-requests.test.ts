import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createTemporaryTree } from '../../test/support/temporary-tree.js';
import { skillFile } from '../../test/support/test-repository.js';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import { countingExec, localShellExec } from '../workspace/shell/shell-exec.test-support.js';
import { shellWorkspace } from '../workspace/shell/shell-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { skills } from './skills.js';

const files = {
  '.claude/skills/release/SKILL.md': skillFile('release'),
  '.claude/skills/release/AGENTS.md': 'Tag releases from main only.\n',
  '.claude/skills/release/scripts/tag.sh': 'git tag "$1"\n',
};

/** The files nested instructions delivered. */
const nestedFiles = (session: { loadedFiles(): Array<{ path: string; reason: string }> }) =>
  session
    .loadedFiles()
    .filter((file) => file.reason === 'nested')
    .map((file) => file.path);

async function loadRelease(workspace: Workspace) {
  const session = createContextSession({ workspace, capabilities: [nestedInstructions(), skills()] });
  const run = await session.startRun();
  return {
    session,
    load: (id: string) => run.executeTool({ id, toolName: 'load_skill', input: { name: 'release' } }),
  };
}

describe('load_skill requests', () => {
  it('costs one request on a sandbox: the SKILL.md, its folder and the nested files of the new folders', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const exec = countingExec(localShellExec());
      const { session, load } = await loadRelease(shellWorkspace({ root: tree.root, exec }));
      exec.reset();
      const result = await load('call_1');
      expect(exec.calls).toBe(1);
      expect(result.isError).toBe(false);
      expect(result.output).toContain('scripts/tag.sh');
      expect(nestedFiles(session)).toEqual(['.claude/skills/release/AGENTS.md']);
      const placed = session.placeHiddenMessages([{ id: 'call_1' }], (message) => message.id);
      expect(placed.flatMap((message) => ('hidden' in message ? [message.text] : []))).toEqual([
        expect.stringContaining('Tag releases from main only.'),
      ]);
      // Loaded again: its folders are checked, so only the skill's own listing.
      exec.reset();
      await load('call_2');
      expect(exec.calls).toBe(1);
    } finally {
      await tree.remove();
    }
  });

  it('asks a local workspace one listDirectories, and delivers nothing when the load fails', async () => {
    const tree = await createTemporaryTree(files);
    try {
      const workspace = recordingWorkspace(localWorkspace(tree.root));
      const { session, load } = await loadRelease(workspace);
      await writeFile(tree.at('.claude/skills/release/SKILL.md'), Buffer.from([0, 1, 2]));
      workspace.clearCalls();
      expect((await load('call_1')).isError).toBe(true);
      expect(workspace.calls.map((call) => call.method)).toEqual(['listDirectories']);
      expect(nestedFiles(session)).toEqual([]);
      await writeFile(tree.at('.claude/skills/release/SKILL.md'), skillFile('release'));
      workspace.clearCalls();
      expect((await load('call_2')).isError).toBe(false);
      expect(workspace.calls.map((call) => call.method)).toEqual(['listDirectories']);
      expect(nestedFiles(session)).toEqual(['.claude/skills/release/AGENTS.md']);
    } finally {
      await tree.remove();
    }
  });
});
