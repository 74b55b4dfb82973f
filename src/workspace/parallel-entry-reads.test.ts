import { execFileSync } from 'node:child_process';
import { closeSync, constants, link, openSync, readFileSync, statSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/support/seeded-random.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { listDirectoriesWith, singleCallPrimitives } from './list-directories.js';
import { localWorkspace } from './local-workspace.js';
import {
  overrideSpareCore,
  type ParallelEntry,
  type ReadEntryHere,
  readEntriesInParallel,
  readFilesInParallel,
  startFileReads,
} from './parallel-entry-reads.js';
import type { ListRequest } from './workspace.js';

const linux = process.platform === 'linux';

/**
 * A folder of 1,500 files (over the count from which a whole listing's files are read by worker
 * threads), with what the workers leave to the listing's own thread: a FIFO, a link to a file, a
 * hard-linked file, a subfolder; and files of every size around the bytes read.
 */
async function bigFolder() {
  const root = path.join(await useTemporaryDirectory(), 'repo');
  const folder = path.join(root, 'many');
  await mkdir(path.join(folder, 'sub'), { recursive: true });
  for (let index = 0; index < 1_500; index += 1) {
    await writeFile(
      path.join(folder, `file-${index}.md`),
      `---\ndescription: ${index}\n---\n${'x'.repeat(index % 40)}`,
    );
  }
  await writeFile(path.join(folder, 'empty.md'), '');
  await writeFile(path.join(folder, 'sub', 'inner.md'), 'inner\n');
  await symlink('file-1.md', path.join(folder, 'link.md'));
  await promisify(link)(path.join(folder, 'file-2.md'), path.join(folder, 'hard.md'));
  execFileSync('mkfifo', [path.join(folder, 'queue.md')]);
  return { root, folder };
}

describe.skipIf(!linux)('reads of a big folder by worker threads', () => {
  it('give what the listing gives file by file: sizes, bytes, cuts, links, hard links, FIFOs', async () => {
    const { root } = await bigFolder();
    const requests: ListRequest[] = [
      { path: 'many', read: { maxBytes: 30 } },
      { path: 'many', depth: 2, read: { maxBytes: 10_000 } },
      { path: 'many' },
      { path: 'many', read: { maxBytes: 100, endings: ['-7.md', 'empty.md'] } },
    ];
    for (const refuseHardLinks of [false, true]) {
      const workspace = localWorkspace(root, { refuseHardLinks });
      const single = await listDirectoriesWith(singleCallPrimitives(workspace), requests);
      const batched = await workspace.listDirectories!(requests);
      expect(batched).toEqual(single);
      // Not an empty comparison: the files were read, the FIFO and the hard link described.
      const listed = single[0]!.ok ? single[0]!.value.entries : [];
      expect(listed.filter((entry) => entry.contents !== undefined).length).toBeGreaterThan(1_400);
      expect(listed.find((entry) => entry.path === 'queue.md')?.kind).toBe('other');
    }
  });

  it("give the same when the listing's own thread reads them, the worker being busy", async () => {
    const { root } = await bigFolder();
    const other = await folderOf(3_000);
    const requests: ListRequest[] = [
      { path: 'many', read: { maxBytes: 30 } },
      { path: 'many', read: { maxBytes: 100, endings: ['-7.md', 'empty.md', 'queue.md', 'hard.md'] } },
    ];
    for (const refuseHardLinks of [false, true]) {
      const workspace = localWorkspace(root, { refuseHardLinks });
      const single = await listDirectoriesWith(singleCallPrimitives(workspace), requests);
      const descriptor = openSync(other.folder, constants.O_RDONLY | constants.O_DIRECTORY);
      try {
        // Every read worker reads 3,000 other files at least twice meanwhile: the listing reads its part here.
        const busy = keepWorkersBusy(descriptor, other.names);
        expect(await workspace.listDirectories!(requests)).toEqual(single);
        await busy;
      } finally {
        closeSync(descriptor);
      }
    }
  });

  it('leave to the caller what they cannot answer plainly, and answer in any order', async () => {
    const { folder } = await bigFolder();
    const descriptor = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const names = ['file-3.md', 'missing.md', 'queue.md', 'link.md', 'sub', 'hard.md', 'file-10.md'];
      const reads = readEntriesInParallel(descriptor, names, { maxBytes: 5, refuseHardLinks: true });
      const answers = await Promise.all([...names].reverse().map((name) => reads.get(name)));
      expect(
        answers.reverse().map((answer) => answer && { ...answer, bytes: answer.bytes?.toString() }),
      ).toEqual([
        expect.objectContaining({ size: statSync(path.join(folder, 'file-3.md')).size, bytes: '---\nd' }),
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        expect.objectContaining({ size: statSync(path.join(folder, 'file-10.md')).size, bytes: '---\nd' }),
      ]);
      const described = readEntriesInParallel(descriptor, ['file-3.md', 'link.md'], {
        maxBytes: undefined,
        refuseHardLinks: false,
      });
      expect(await described.get('file-3.md')).toEqual({
        size: statSync(path.join(folder, 'file-3.md')).size,
        modifiedMs: statSync(path.join(folder, 'file-3.md')).mtimeMs,
      });
      expect(await described.get('link.md')).toBeUndefined();
      await Promise.all([reads.settled, described.settled]);
    } finally {
      closeSync(descriptor);
    }
  });
});

/** A folder of `count` small files `file-N.md`, each holding its own number. */
async function folderOf(count: number) {
  const folder = path.join(await useTemporaryDirectory(), 'many');
  await mkdir(folder, { recursive: true });
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    names.push(`file-${index}.md`);
    await writeFile(path.join(folder, names[index]!), `number ${index}\n`);
  }
  return { folder, names };
}

/**
 * Every read worker kept busy reading `names` of the folder held open as `descriptor`: two requests
 * for each worker there can be (four at most), each given to the next in turn. Resolves when they are
 * done.
 */
function keepWorkersBusy(descriptor: number, names: readonly string[]): Promise<unknown> {
  return Promise.all(
    Array.from(
      { length: 8 },
      () => readEntriesInParallel(descriptor, names, { maxBytes: 100, refuseHardLinks: false }).settled,
    ),
  );
}

/** A reader on the caller's thread, as the local workspace's: the file's bytes, or `undefined`. */
function readerHere(folder: string, calls: string[]): ReadEntryHere {
  return (name) => {
    calls.push(name);
    if (name === 'queue.md' || name === 'missing.md') return undefined;
    const bytes = readFileSync(path.join(folder, name));
    const stats = statSync(path.join(folder, name));
    return { size: stats.size, modifiedMs: stats.mtimeMs, bytes };
  };
}

describe.skipIf(!linux)('reads of a big folder shared with the caller', () => {
  it("are read on the caller's thread, a whole part at a time, when the worker has not begun them", async () => {
    const { folder, names } = await folderOf(5_000);
    const descriptor = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      // The workers are kept busy with other requests, so this one's parts wait behind them.
      const busy = keepWorkersBusy(descriptor, names);
      const calls: string[] = [];
      const reads = readEntriesInParallel(
        descriptor,
        names,
        { maxBytes: 100, refuseHardLinks: false },
        readerHere(folder, calls),
      );
      const answer = reads.get('file-1.md');
      // Not a promise: the part was read here, whole, at once.
      expect(answer).toEqual(expect.objectContaining({ size: 9 }));
      expect((answer as ParallelEntry).bytes?.toString()).toBe('number 1\n');
      expect(calls).toEqual(names.slice(0, 2048));
      // Every entry answered, by either thread, as the file is; none read twice here.
      for (const [index, name] of names.entries()) {
        expect((await reads.get(name))?.bytes?.toString()).toBe(`number ${index}\n`);
      }
      expect(new Set(calls).size).toBe(calls.length);
      // Whole parts only: of each part of 2,048, every name was read here or none.
      const readHere = new Set(calls);
      for (let start = 0; start < names.length; start += 2048) {
        const part = names.slice(start, start + 2048);
        expect(part.filter((name) => readHere.has(name)).length % part.length).toBe(0);
      }
      await Promise.all([busy, reads.settled]);
    } finally {
      closeSync(descriptor);
    }
  });

  it('answer every entry as the worker alone does, in any order the caller asks', async () => {
    const { folder, names } = await folderOf(9_000);
    execFileSync('mkfifo', [path.join(folder, 'queue.md')]);
    const asked = [...names, 'queue.md', 'missing.md'];
    const descriptor = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const alone = readEntriesInParallel(descriptor, asked, { maxBytes: 100, refuseHardLinks: false });
      const expected = await Promise.all(asked.map((name) => alone.get(name)));
      const random = seededRandom(40);
      for (const order of ['in order', 'last first', 'shuffled'] as const) {
        const calls: string[] = [];
        const reads = readEntriesInParallel(
          descriptor,
          asked,
          { maxBytes: 100, refuseHardLinks: false },
          readerHere(folder, calls),
        );
        const positions = asked.map((_, index) => index);
        if (order === 'last first') positions.reverse();
        if (order === 'shuffled') positions.sort(() => random() - 0.5);
        const answers: Array<ParallelEntry | undefined> = [];
        // Asked one at a time, each awaited: the caller waits only when it cannot read a part itself.
        for (const position of positions) answers[position] = await reads.get(asked[position]!);
        const shown = (entries: Array<ParallelEntry | undefined>) =>
          entries.map((entry) => entry && [entry.size, entry.modifiedMs, entry.bytes?.toString()]);
        expect(shown(answers), order).toEqual(shown(expected));
        expect(answers.at(-2), 'a FIFO is left to the caller').toBeUndefined();
        await reads.settled;
      }
      await alone.settled;
    } finally {
      closeSync(descriptor);
    }
  });
});

describe.skipIf(!linux)('files read by name over many folders (a search batch)', () => {
  it('give what the listing gives file by file, read here or by a worker', async () => {
    const { root } = await bigFolder();
    await mkdir(path.join(root, 'other'), { recursive: true });
    for (let index = 0; index < 40; index += 1) {
      await writeFile(path.join(root, 'other', `note-${index}.txt`), `note ${index}\n`.repeat(index));
    }
    const odd = ['missing.md', 'queue.md', 'link.md', 'sub', 'hard.md', 'empty.md'];
    const requests: ListRequest[] = [
      {
        path: 'many',
        names: [...Array.from({ length: 60 }, (_, index) => `file-${index}.md`), ...odd],
        read: { maxBytes: 12 },
      },
      {
        path: 'other',
        names: ['note-3.txt', 'note-1.txt', 'note-3.txt', 'note-39.txt'],
        read: { maxBytes: 12 },
      },
      { path: 'missing-folder', names: ['a.md', 'b.md'], read: { maxBytes: 12 } },
      { path: 'many', names: ['../escape', 'sub/inner.md', 'file-1.md'], read: { maxBytes: 12 } },
    ];
    for (const [refuseHardLinks, spareCore] of [
      [false, true],
      [true, true],
      [false, false],
    ] as const) {
      // With a core to spare the batches go to a worker once one runs (the first starts them).
      overrideSpareCore(spareCore);
      const workspace = localWorkspace(root, { refuseHardLinks });
      const single = await listDirectoriesWith(singleCallPrimitives(workspace), requests);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        expect(await workspace.listDirectories!(requests)).toEqual(single);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const read = single[0]!.ok ? single[0]!.value.entries : [];
      expect(read.filter((entry) => entry.contents !== undefined).length).toBeGreaterThanOrEqual(61);
      expect(read.find((entry) => entry.path === 'link.md')?.contents?.bytes.toString()).toBe(
        '---\ndescript',
      );
    }
    overrideSpareCore(undefined);
  });
});

describe.skipIf(!linux)('a worker opening folders by real path', () => {
  it('reads only through folders it proves inside the root: no link, nothing outside', async () => {
    const { root, folder } = await bigFolder();
    const outside = path.join(path.dirname(root), 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret.md'), 'secret\n');
    await symlink(outside, path.join(root, 'link-out'));
    const answers = await readFilesInParallel(
      [
        { real: folder, names: ['file-1.md', 'missing.md', 'link.md', '../many/file-1.md'] },
        { real: path.join(root, 'link-out'), names: ['secret.md'] },
        { real: outside, names: ['secret.md'] },
        { real: path.join(folder, 'file-1.md'), names: ['x'] },
      ],
      { realRoot: root, maxBytes: 7, refuseHardLinks: false },
    );
    expect(answers.map((entries) => entries?.map((entry) => entry?.bytes?.toString()))).toEqual([
      ['---\ndes', undefined, undefined, undefined],
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe.skipIf(!linux)("a search's reads on the worker", () => {
  it('keep only whole files that are not binary and hold the bytes asked for, and can be taken at once', async () => {
    const root = path.join(await useTemporaryDirectory(), 'repo');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'holds.txt'), 'a needle here\n');
    await writeFile(path.join(root, 'lacks.txt'), 'nothing here\n');
    await writeFile(path.join(root, 'binary.txt'), Buffer.from([110, 101, 101, 100, 108, 101, 0, 1]));
    await writeFile(path.join(root, 'late-nul.txt'), `needle${'x'.repeat(40)}\u0000`);
    await writeFile(path.join(root, 'large.txt'), `needle${'x'.repeat(100)}`);
    await writeFile(path.join(root, 'empty.txt'), '');
    await symlink('holds.txt', path.join(root, 'link.txt'));
    const names = [
      'holds.txt',
      'lacks.txt',
      'binary.txt',
      'late-nul.txt',
      'large.txt',
      'empty.txt',
      'link.txt',
    ];
    const reads = startFileReads([{ real: root, names }], {
      realRoot: root,
      maxBytes: 64,
      refuseHardLinks: false,
      wholeOnly: true,
      binaryProbeBytes: 16,
      holding: Buffer.from('needle'),
    });
    const answers = await reads.answer;
    expect(reads.take()).toBe(answers);
    const shown = answers[0]!.map((entry) =>
      entry === undefined ? undefined : [entry.size, entry.notKept ?? entry.bytes?.toString() ?? 'described'],
    );
    expect(shown).toEqual([
      [14, 'a needle here\n'],
      [13, 'lacking'],
      [8, 'binary'],
      // A NUL past the probe: kept.
      [47, `needle${'x'.repeat(40)}\u0000`],
      // Larger than the bytes read: described only.
      [106, 'described'],
      [0, 'lacking'],
      undefined,
    ]);
    // A place of the bytes counts only between neighbours the tables allow (here: digits).
    await writeFile(path.join(root, 'words.txt'), 'a-b\n-1\n2-\nx-\n');
    await writeFile(path.join(root, 'digits.txt'), 'a-b\n3-4\n');
    await writeFile(path.join(root, 'wide.txt'), '\u00e9-\u00e9\n');
    const digits = new Uint8Array(128);
    digits.fill(1, 0x30, 0x3a);
    const placed = await startFileReads([{ real: root, names: ['words.txt', 'digits.txt', 'wide.txt'] }], {
      realRoot: root,
      maxBytes: 64,
      refuseHardLinks: false,
      holding: Buffer.from('-'),
      holdingNeighbours: { before: digits, after: digits },
    }).answer;
    expect(placed[0]!.map((entry) => entry?.notKept ?? entry?.bytes?.toString())).toEqual([
      'lacking',
      'a-b\n3-4\n',
      // Bytes from 128 up may be a character the test allows: kept, for the search to decide.
      '\u00e9-\u00e9\n',
    ]);
    // Taken at once, without awaiting: the answer comes while this thread waits synchronously.
    const again = startFileReads([{ real: root, names: ['holds.txt'] }], {
      realRoot: root,
      maxBytes: 64,
      refuseHardLinks: false,
    });
    const until = Date.now() + 10_000;
    let taken = again.take();
    while (taken === undefined && Date.now() < until) taken = again.take();
    expect(taken?.[0]?.[0]?.bytes?.toString()).toBe('a needle here\n');
  });
});

describe.skipIf(!linux)("the lines a search's worker answers", () => {
  it('are the lines holding the bytes at a place the neighbours allow, numbered as the file is', async () => {
    const root = path.join(await useTemporaryDirectory(), 'repo');
    await mkdir(root, { recursive: true });
    const random = seededRandom(40);
    const pieces = ['-', '-', '1', '9', 'a', ' ', '\n', '\r\n', '\u00e9', '\ufeff', '12-34'];
    const names: string[] = [];
    const files: Buffer[] = [];
    for (let index = 0; index < 60; index += 1) {
      let text = '';
      const length = Math.floor(random() * 80);
      for (let piece = 0; piece < length; piece += 1) text += pieces[Math.floor(random() * pieces.length)];
      const bytes = Buffer.from(text);
      names.push(`file-${index}.txt`);
      files.push(bytes);
      await writeFile(path.join(root, names[index]!), bytes);
    }
    const digits = new Uint8Array(128);
    digits.fill(1, 0x30, 0x3a);
    const [answers] = await readFilesInParallel([{ real: root, names }], {
      realRoot: root,
      maxBytes: 4096,
      refuseHardLinks: false,
      holding: Buffer.from('-'),
      holdingNeighbours: { before: digits, after: digits },
      holdingLines: true,
    });
    /** A place counts when each neighbour is a digit or a byte from 128 up (not a line's edge). */
    const allowed = (code: number | undefined) =>
      code !== undefined && (code >= 0x80 || (code >= 0x30 && code <= 0x39));
    let kept = 0;
    for (const [index, bytes] of files.entries()) {
      const expected: Array<[number, string]> = [];
      let start = 0;
      for (let number = 1; start <= bytes.length; number += 1) {
        let end = bytes.indexOf(0x0a, start);
        if (end === -1) end = bytes.length;
        const line = bytes.subarray(start, end);
        const holds = [...line.entries()].some(
          ([at, code]) => code === 0x2d && allowed(line[at - 1]) && allowed(line[at + 1]),
        );
        if (holds) expected.push([number, line.toString('latin1')]);
        start = end + 1;
      }
      const entry = answers![index];
      const found =
        entry?.lines?.map((line): [number, string] => [
          line.number,
          Buffer.from(line.bytes).toString('latin1'),
        ]) ?? [];
      expect(found, names[index]).toEqual(expected);
      expect(entry?.notKept, names[index]).toBe(expected.length === 0 ? 'lacking' : undefined);
      if (expected.length > 0) kept += 1;
    }
    // Not an empty comparison.
    expect(kept).toBeGreaterThan(10);
  });
});
