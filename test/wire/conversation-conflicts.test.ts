import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileConversationStore } from '../../src/conversations/file-conversation-store.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { createTemporaryTree } from '../support/temporary-tree.js';

/** A worker of `workers/touch-turn.mjs`: resolves once it has loaded; `save()` lets it save and resolves with its report. */
async function startTouchTurn(task: Record<string, unknown>) {
  const directory = await useTemporaryDirectory('agent-context-worker-');
  const taskFile = path.join(directory, 'task.json');
  await writeFile(taskFile, JSON.stringify(task));
  const child = spawn(
    process.execPath,
    [new URL('./workers/touch-turn.mjs', import.meta.url).pathname, taskFile],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const loaded = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('loaded')) resolve();
    });
  });
  const ended = new Promise<string>((resolve) => child.on('close', () => resolve(output)));
  await loaded;
  return {
    save() {
      child.stdin.write('save\n');
      return ended;
    },
  };
}

describe('two workers finishing turns of one conversation at once', () => {
  it('one gets state-conflict; after its retry the stored state holds both turns', async () => {
    const tree = await createTemporaryTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'packages/a/AGENTS.md': '# Package a\n',
      'packages/a/index.ts': '',
      'packages/b/AGENTS.md': '# Package b\n',
      'packages/b/index.ts': '',
    });
    const storeDirectory = await useTemporaryDirectory('agent-context-conversations-');
    try {
      const task = { root: tree.root, storeDirectory };
      // Both load the same version before either saves.
      const first = await startTouchTurn({ ...task, path: 'packages/a/index.ts' });
      const second = await startTouchTurn({ ...task, path: 'packages/b/index.ts' });
      const reports = (await Promise.all([first.save(), second.save()])).map((report) => report.trim());
      expect(reports.sort()).toEqual(['loaded\nsaved', 'loaded\nstate-conflict\nsaved after retry']);
      const stored = await fileConversationStore({ directory: storeDirectory }).load('shared');
      expect(stored?.version).toBe(2);
      const texts = stored!.snapshot.hiddenMessages.texts.join('\n');
      expect(texts).toContain('# Package a');
      expect(texts).toContain('# Package b');
    } finally {
      await tree.remove();
    }
  });
});
