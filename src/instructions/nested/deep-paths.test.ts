import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../../test/support/deadline-child.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';

const imports = [
  "import { createContextSession } from 'src/session/context-session.ts';",
  "import { nestedInstructions } from 'src/instructions/nested/nested-instructions.ts';",
  "import { localWorkspace } from 'src/workspace/local-workspace.ts';",
];

/** Touch `input.touched` in a fresh session; report the events and what a run holds. */
const touchBody = `
  const workspace = localWorkspace(input.root);
  const session = createContextSession({ workspace, capabilities: [nestedInstructions()] });
  const events = [];
  session.on((event) => events.push([event.type, event.diagnostic?.code ?? '', event.path.slice(0, 40)]));
  await session.startRun();
  await session.touch(input.touched);
  let stat;
  try { await workspace.stat(input.touched); stat = 'answered'; } catch (error) { stat = error.code; }
  return { events, stat };
`;

async function repository(): Promise<string> {
  const root = await useTemporaryDirectory();
  await mkdir(path.join(root, '.git'));
  await writeFile(path.join(root, 'AGENTS.md'), 'Root.\n');
  return root;
}

describe('deep touched paths', () => {
  it('refuse a path 2,000 levels deep at once with a diagnostic, the event loop served', async () => {
    const root = await repository();
    const run = await runWithDeadline<{ events: string[][]; stat: string }>({
      imports,
      body: touchBody,
      input: { root, touched: `${'a/'.repeat(2_000)}x.ts` },
      deadlineMs: 20_000,
    });
    expect(run.ending).toBe('exit 0');
    expect(run.result?.events).toEqual([
      ['skipped', 'invalid-path', 'a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/'],
    ]);
    expect(run.result?.stat).toBe('invalid-path');
    expect(run.longestStallMs).toBeLessThan(2_000);
  });

  it('check every directory of a real chain 200 levels deep, and find its instruction files', async () => {
    const root = await repository();
    const chain = Array.from({ length: 200 }, (_, level) => `d${level}`);
    await mkdir(path.join(root, ...chain), { recursive: true });
    await writeFile(path.join(root, ...chain.slice(0, 100), 'AGENTS.md'), 'Halfway.\n');
    await writeFile(path.join(root, ...chain, 'AGENTS.md'), 'Bottom.\n');
    const run = await runWithDeadline<{ events: string[][]; stat: string }>({
      imports,
      body: touchBody,
      input: { root, touched: `${chain.join('/')}/x.ts` },
      deadlineMs: 20_000,
    });
    expect(run.ending).toBe('exit 0');
    expect(run.result?.events.map(([type, code]) => `${type} ${code}`)).toEqual(['loaded ', 'loaded ']);
    expect(run.result?.stat).toBe('answered');
    expect(run.longestStallMs).toBeLessThan(2_000);
  });
});
