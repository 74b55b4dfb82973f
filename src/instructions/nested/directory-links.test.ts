import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { instructionsForPath } from '../../presets/instructions-for-path.js';
import { writeRepository } from '../../presets/path-fixture.test-support.js';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { projectInstructions } from '../project-instructions.js';
import { nestedInstructions } from './nested-instructions.js';

/** A repository whose `sub/loop` links back to the root (`sub/loop -> ..`). */
async function makeLoop() {
  const root = await writeRepository({
    '.git/HEAD': '',
    'AGENTS.md': 'root rules\n',
    'sub/AGENTS.md': 'sub rules\n',
  });
  await symlink('..', path.join(root, 'sub/loop'));
  return root;
}

describe('a directory link below the working directory that leads back up', () => {
  it('does not deliver the root AGENTS.md again as a nested file through sub/loop', async () => {
    const root = await makeLoop();
    const events: ContextEvent[] = [];
    const session = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [projectInstructions(), nestedInstructions({ inject: 'contents' })],
    });
    session.on((event) => events.push(event));
    const run = await session.startRun();
    expect(run.instructions).toContain('root rules');
    await session.touch(path.join(root, 'sub/loop/sub/loop/x.ts'), { trigger: 'read x.ts', kind: 'file' });
    const delivered = session
      .placeHiddenMessages([] as never[], () => undefined)
      .map((message) => message.text);
    expect(delivered.join('\n')).toContain('sub rules');
    expect(delivered.join('\n')).not.toContain('root rules');
    expect(session.loadedFiles().map((file) => file.path)).toEqual(['AGENTS.md', 'sub/AGENTS.md']);
    const skipped = events.filter((event) => event.diagnostic?.path === 'sub/loop/AGENTS.md');
    expect(skipped).toMatchObject([
      {
        type: 'skipped',
        diagnostic: {
          severity: 'info',
          code: 'duplicate',
          message:
            'sub/loop/AGENTS.md is AGENTS.md, an instruction file of the working directory, read at run start; skipped.',
        },
      },
    ]);
  });

  it('lists the root AGENTS.md once in instructionsForPath', async () => {
    const root = await makeLoop();
    const answer = await instructionsForPath({ workspace: localWorkspace(root), path: 'sub/loop/x.ts' });
    expect(answer.entries.map((entry) => `${entry.path} ${entry.reason}`)).toEqual([
      'AGENTS.md project-instructions',
      'sub/AGENTS.md nested-instructions',
    ]);
  });
});
