import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { listingAheadOf } from './listing-ahead.js';
import { localWorkspace } from './local-workspace.js';
import { prefetchWorkspace, prefetchWorkspaceAhead } from './prefetch-workspace.js';
import type { ListRequest, Workspace } from './workspace.js';

/**
 * A big folder of plain files (read by a read worker, its listing answered before the reads), and
 * a small one holding what a listing must describe rather than read: links inside and out, a link
 * to nothing, a FIFO, a folder. The small one sorts first, so nothing waits for I/O once the big
 * one's reads are sent: its reads are usually still under way when the listing is answered.
 */
async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const big = path.join(root, '.claude', 'commands');
  const small = path.join(root, '.claude', 'agents');
  await mkdir(path.join(big, 'team'), { recursive: true });
  await mkdir(small, { recursive: true });
  await writeFile(path.join(base, 'secret.md'), 'secret');
  for (let index = 0; index < 700; index += 1) {
    await writeFile(path.join(big, `c${index}.md`), `---\ndescription: Command ${index}.\n---\n`);
  }
  await writeFile(path.join(big, 'notes.txt'), 'not read');
  await writeFile(path.join(big, 'team', 'deploy.md'), 'Deploy.\n');
  await writeFile(path.join(small, 'reviewer.md'), '---\nname: reviewer\n---\n');
  await symlink('../commands/c1.md', path.join(small, 'linked.md'));
  await symlink('../../../secret.md', path.join(small, 'outside.md'));
  await symlink('nothing.md', path.join(small, 'dangling.md'));
  execFileSync('mkfifo', [path.join(small, 'pipe.md')]);
  return root;
}

const requests: ListRequest[] = [
  {
    path: '.',
    names: ['.claude/commands', '.claude/agents'],
    depth: 3,
    read: { maxBytes: 64, endings: ['.md'] },
  },
];

/** What a single call answers: its value, or the code it threw. */
async function answer(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    return isAgentContextError(error) ? error.code : String(error);
  }
}

/** Every answer a listed workspace gives about the tree, in one order. */
async function answers(workspace: Workspace): Promise<unknown[]> {
  const paths = [
    ...Array.from({ length: 700 }, (_, index) => `.claude/commands/c${index}.md`),
    ...['notes.txt', 'team/deploy.md', 'absent.md'].map((name) => `.claude/commands/${name}`),
    ...['reviewer.md', 'linked.md', 'outside.md', 'dangling.md', 'pipe.md'].map(
      (name) => `.claude/agents/${name}`,
    ),
  ];
  const found: unknown[] = [];
  found.push(await answer(() => workspace.readdir('.claude/commands')));
  found.push(await workspace.readFiles!(paths, { maxBytes: 64 }));
  for (const name of [...paths].reverse()) {
    found.push(await answer(() => workspace.readFile(name, { maxBytes: 64 })));
    found.push(await answer(() => workspace.stat(name)));
    found.push(await answer(() => workspace.realpath(name)));
  }
  return found;
}

describe('a listing answered ahead of its reads', () => {
  it('gives the same outcomes as the usual listing once its reads are done', async () => {
    const root = await setUp();
    const workspace = localWorkspace(root);
    const usual = await workspace.listDirectories!(requests);
    const ahead = await listingAheadOf(workspace)!(requests);
    const files = ahead.outcomes.flatMap((outcome) => (outcome.ok ? outcome.value.entries : []));
    // How many reads are still under way here is a matter of timing (a loaded machine may let the
    // worker answer them all while the listing yields): what must hold is the answer once settled.
    await ahead.reads.settled;
    expect(files.filter((entry) => ahead.reads.isUnderWay(entry))).toEqual([]);
    expect(ahead.outcomes).toEqual(usual);
  });

  it('answers as the usual prefetch does while the reads are still under way, then settles', async () => {
    const root = await setUp();
    const workspace = localWorkspace(root);
    const usual = await answers(await prefetchWorkspace(workspace, requests));
    const ahead = await prefetchWorkspaceAhead(workspace, requests);
    expect(await answers(ahead.workspace)).toEqual(usual);
    await ahead.settled;
    // Asked again once settled, and through a replayed listing: the same.
    expect(await answers(ahead.workspace)).toEqual(usual);
    const [replayed] = await ahead.workspace.listDirectories!(requests);
    expect(replayed).toEqual((await workspace.listDirectories!(requests))[0]);
  });

  it('is the usual prefetch for a workspace that does not list ahead', async () => {
    const root = await setUp();
    const { listDirectories: _list, ...plain } = localWorkspace(root);
    const single: Workspace = {
      ...plain,
      listDirectories: (asked) => localWorkspace(root).listDirectories!(asked),
    };
    expect(listingAheadOf(single)).toBeUndefined();
    const ahead = await prefetchWorkspaceAhead(single, requests);
    await ahead.settled;
    expect(await answers(ahead.workspace)).toEqual(await answers(await prefetchWorkspace(single, requests)));
  });
});
