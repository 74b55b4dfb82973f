import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { AgentContextError, isAgentContextError } from '../errors.js';

/** System error codes that mean "this process may not write here", not "the write went wrong". */
const refusalCodes = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * Whether this process may write in the store `directory`, asked without writing anything (one
 * `access` call): `undefined` when it may (or when the directory does not exist yet: a write creates
 * it), else the system's reason (`EROFS` for a read-only file system or mount, `EACCES` for a
 * directory of another owner or without write permission).
 */
export async function storeWriteRefusal(directory: string): Promise<string | undefined> {
  try {
    await access(directory, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== undefined && refusalCodes.has(code) ? code : undefined;
  }
}

/** The `store-read-only` error for `directory`, naming the system's `reason` and the fix. */
export function readOnlyStoreError(directory: string, reason: string, cause?: unknown): AgentContextError {
  const what =
    reason === 'EROFS'
      ? 'is on a read-only file system'
      : `cannot be written by this process (${reason}: another owner, or no write permission)`;
  return new AgentContextError(
    `The capability store ${directory} ${what}, so authored capabilities can be loaded from it but not written, enabled or disabled. Point the store at a writable directory, or make ${directory} writable (mount it read-write, or change its owner or mode).`,
    { code: 'store-read-only', path: directory, reason, ...(cause === undefined ? {} : { cause }) },
  );
}

/** Throw `store-read-only` unless this process may write in the store `directory`. */
export async function assertStoreWritable(directory: string): Promise<void> {
  const refusal = await storeWriteRefusal(directory);
  if (refusal !== undefined) throw readOnlyStoreError(directory, refusal);
}

/**
 * What a failed store write throws: a refusal by the system (`EROFS`, `EACCES`, `EPERM`) becomes
 * `store-read-only`, any other system error `write-failed` naming the store, and an
 * `AgentContextError` that is not about the disk passes through as it is.
 */
export function storeWriteError(directory: string, error: unknown): unknown {
  const systemCode = isAgentContextError(error)
    ? error.code === 'write-failed'
      ? ((error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.reason)
      : undefined
    : (error as NodeJS.ErrnoException | undefined)?.code;
  if (systemCode === undefined) return error;
  if (refusalCodes.has(systemCode)) return readOnlyStoreError(directory, systemCode, error);
  if (isAgentContextError(error)) return error;
  return new AgentContextError(
    `A write to the capability store ${directory} failed (${systemCode}): ${(error as Error).message}. Nothing was changed; check its free space and the disk.`,
    { code: 'write-failed', path: directory, reason: systemCode, cause: error },
  );
}
