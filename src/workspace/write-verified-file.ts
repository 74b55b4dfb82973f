import { constants, lstatSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { cryptoModule } from '../shared/load-on-first-use.js';
import { alreadyExistsError } from './already-exists-error.js';
import {
  notARegularFile,
  openVerified,
  type VerifiedHandle,
  type VerifiedOpenContext,
} from './open-verified.js';

/** Flags of every file this module creates: a new name only, never through a symlink, never blocking. */
const createFlags =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Write `data` to `realPath` so that nothing outside the root is created or changed, whatever a
 * concurrent process does to the path:
 * 1. the parent directory is opened and verified (missing parents are created one at a time, each
 *    below a verified parent);
 * 2. a new file is created with `O_CREAT | O_EXCL` below the verified directory;
 * 3. an existing file is never opened for writing: the data goes to a temporary file in the same
 *    directory, renamed over it (so a hard link to an outside file is never written through, and
 *    the file's permission bits are kept). Anything but a regular file is refused (`not-a-file`).
 * `exclusive` fails with `already-exists` instead of replacing.
 */
export async function writeVerifiedFile(
  realPath: string,
  data: string | Uint8Array,
  exclusive: boolean,
  context: VerifiedOpenContext,
  directoryContext: (directory: string) => VerifiedOpenContext,
): Promise<void> {
  const directory = await openDirectoryCreating(path.posix.dirname(realPath), context, directoryContext);
  try {
    const target = `${directory.path}/${path.posix.basename(realPath)}`;
    if (exclusive) return await createFile(target, data, context.requested);
    const existing = lstatSync(target, { throwIfNoEntry: false });
    if (existing === undefined) {
      try {
        return await createFile(target, data, context.requested);
      } catch (error) {
        // Created by someone else in between: replace it like any existing file.
        if (!(error instanceof AgentContextError && error.code === 'already-exists')) throw error;
      }
    }
    await replaceFile(directory.path, target, data, context.requested);
  } finally {
    await directory.handle.close();
  }
}

async function createFile(
  target: string,
  data: string | Uint8Array,
  requested: string,
  mode = 0o666,
): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target, createFlags, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyExistsError(requested, error);
    throw error;
  }
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

async function replaceFile(
  directory: string,
  target: string,
  data: string | Uint8Array,
  requested: string,
): Promise<void> {
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isFile() && !existing.isSymbolicLink()) {
    throw notARegularFile(requested, existing);
  }
  const temporary = `${directory}/.${path.posix.basename(target)}.${cryptoModule().randomBytes(6).toString('hex')}.tmp`;
  const mode = existing?.isFile() ? existing.mode & 0o7777 : 0o666;
  try {
    await createFile(temporary, data, requested, mode);
    if (existing?.isFile()) await fs.chmod(temporary, mode);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Open (creating when missing) and verify a directory below the root. */
async function openDirectoryCreating(
  directory: string,
  context: VerifiedOpenContext,
  directoryContext: (directory: string) => VerifiedOpenContext,
): Promise<VerifiedHandle> {
  const own = directoryContext(directory);
  try {
    return await openVerified(directory, 'directory', own);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || directory === context.realRoot || directory === '/') throw error;
  }
  const parent = await openDirectoryCreating(path.posix.dirname(directory), context, directoryContext);
  const name = path.posix.basename(directory);
  try {
    // mkdir never follows a symlink in its last segment, and the parent is the verified one.
    await fs.mkdir(`${parent.path}/${name}`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    return await openVerified(`${parent.path}/${name}`, 'directory', own);
  } finally {
    await parent.handle.close();
  }
}
