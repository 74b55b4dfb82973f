import { readdirSync, statSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { localWorkspace } from './local-workspace.js';
import { parallelReadersReady, readEntriesInParallel } from './parallel-entry-reads.js';
import { compareCodePoints } from './paths.js';

// The directory reads as they are, watched: when each directory is read.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, readdirSync: vi.fn(actual.readdirSync) };
});

// The worker's reads as they are, watched: which names of a listing reach it, and when.
vi.mock('./parallel-entry-reads.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./parallel-entry-reads.js')>();
  return {
    ...actual,
    parallelReadersReady: vi.fn(actual.parallelReadersReady),
    readEntriesInParallel: vi.fn(actual.readEntriesInParallel),
  };
});

const watched = vi.mocked(readEntriesInParallel);
const started = vi.mocked(parallelReadersReady);
const directoryReads = vi.mocked(readdirSync);

afterEach(() => {
  watched.mockClear();
  started.mockClear();
  directoryReads.mockClear();
});

/** `flat/`: 600 commands only; `mixed/`: 600 commands, 20 notes, a folder and a link. */
async function setUp() {
  const root = path.join(await useTemporaryDirectory(), 'root');
  await mkdir(path.join(root, 'flat'), { recursive: true });
  await mkdir(path.join(root, 'mixed', 'below'), { recursive: true });
  for (let index = 0; index < 600; index += 1) {
    await writeFile(path.join(root, 'flat', `c${index}.md`), `command ${index}\n`);
    await writeFile(path.join(root, 'mixed', `c${index}.md`), `command ${index}\n`);
  }
  // Names the engine's own sort would put elsewhere (a surrogate pair before U+FF5E).
  await writeFile(path.join(root, 'flat', '\u{1F600}.md'), 'smile\n');
  await writeFile(path.join(root, 'flat', '\uFF5E.md'), 'tilde\n');
  for (let index = 0; index < 20; index += 1)
    await writeFile(path.join(root, 'mixed', `n${index}.txt`), 'note\n');
  await symlink('c1.md', path.join(root, 'mixed', 'link.md'));
  return root;
}

function namesOf(entries: Array<{ path: string }>) {
  return entries.map((entry) => entry.path);
}

describe('a big directory listed whole', () => {
  it('gives its wanted files to a read worker, in the listing order', async () => {
    const root = await setUp();
    const [outcome] = await localWorkspace(root).listDirectories!([
      { path: 'flat', read: { maxBytes: 64, endings: ['.md'] } },
    ]);
    if (outcome?.ok !== true) throw new Error('listing failed');
    const listed = namesOf(outcome.value.entries);
    expect(listed).toEqual([...listed].sort(compareCodePoints));
    expect(listed.slice(-2)).toEqual(['\uFF5E.md', '\u{1F600}.md']);
    expect(watched).toHaveBeenCalledTimes(1);
    const [, names, options] = watched.mock.calls[0]!;
    expect(names).toEqual(listed);
    expect(options.maxBytes).toBe(64);
    const smile = outcome.value.entries.at(-1)!;
    expect(Buffer.from(smile.contents!.bytes).toString()).toBe('smile\n');
  });

  it('gives the worker the regular files it reads of a mixed directory, and only those', async () => {
    const root = await setUp();
    const [outcome] = await localWorkspace(root).listDirectories!([
      { path: 'mixed', read: { maxBytes: 64, endings: ['.md'] } },
    ]);
    if (outcome?.ok !== true) throw new Error('listing failed');
    const read = outcome.value.entries.filter((entry) => entry.contents !== undefined);
    expect(read).toHaveLength(601); // the link is read too, on this thread
    expect(watched).toHaveBeenCalledTimes(1);
    const [, names, options] = watched.mock.calls[0]!;
    expect(names).toEqual(namesOf(read).filter((name) => name !== 'link.md'));
    expect(options.maxBytes).toBe(64);
  });

  it('starts the worker before its files are given to it, and none for a small folder', async () => {
    const root = await setUp();
    await mkdir(path.join(root, 'small'));
    for (let index = 0; index < 100; index += 1)
      await writeFile(path.join(root, 'small', `c${index}.md`), 'c\n');
    const workspace = localWorkspace(root);
    await workspace.listDirectories!([{ path: 'small', read: { maxBytes: 64 } }]);
    expect(started).not.toHaveBeenCalled();
    expect(watched).not.toHaveBeenCalled();
    await workspace.listDirectories!([{ path: 'flat', read: { maxBytes: 64 } }]);
    expect(started).toHaveBeenCalled();
    const firstStart = started.mock.invocationCallOrder[0]!;
    expect(firstStart).toBeLessThan(watched.mock.invocationCallOrder[0]!);
    // Where the folder's own size says it is big (ext4, XFS, Btrfs: 16 KiB or more for 602 files), the
    // worker starts before the folder is read; elsewhere (tmpfs) once its entries are counted.
    if (statSync(path.join(root, 'flat')).size >= 16 * 1024) {
      const read = directoryReads.mock.invocationCallOrder.at(-1)!;
      expect(firstStart).toBeLessThan(read);
    }
  });

  it('gives the worker every regular file to describe when none is read', async () => {
    const root = await setUp();
    const [outcome] = await localWorkspace(root).listDirectories!([{ path: 'mixed' }]);
    if (outcome?.ok !== true) throw new Error('listing failed');
    const files = outcome.value.entries.filter((entry) => entry.kind === 'file' && !entry.symlink);
    expect(files).toHaveLength(620);
    expect(files.every((entry) => entry.size !== undefined && entry.contents === undefined)).toBe(true);
    const [, names, options] = watched.mock.calls[0]!;
    expect(names).toEqual(namesOf(files));
    expect(options.maxBytes).toBeUndefined();
  });
});
