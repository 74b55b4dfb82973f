import { lstatSync, mkdirSync, readlinkSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { isAgentContextError } from '../errors.js';
import { CheckedDirectories, withCheckedDirectories } from './checked-directories.js';
import { localWorkspace } from './local-workspace.js';
import { toPosixPath } from './paths.js';
import { resolveRealPath, type SegmentInfo } from './resolve-real-path.js';

/** `depth` nested directories `d0/d1/...` under `root`, each with `file.txt`; `d<link>` is a symlink to a sibling folder. */
function writeChain(root: string, depth: number, link: number): string[] {
  const files: string[] = [];
  let directory = root;
  for (let level = 0; level < depth; level += 1) {
    if (level === link) {
      const target = `${directory}/real-${level}`;
      mkdirSync(target);
      symlinkSync(`real-${level}`, `${directory}/d${level}`);
    } else {
      mkdirSync(`${directory}/d${level}`);
    }
    directory = `${directory}/d${level}`;
    writeFileSync(`${directory}/file.txt`, `level ${level}\n`);
    files.push(`${directory}/file.txt`);
  }
  return files;
}

/** `lstat` + `readlink` on the real disk, counting the calls. */
function countingInspect() {
  const seen = { calls: 0 };
  const inspect = async (candidate: string): Promise<SegmentInfo> => {
    seen.calls += 1;
    const stats = lstatSync(candidate, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return { kind: 'symlink', target: toPosixPath(readlinkSync(candidate)) };
    return { kind: stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other' };
  };
  return { seen, inspect };
}

describe('resolveRealPath with the directories checked in one operation', () => {
  it('checks each directory of a deep chain once, and answers as a fresh walk does', async () => {
    const root = toPosixPath(await useTemporaryDirectory());
    const depth = 40;
    const files = writeChain(root, depth, 30);
    const fresh = countingInspect();
    const shared = countingInspect();
    const checked = new CheckedDirectories();
    for (const file of [
      ...files,
      `${files[40]}.missing`,
      `${path.posix.dirname(files[50] ?? '')}/nothing/below`,
    ]) {
      const expected = await resolveRealPath(file, root, fresh.inspect);
      expect(await resolveRealPath(file, root, shared.inspect, file, checked)).toEqual(expected);
    }
    // A fresh walk inspects every segment of every path (quadratic); one operation inspects each
    // directory once, plus the last segment of each path and the link's target.
    expect(fresh.seen.calls).toBeGreaterThan((depth * depth) / 2);
    expect(shared.seen.calls).toBeLessThan(3 * depth);
  });

  it('still refuses a symlink leaving the root below a checked directory', async () => {
    const base = toPosixPath(await useTemporaryDirectory());
    const root = `${base}/root`;
    mkdirSync(`${root}/a/b`, { recursive: true });
    mkdirSync(`${base}/outside`);
    symlinkSync('../../../outside', `${root}/a/b/escape`);
    const { inspect } = countingInspect();
    const checked = new CheckedDirectories();
    await resolveRealPath(`${root}/a/b/x`, root, inspect, 'a/b/x', checked);
    expect(checked.get(`${root}/a/b`)).toBe(`${root}/a/b`);
    await expect(
      resolveRealPath(`${root}/a/b/escape/x`, root, inspect, 'a/b/escape/x', checked),
    ).rejects.toSatisfy(
      (error: unknown) => isAgentContextError(error) && error.code === 'path-outside-workspace',
    );
  });
});

describe('withCheckedDirectories and localWorkspace', () => {
  it('never reads through a directory swapped for an outside symlink after it was checked', async () => {
    const base = toPosixPath(await useTemporaryDirectory());
    const root = `${base}/root`;
    mkdirSync(`${root}/docs`, { recursive: true });
    writeFileSync(`${root}/docs/guide.md`, 'inside\n');
    mkdirSync(`${base}/outside`);
    writeFileSync(`${base}/outside/guide.md`, 'outside secret\n');
    const workspace = localWorkspace(root);
    await withCheckedDirectories(async () => {
      expect((await workspace.readFile('docs/guide.md')).bytes.toString()).toBe('inside\n');
      // The check of docs/ is remembered; now another process swaps it for a link leaving the root.
      renameSync(`${root}/docs`, `${root}/docs.real`);
      symlinkSync(`${base}/outside`, `${root}/docs`);
      await expect(workspace.readFile('docs/guide.md')).rejects.toSatisfy(
        (error: unknown) => isAgentContextError(error) && error.code === 'path-outside-workspace',
      );
      await expect(workspace.readdir('docs')).rejects.toSatisfy(
        (error: unknown) => isAgentContextError(error) && error.code === 'path-outside-workspace',
      );
    });
    // Outside the operation nothing is remembered: the link is refused by the check itself.
    await expect(workspace.stat('docs/guide.md')).rejects.toSatisfy(
      (error: unknown) => isAgentContextError(error) && error.code === 'path-outside-workspace',
    );
  });

  it('shares one set of checks between nested operations, and keeps workspaces of different roots apart', async () => {
    const base = toPosixPath(await useTemporaryDirectory());
    mkdirSync(`${base}/outer/inner/deep`, { recursive: true });
    writeFileSync(`${base}/outer/inner/deep/file.txt`, 'x\n');
    symlinkSync(`${base}/outer/inner`, `${base}/outer/link`);
    const wide = localWorkspace(`${base}/outer`);
    const narrow = localWorkspace(`${base}/outer/inner`);
    await withCheckedDirectories(async () => {
      expect(await wide.stat('link/deep/file.txt')).toMatchObject({ kind: 'file' });
      await withCheckedDirectories(async () => {
        expect(await wide.realpath('link/deep/file.txt')).toBe(`${base}/outer/inner/deep/file.txt`);
      });
      // The narrow workspace checks on its own: the wide one's link is not its business.
      expect(await narrow.stat('deep/file.txt')).toMatchObject({ kind: 'file' });
      await expect(narrow.stat('../link/deep/file.txt')).rejects.toSatisfy(
        (error: unknown) => isAgentContextError(error) && error.code === 'path-outside-workspace',
      );
    });
  });
});
