import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../test/support/deadline-child.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { skillFile } from '../../test/support/test-repository.js';

describe('load_skill against hostile requests', () => {
  it('answers a 100 KB name among 3,000 skills by its schema, with no suggestion search', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(path.join(root, '.git'));
    // Written 100 at a time: 3,000 files one after another took much of the test's time on a busy machine.
    for (let start = 0; start < 3_000; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, offset) => {
          const name = `skill-${start + offset}`;
          await mkdir(path.join(root, '.claude/skills', name), { recursive: true });
          await writeFile(path.join(root, '.claude/skills', name, 'SKILL.md'), skillFile(name));
        }),
      );
    }
    const run = await runWithDeadline<{ huge: unknown; near: unknown }>({
      imports: [
        "import { createContextSession } from 'src/session/context-session.ts';",
        "import { skills } from 'src/skills/skills.ts';",
        "import { localWorkspace } from 'src/workspace/local-workspace.ts';",
      ],
      // The run start reads the 3,000 skills: set up outside what is measured, which is the calls.
      setup: `
        const session = createContextSession({ workspace: localWorkspace(input.root), capabilities: [skills()] });
        return await session.startRun();
      `,
      body: `
        const run = prepared;
        const call = (name) => run.executeTool({ id: 'c', toolName: 'load_skill', input: { name } });
        const huge = await call('skill-'.repeat(17_000));
        const near = await call('skil-12');
        return { huge, near };
      `,
      input: { root },
      // Only a hang reaches it: how long the calls take is a benchmark's business, and a machine busy
      // with other work made a 25 s deadline and a 2 s stall bound fail with nothing wrong.
      deadlineMs: 300_000,
    });
    expect(run.ending, run.stderr).toBe('exit 0');
    // Refused by the tool's input schema, so no name was compared with the 3,000 skills.
    expect(run.result).toEqual({
      huge: { isError: true, output: expect.stringContaining('expected string to have <=128 characters') },
      near: {
        isError: true,
        output: expect.stringMatching(/^No skill is named "skil-12"\. Closest names: skill-12, /),
      },
    });
  }, 330_000);
});
