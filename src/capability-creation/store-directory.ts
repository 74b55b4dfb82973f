import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AgentContextError } from '../errors.js';
import { readOnlyStoreError } from './store-access.js';

/**
 * Make sure the store's own directory exists before a write: it is created when missing, but only
 * inside an existing parent directory, so a mistyped path never grows a tree of folders.
 *
 * Throws `AgentContextError`: `not-found` when the parent does not exist or is not a directory, or
 * when `directory` exists but is not a directory; `store-read-only` when the parent may not be
 * written (`EROFS`, `EACCES`); `write-failed` (reason: the system error code) when the directory
 * cannot be created for another reason.
 */
export async function ensureStoreDirectory(directory: string): Promise<void> {
  try {
    await mkdir(directory);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      const info = await stat(directory).catch(() => undefined);
      if (info?.isDirectory()) return;
      throw new AgentContextError(
        `The capability store ${directory} is not a directory: give the path of a directory (or of one to create).`,
        { code: 'not-found', path: directory, reason: 'not a directory', cause: error },
      );
    }
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      const parent = dirname(directory);
      throw new AgentContextError(
        `The capability store ${directory} cannot be created: its parent ${parent} does not exist or is not a directory. Create the parent first, or choose a store directory inside an existing one.`,
        { code: 'not-found', path: directory, reason: 'parent does not exist', cause: error },
      );
    }
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
      throw readOnlyStoreError(directory, code, error);
    throw new AgentContextError(
      `The capability store ${directory} could not be created (${code ?? 'unknown error'}): check the permissions and free space of its parent directory.`,
      { code: 'write-failed', path: directory, reason: code ?? 'mkdir failed', cause: error },
    );
  }
}
