import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../test/support/deadline-child.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { skillFile } from '../../test/support/test-repository.js';

describe('load_skill against hostile requests', () => {
  it('answers a 100 KB name among 3,000 skills at once, with no suggestion search, the event loop served', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.git'));
    for (let index = 0; index < 3_000; index += 1) {
      const name = `skill-${index}`;
      await mkdir(path.join(root, '.claude/skills', name), { recursive: true });
      await writeFile(path.join(root, '.claude/skills', name, 'SKILL.md'), skillFile(name));
    }
    const run = await runWithDeadline<{ huge: unknown; near: unknown }>({
      imports: [
        "import { createContextSession } from 'src/session/context-session.ts';",
        "import { skills } from 'src/skills/skills.ts';",
        "import { localWorkspace } from 'src/workspace/local-workspace.ts';",
      ],
      body: `
        const session = createContextSession({ workspace: localWorkspace(input.root), capabilities: [skills()] });
        const run = await session.startRun();
        const call = (name) => run.executeTool({ id: 'c', toolName: 'load_skill', input: { name } });
        const huge = await call('skill-'.repeat(17_000));
        const near = await call('skil-12');
        return { huge, near };
      `,
      input: { root },
      deadlineMs: 25_000,
    });
    expect(run.ending, run.stderr).toBe('exit 0');
    expect(run.result).toEqual({
      huge: { isError: true, output: expect.stringContaining('expected string to have <=128 characters') },
      near: {
        isError: true,
        output: expect.stringMatching(/^No skill is named "skil-12"\. Closest names: skill-12, /),
      },
    });
    expect(run.longestStallMs).toBeLessThan(2_000);
  });
});
