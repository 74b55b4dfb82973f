import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, readSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { openEntrySync, openVerifiedFileSync, platformVerification } from './open-verified.js';

/** A root with `inner/note.txt` (INSIDE) and, beside the root, `outside/note.txt` (OUTSIDE). */
async function rootBesideOutside() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'inner'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'inner', 'note.txt'), 'INSIDE');
  writeFileSync(path.join(outside, 'note.txt'), 'OUTSIDE');
  const context = (requested: string) => ({
    realRoot: root,
    requested,
    method: platformVerification,
    recheck: async () => undefined,
  });
  const openInner = () => openVerifiedFileSync(path.join(root, 'inner'), context('inner'), 'directory');
  return { root, outside, context, openInner };
}

function textOf(descriptor: number, size: number): string {
  const buffer = Buffer.alloc(size);
  const read = readSync(descriptor, buffer, 0, size, 0);
  return buffer.subarray(0, read).toString();
}

describe.skipIf(platformVerification !== 'descriptor-path')('openEntrySync', () => {
  it('reads the entry of the directory held open, even after its path is swapped for a link outside', async () => {
    const { root, outside, context, openInner } = await rootBesideOutside();
    const directory = openInner();
    try {
      renameSync(path.join(root, 'inner'), path.join(root, 'moved'));
      symlinkSync(outside, path.join(root, 'inner'));
      const opened = openEntrySync(directory.descriptor, 'note.txt', context('inner/note.txt'));
      try {
        expect(textOf(opened.descriptor, opened.stats.size)).toBe('INSIDE');
      } finally {
        closeSync(opened.descriptor);
      }
    } finally {
      closeSync(directory.descriptor);
    }
  });

  it('refuses an entry that is a symbolic link, without following it', async () => {
    const { root, outside, context, openInner } = await rootBesideOutside();
    symlinkSync(path.join(outside, 'note.txt'), path.join(root, 'inner', 'link.txt'));
    const directory = openInner();
    try {
      expect(() => openEntrySync(directory.descriptor, 'link.txt', context('inner/link.txt'))).toThrow(
        expect.objectContaining({ code: 'path-outside-workspace' }),
      );
    } finally {
      closeSync(directory.descriptor);
    }
  });

  it('refuses a name that is not one plain entry name', async () => {
    const { context, openInner } = await rootBesideOutside();
    const directory = openInner();
    try {
      for (const name of ['..', '.', '', '../outside/note.txt', 'a\0b']) {
        expect(() => openEntrySync(directory.descriptor, name, context(name))).toThrow(
          expect.objectContaining({ code: 'path-outside-workspace' }),
        );
      }
    } finally {
      closeSync(directory.descriptor);
    }
  });

  it('opens a named pipe without blocking and refuses it as not a file', async () => {
    const { root, context, openInner } = await rootBesideOutside();
    execFileSync('mkfifo', [path.join(root, 'inner', 'pipe')]);
    const directory = openInner();
    try {
      expect(() => openEntrySync(directory.descriptor, 'pipe', context('inner/pipe'))).toThrow(
        expect.objectContaining({ code: 'not-a-file' }),
      );
    } finally {
      closeSync(directory.descriptor);
    }
  });
});
