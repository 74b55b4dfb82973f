import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { localWorkspace } from './local-workspace.js';

/**
 * A second process that keeps swapping `flip` (a directory) and `file.txt` (a file) for symlinks to
 * the outside directory and its canary, and back, as fast as it can, until it is killed.
 */
const swapper = `
const fs = require('node:fs');
const [root, outside] = process.argv.slice(1);
const quietly = (action) => { try { action(); } catch {} };
process.stdout.write('ready\\n');
for (;;) {
  quietly(() => fs.renameSync(root + '/flip', root + '/flip.real'));
  quietly(() => fs.symlinkSync(outside, root + '/flip'));
  quietly(() => fs.renameSync(root + '/file.txt', root + '/file.real'));
  quietly(() => fs.symlinkSync(outside + '/canary.txt', root + '/file.txt'));
  quietly(() => fs.unlinkSync(root + '/flip'));
  quietly(() => fs.renameSync(root + '/flip.real', root + '/flip'));
  quietly(() => fs.unlinkSync(root + '/file.txt'));
  quietly(() => fs.renameSync(root + '/file.real', root + '/file.txt'));
}
`;

function startSwapper(root: string, outside: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', swapper, root, outside], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve(child));
  });
}

function stopSwapper(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * A root with `flip/note.txt` and `file.txt`, and beside it an `outside` folder whose files have an
 * access time older than their modification time, so any read of them shows in `before`'s atimes.
 */
async function makeSwapTree() {
  const base = await useTemporaryDirectory();
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'flip'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'flip', 'note.txt'), 'INSIDE');
  writeFileSync(path.join(root, 'file.txt'), 'INSIDE');
  writeFileSync(path.join(outside, 'note.txt'), 'OUTSIDE');
  writeFileSync(path.join(outside, 'canary.txt'), 'OUTSIDE CANARY');
  // An access time older than the modification time: any read updates it, even under relatime.
  const then = new Date(Date.now() - 3_600_000);
  const earlier = new Date(then.getTime() - 3_600_000);
  for (const name of ['note.txt', 'canary.txt']) utimesSync(path.join(outside, name), earlier, then);
  const before = ['note.txt', 'canary.txt'].map((name) => statSync(path.join(outside, name)));
  return { root, outside, before };
}

describe('localWorkspace against a process swapping paths for symlinks while it works', () => {
  it('reads, lists and writes nothing outside the root in 700 operations, batches included', async () => {
    const { root, outside, before } = await makeSwapTree();

    const workspace = localWorkspace(root);
    const child = await startSwapper(root, outside);
    const outcomes = { succeeded: 0, refused: 0 };
    const leaks: string[] = [];
    try {
      const operation = async (index: number) => {
        try {
          switch (index % 7) {
            case 0: {
              const { bytes } = await workspace.readFile('flip/note.txt');
              if (Buffer.from(bytes).toString() !== 'INSIDE') leaks.push(`read flip/note.txt: ${bytes}`);
              break;
            }
            case 1: {
              const { bytes } = await workspace.readFile('file.txt');
              if (Buffer.from(bytes).toString().includes('OUTSIDE')) leaks.push(`read file.txt: ${bytes}`);
              break;
            }
            case 2: {
              const names = (await workspace.readdir('flip')).map((entry) => entry.name);
              if (names.includes('canary.txt')) leaks.push(`listed flip: ${names.join(', ')}`);
              break;
            }
            case 3:
              await workspace.writeFile!(`flip/written-${index}.txt`, 'INSIDE');
              break;
            case 4: {
              // A listing by names may see the names of a swapped-in directory; it reads none of its files.
              const [listed] = await workspace.listDirectories!([
                { path: 'flip', names: ['note.txt', 'canary.txt'], read: { maxBytes: 100 } },
                { path: '.', names: ['file.txt', 'flip/note.txt'], read: { maxBytes: 100 } },
              ]);
              if (!listed?.ok) throw listed?.error;
              for (const entry of listed.value.entries) {
                const text = entry.contents ? Buffer.from(entry.contents.bytes).toString() : '';
                if (text.includes('OUTSIDE')) leaks.push(`listed and read ${entry.path}: ${text}`);
              }
              break;
            }
            case 5: {
              for (const outcome of await workspace.readFiles!(['file.txt', 'flip/note.txt'])) {
                const text = outcome.ok ? Buffer.from(outcome.value.bytes).toString() : '';
                if (text.includes('OUTSIDE')) leaks.push(`batch read: ${text}`);
              }
              break;
            }
            default:
              await workspace.writeFile!('file.txt', 'INSIDE');
          }
          outcomes.succeeded += 1;
        } catch (error) {
          if (!isAgentContextError(error)) throw error;
          outcomes.refused += 1;
        }
      };
      const pending = new Set<Promise<void>>();
      for (let index = 0; index < 700; index++) {
        const running: Promise<void> = operation(index).finally(() => pending.delete(running));
        pending.add(running);
        if (pending.size >= 8) await Promise.race(pending);
      }
      await Promise.all(pending);
    } finally {
      await stopSwapper(child);
    }

    // Times first: reading the canaries below updates their access time.
    const after = ['note.txt', 'canary.txt'].map((name) => statSync(path.join(outside, name)));
    expect(leaks).toEqual([]);
    expect(readdirSync(outside).sort()).toEqual(['canary.txt', 'note.txt']);
    expect(after.map((stats) => [stats.atimeMs, stats.mtimeMs])).toEqual(
      before.map((stats) => [stats.atimeMs, stats.mtimeMs]),
    );
    expect(readFileSync(path.join(outside, 'canary.txt'), 'utf8')).toBe('OUTSIDE CANARY');
    expect(readFileSync(path.join(outside, 'note.txt'), 'utf8')).toBe('OUTSIDE');
    // Both outcomes occur, so the swaps really raced the operations.
    expect(outcomes.succeeded).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 30_000);
});

describe('whole listings that read their files, against the same swapping process', () => {
  it('reads no byte outside the root in 300 listings of the root and of the swapped directory', async () => {
    const { root, outside, before } = await makeSwapTree();

    const workspace = localWorkspace(root);
    const child = await startSwapper(root, outside);
    const leaks: string[] = [];
    let read = 0;
    try {
      for (let index = 0; index < 300; index++) {
        const outcomes = await workspace.listDirectories!([
          { path: '.', depth: 3, read: { maxBytes: 100 } },
          { path: 'flip', depth: 2, read: { maxBytes: 100 } },
        ]);
        for (const outcome of outcomes) {
          if (!outcome.ok) continue;
          for (const entry of outcome.value.entries) {
            if (entry.contents === undefined) continue;
            read += 1;
            const text = Buffer.from(entry.contents.bytes).toString();
            if (text.includes('OUTSIDE')) leaks.push(`listed and read ${entry.path}: ${text}`);
          }
        }
      }
    } finally {
      await stopSwapper(child);
    }

    const after = ['note.txt', 'canary.txt'].map((name) => statSync(path.join(outside, name)));
    expect(leaks).toEqual([]);
    expect(after.map((stats) => [stats.atimeMs, stats.mtimeMs])).toEqual(
      before.map((stats) => [stats.atimeMs, stats.mtimeMs]),
    );
    // The listings did read files inside while the swaps ran.
    expect(read).toBeGreaterThan(0);
  }, 30_000);
});
