import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { listedFilesOf } from './listed-files.js';
import { listedWorkspace } from './listed-workspace.js';
import { localWorkspace } from './local-workspace.js';
import { prefetchWorkspace, prefetchWorkspaceAhead } from './prefetch-workspace.js';
import { guardUnreadableDirectories, withUnreadableDirectories } from './unreadable-directories.js';
import type { ListRequest, Workspace } from './workspace.js';

/**
 * `files/`: 600 regular files (a read worker's share), one over the listing's byte limit and one
 * empty; `mixed/` a file and a folder; `linking/` a file and a link to it; `partly/` listed by name only.
 */
async function setUp() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  for (const folder of ['files', 'mixed/below', 'linking', 'partly'])
    await mkdir(path.join(root, folder), { recursive: true });
  for (let index = 0; index < 600; index += 1)
    await writeFile(path.join(root, 'files', `f${index}.md`), `file ${index}\n`);
  await writeFile(path.join(root, 'files', 'long.md'), 'x'.repeat(100));
  await writeFile(path.join(root, 'files', 'empty.md'), '');
  await writeFile(path.join(root, 'mixed', 'a.md'), 'a');
  await writeFile(path.join(root, 'linking', 'a.md'), 'a');
  await symlink('a.md', path.join(root, 'linking', 'b.md'));
  await writeFile(path.join(root, 'partly', 'a.md'), 'a');
  await writeFile(path.join(root, 'partly', 'b.md'), 'b');
  return root;
}

const requests: ListRequest[] = [
  { path: '.', names: ['files', 'mixed', 'linking'], depth: 2, read: { maxBytes: 64 } },
  { path: 'partly', names: ['a.md'], read: { maxBytes: 64 } },
];

/** Every file of `folder` as `listedFilesOf` answers it, with `maxBytes`, by name. */
async function readAll(workspace: Workspace, folder: string, maxBytes: number) {
  const listed = listedFilesOf(workspace, folder);
  if (listed === undefined) return undefined;
  const answers: Array<[string, unknown]> = [];
  for (const [index, entry] of listed.entries.entries())
    answers.push([entry.path.slice(listed.nameStart), await listed.read(index, { maxBytes })]);
  return answers;
}

/** The same files as `readFiles` answers them. */
async function readEach(workspace: Workspace, folder: string, names: string[], maxBytes: number) {
  const outcomes = await workspace.readFiles!(
    names.map((name) => `${folder}/${name}`),
    { maxBytes },
  );
  return names.map((name, index) => [name, outcomes[index]]);
}

describe('listedFilesOf', () => {
  it('gives the files of a folder listed whole, in code point order, each read as readFiles reads it', async () => {
    const root = await setUp();
    const workspace = await prefetchWorkspace(localWorkspace(root), requests);
    const names = (await localWorkspace(root).readdir('files')).map((entry) => entry.name);
    for (const maxBytes of [64, 8, 1000]) {
      // Within the listing's limit, below it (a part of what it read) and above it (asked again).
      const listed = await readAll(workspace, 'files', maxBytes);
      expect(listed?.map(([name]) => name)).toEqual(names);
      expect(listed).toEqual(await readEach(workspace, 'files', names, maxBytes));
    }
    const long = (await readAll(workspace, 'files', 1000))?.find(([name]) => name === 'long.md');
    expect(long?.[1]).toMatchObject({ ok: true, value: { size: 100, truncated: false } });
  });

  it('waits for the reads still under way of a listing answered ahead', async () => {
    const root = await setUp();
    const ahead = await prefetchWorkspaceAhead(localWorkspace(root), requests);
    const names = (await localWorkspace(root).readdir('files')).map((entry) => entry.name);
    const listed = await readAll(ahead.workspace, 'files', 64);
    await ahead.settled;
    expect(listed).toEqual(await readEach(ahead.workspace, 'files', names, 64));
  });

  it('waits for a file whose read is under way, and takes what its read fills in', async () => {
    const root = await setUp();
    const inner = localWorkspace(root);
    const outcomes = await inner.listDirectories!(requests);
    const entries = outcomes.flatMap((outcome) => (outcome.ok ? outcome.value.entries : []));
    const waiting = entries.find((entry) => entry.path === 'files/f7.md')!;
    // Under way: no size, no error; its read then fills in bytes that differ from the disk's.
    delete waiting.size;
    delete waiting.contents;
    let fill = () => {};
    const filled = new Promise<void>((resolve) => {
      fill = () => {
        const bytes = new TextEncoder().encode('filled in\n');
        waiting.size = bytes.byteLength;
        waiting.contents = { bytes, size: bytes.byteLength, truncated: false };
        resolve();
      };
    });
    const underWay = (entry: object) => entry === waiting && waiting.size === undefined;
    const reads = {
      isUnderWay: underWay,
      whenWhole: (entry: object) => (underWay(entry) ? filled : undefined),
      nextStep: (entry: object) => (underWay(entry) ? filled : undefined),
      settled: filled,
    };
    const listed = listedFilesOf(listedWorkspace(inner, requests, outcomes, reads), 'files')!;
    const index = listed.entries.indexOf(waiting);
    expect(listed.waitFor(index)).toBe(filled);
    expect(listed.waitFor(index === 0 ? 1 : 0)).toBeUndefined();
    // Read before it is whole: the answer waits for it.
    const answer = listed.read(index, { maxBytes: 64 });
    setTimeout(fill, 10);
    const read = await answer;
    expect(read.ok && new TextDecoder().decode(read.value.bytes)).toBe('filled in\n');
    expect(listed.waitFor(index)).toBeUndefined();
  });

  it('gives nothing for a folder holding a folder or a link, one not listed whole, or a workspace not listed', async () => {
    const root = await setUp();
    const workspace = await prefetchWorkspace(localWorkspace(root), requests);
    expect(listedFilesOf(workspace, 'mixed')).toBeUndefined();
    expect(listedFilesOf(workspace, 'linking')).toBeUndefined();
    expect(listedFilesOf(workspace, 'partly')).toBeUndefined();
    expect(listedFilesOf(workspace, 'absent')).toBeUndefined();
    expect(listedFilesOf(workspace, 'mixed/below')?.entries).toEqual([]);
    expect(listedFilesOf(localWorkspace(root), 'files')).toBeUndefined();
  });

  it('is passed through a guard of unreadable directories while none is found', async () => {
    const root = await setUp();
    await withUnreadableDirectories(async () => {
      const guarded = guardUnreadableDirectories(await prefetchWorkspace(localWorkspace(root), requests));
      expect(listedFilesOf(guarded, 'files')?.entries).toHaveLength(602);
    });
  });
});
