import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { compiledDirectoryName, libraryVersion } from './compile-capability-module.js';
import type { CapabilityDescription } from './sandbox-protocol.js';
import { readStoreFile } from './store-file.js';

/** A validation record is a description of one module: far below this many bytes. */
const maxRecordBytes = 8 * 1024 * 1024;

/**
 * A passed validation of one module's exact bytes, kept in `.compiled/<name>.<sha256>.json`. While
 * the module's hash, the library version and the Node major all match, the module is not validated
 * again: the capability host imports `compiledFile` (after checking `compiledSha256`) and the agent's
 * process serves `description` as the capability's instructions and tool definitions.
 */
export interface ValidationRecord {
  /** Hex SHA-256 of the module file's bytes. */
  sha256: string;
  libraryVersion: string;
  nodeMajor: number;
  /** The compiled module's file name inside `.compiled/`. */
  compiledFile: string;
  /** Hex SHA-256 of the compiled module. */
  compiledSha256: string;
  description: CapabilityDescription;
}

/** The Node major version this process runs. */
export const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The validation record of `name` at `sha256`, if one exists for this library version and Node major. */
export async function readValidationRecord(
  directory: string,
  name: string,
  sha256: string,
): Promise<ValidationRecord | undefined> {
  // Never opened unless a regular file: a FIFO in the cache must not hang a load.
  const read = await readStoreFile(directory, recordPath(directory, name, sha256), {
    maxBytes: maxRecordBytes,
  });
  if (read.state !== 'ok') return undefined;
  let record: Partial<ValidationRecord>;
  try {
    record = JSON.parse(read.text) as Partial<ValidationRecord>;
  } catch {
    return undefined;
  }
  const valid =
    record.sha256 === sha256 &&
    record.libraryVersion === libraryVersion() &&
    record.nodeMajor === nodeMajor &&
    typeof record.compiledFile === 'string' &&
    /^[a-z][a-z0-9_]*\.[0-9a-f]{16}\.mjs$/.test(record.compiledFile) &&
    typeof record.compiledSha256 === 'string' &&
    typeof record.description === 'object' &&
    record.description !== null;
  return valid ? (record as ValidationRecord) : undefined;
}

/** Keep a passed validation (best effort: it is a cache, and the module is validated again without it). */
export async function writeValidationRecord(
  directory: string,
  name: string,
  record: ValidationRecord,
): Promise<void> {
  await writeFileAtomic(recordPath(directory, name, record.sha256), `${JSON.stringify(record)}\n`, {
    durable: false,
  }).catch(() => undefined);
}

function recordPath(directory: string, name: string, sha256: string): string {
  return join(directory, compiledDirectoryName, `${name}.${sha256}.json`);
}
