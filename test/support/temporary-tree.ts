import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A directory tree on disk for one test, removed by {@link TemporaryTree.remove}. */
export interface TemporaryTree {
  /** Real absolute path of the tree's top directory. */
  root: string;
  /** Absolute path of `relative` inside the tree. */
  at(relative: string): string;
  remove(): Promise<void>;
}

/**
 * Test support: create files (path relative to the tree -> text or bytes), symlinks (link -> target
 * as written) and empty directories under a fresh temporary directory.
 */
export async function createTemporaryTree(
  files: Record<string, string | Uint8Array>,
  extra: { symlinks?: Record<string, string>; directories?: string[] } = {},
): Promise<TemporaryTree> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'agent-context-instructions-')));
  const at = (relative: string) => path.join(root, relative);
  for (const directory of extra.directories ?? []) await fs.mkdir(at(directory), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(at(name)), { recursive: true });
    await fs.writeFile(at(name), content);
  }
  for (const [link, target] of Object.entries(extra.symlinks ?? {})) {
    await fs.mkdir(path.dirname(at(link)), { recursive: true });
    await fs.symlink(target, at(link));
  }
  return { root, at, remove: () => fs.rm(root, { recursive: true, force: true }) };
}
