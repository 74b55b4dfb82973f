import nodePath from 'node:path';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import { describeError, isAgentContextError } from '../errors.js';
import { sha256Of } from '../shared/sha256.js';
import { isInside } from '../workspace/paths.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { documentKey } from './document-key.js';

/** Where loaded files are remembered, so the whole chain is deduplicated (first occurrence wins). */
export interface SeenFiles {
  /** Real path -> label of the file loaded from it. */
  realPaths: Map<string, string>;
  /** Document key of the decoded text (see `documentKey`) -> label of the file that had it. */
  hashes: Map<string, string>;
}

/** What reading one candidate instruction file gave. */
export type CandidateOutcome =
  | { status: 'missing' }
  | {
      status: 'refused';
      /** Diagnostic code: `symlink-refused`, `symlink-loop`, `not-a-file`, `binary-file`, `read-failed`. */
      code: DiagnosticCode;
      reason: string;
    }
  | { status: 'duplicate'; realPath: string; reason: string }
  | {
      status: 'read';
      realPath: string;
      text: string;
      sha256: string;
      /** The dedup key: the text and the files its imports resolve to (see `documentKey`). */
      documentKey: string;
      size: number;
      truncated: boolean;
    };

/** Options of {@link readCandidate}. */
export interface ReadCandidateOptions {
  seen: SeenFiles;
  /** Largest number of bytes read; the rest of a bigger file is dropped (`truncated: true`). */
  maxFileBytes: number;
  /** Refuse a symlink whose target leaves this directory (walk-up files: the directory they are in). */
  symlinkBoundary?: string;
  /**
   * True when the directory part of `path` is known to be a real path (no symlink in it). A file
   * that is not itself a symlink then is its own real path, which saves one `realpath` call.
   */
  directoryIsReal?: boolean;
}

/**
 * Stat, resolve and read one candidate file through a workspace, turning every failure into an
 * outcome instead of an exception: missing, refused (symlink escape or loop, not a regular file,
 * binary, unreadable), a duplicate of a file already loaded (same real path, or same text importing
 * the same files), or read.
 * Only regular files are opened, so a FIFO named like an instruction file never blocks.
 */
export async function readCandidate(
  workspace: Workspace,
  path: string,
  options: ReadCandidateOptions,
): Promise<CandidateOutcome> {
  try {
    const stat = await workspace.stat(path);
    if (stat === undefined) return { status: 'missing' };
    if (stat.kind !== 'file') {
      return { status: 'refused', code: 'not-a-file', reason: `not a regular file (${stat.kind})` };
    }
    const realPath = !stat.symlink && options.directoryIsReal ? path : await workspace.realpath(path);
    if (stat.symlink && options.symlinkBoundary !== undefined) {
      const boundary = options.directoryIsReal
        ? options.symlinkBoundary
        : await workspace.realpath(options.symlinkBoundary);
      if (!isInside(boundary, realPath)) {
        return {
          status: 'refused',
          code: 'symlink-refused',
          reason: `symlink to ${realPath} leaves its directory ${options.symlinkBoundary}`,
        };
      }
    }
    const sameFile = options.seen.realPaths.get(realPath);
    if (sameFile !== undefined) return { status: 'duplicate', realPath, reason: `same file as ${sameFile}` };
    const file = await readTextFile(workspace, path, { maxBytes: options.maxFileBytes });
    if (file.binary)
      return { status: 'refused', code: 'binary-file', reason: 'binary file (NUL byte in the first 8 KiB)' };
    const digest = sha256Of(file.text);
    const key = documentKey(file.text, digest, nodePath.posix.dirname(path));
    const sameText = options.seen.hashes.get(key);
    if (sameText !== undefined) return { status: 'duplicate', realPath, reason: `same text as ${sameText}` };
    return {
      status: 'read',
      realPath,
      text: file.text,
      sha256: digest,
      documentKey: key,
      size: file.size,
      truncated: file.truncated,
    };
  } catch (error) {
    // The reason is embedded mid-sentence in diagnostics, so drop the error message's own full stop.
    return { status: 'refused', code: codeOf(error), reason: describeError(error).replace(/\.+$/, '') };
  }
}

function codeOf(error: unknown): DiagnosticCode {
  if (!isAgentContextError(error)) return 'read-failed';
  if (error.code === 'path-outside-workspace') return 'symlink-refused';
  if (error.code === 'symlink-loop') return 'symlink-loop';
  if (error.code === 'not-a-file') return 'not-a-file';
  return 'read-failed';
}
