import path from 'node:path';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { AgentContextError, describeError } from '../errors.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import type { ListedDirectory, Workspace } from '../workspace/workspace.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { filesystemContextDefaults } from './filesystem-context-options.js';
import { parseOffloadFileName } from './offload-file-name.js';

/** One offloaded tool result found by {@link listOffloadedFiles}. */
export interface OffloadedFile {
  /** File name, e.g. `bash-call_1.txt`. */
  name: string;
  /** Path as given to the workspace: `<directory>/<name>`. */
  path: string;
  /** The tool name as written in the file name (unsafe characters already replaced by `_`). */
  toolName: string;
  /** The call id as written in the file name. */
  callId: string;
  /** Size in bytes. */
  size: number;
  /** Last modification time, milliseconds since the epoch (when the result was offloaded). */
  modifiedMs: number;
}

/**
 * The offloaded results in `directory` (default `.context`), sorted by name. Only regular files
 * named like offloaded results (`<tool>-<callId>.txt`, `<tool>-<callId>.<n>.txt`) are listed; other
 * files are ignored. A missing directory is an empty list (nothing was offloaded yet); an unreadable
 * one, or an entry that cannot be inspected, is a diagnostic. Never throws.
 */
export async function listOffloadedFiles(
  workspace: Workspace,
  directory: string = filesystemContextDefaults.offload.directory,
): Promise<LoadResult<OffloadedFile>> {
  const items: OffloadedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  // One listing answers everything (names, kinds, sizes and times): one request on a remote
  // workspace, one pass over the directory on the local disk, however many results it holds.
  let listed: ListedDirectory;
  try {
    if (!(await workspace.stat(directory))) return { items, diagnostics };
    const [outcome] = await workspaceBatches(workspace).listDirectories([{ path: directory }]);
    if (outcome === undefined) return { items, diagnostics };
    if (!outcome.ok) throw outcome.error;
    listed = outcome.value;
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      code: 'read-failed',
      message: describeError(error),
      path: directory,
    });
    return { items, diagnostics };
  }
  // The entries are plain names (the listing's depth is 1): `join` once, then one concatenation each.
  const prefix = path.posix.join(directory, '_').slice(0, -1);
  for (const entry of listed.entries) {
    const parts = parseOffloadFileName(entry.path);
    if (!parts) continue;
    const filePath = prefix + entry.path;
    if (entry.error !== undefined) {
      diagnostics.push({
        severity: 'warning',
        code: 'read-failed',
        message: describeError(entry.error),
        path: filePath,
      });
      continue;
    }
    if (entry.kind !== 'file' || entry.symlink) continue;
    items.push({
      name: entry.path,
      path: filePath,
      toolName: parts.toolName,
      callId: parts.callId,
      size: entry.size ?? 0,
      modifiedMs: entry.modifiedMs ?? 0,
    });
  }
  return { items, diagnostics };
}

/** Removals of {@link removeOffloadedFiles} in flight at once. */
const removalsInFlight = 16;

/** Options of {@link removeOffloadedFiles}. */
export interface RemoveOffloadedFilesOptions {
  /** The offload directory. Default `.context`. */
  directory?: string;
  /** Remove files last modified at least this many milliseconds ago. Required; `0` removes every one. */
  olderThanMs: number;
  /** The current time, milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
}

/**
 * Remove offloaded results older than `olderThanMs` through `workspace.removeFile`; only files that
 * {@link listOffloadedFiles} lists are ever touched. Returns the removed files, and a diagnostic for
 * each file that could not be removed. Throws `workspace-not-writable` when the workspace has no
 * `removeFile`, and `invalid-option` for a negative or non-numeric `olderThanMs`.
 */
export async function removeOffloadedFiles(
  workspace: Workspace,
  options: RemoveOffloadedFilesOptions,
): Promise<LoadResult<OffloadedFile>> {
  const removeFile = workspace.removeFile;
  if (typeof removeFile !== 'function') {
    throw new AgentContextError('Removing offloaded files needs a workspace with a `removeFile` method.', {
      code: 'workspace-not-writable',
      reason: 'missing removeFile method',
    });
  }
  if (!Number.isFinite(options.olderThanMs) || options.olderThanMs < 0) {
    throw new AgentContextError('removeOffloadedFiles: `olderThanMs` must be a number, 0 or more.', {
      code: 'invalid-option',
      reason: 'olderThanMs',
    });
  }
  const now = options.now ?? Date.now();
  const listed = await listOffloadedFiles(workspace, options.directory);
  const due = listed.items.filter((file) => now - file.modifiedMs >= options.olderThanMs);
  // Several removals in flight: each is a few system calls, so one at a time leaves the disk idle.
  // One operation: a local workspace resolves the offload directory once for every removal (each
  // still goes through the directory's verified descriptor).
  const outcomes = await withCheckedDirectories(() =>
    mapWithLimit(due, removalsInFlight, (file) =>
      removeFile.call(workspace, file.path).then(
        () => undefined,
        (error: unknown) => error,
      ),
    ),
  );
  const items: OffloadedFile[] = [];
  const diagnostics = [...listed.diagnostics];
  due.forEach((file, index) => {
    const error = outcomes[index];
    if (error === undefined) items.push(file);
    else
      diagnostics.push({
        severity: 'error',
        code: 'remove-failed',
        message: describeError(error),
        path: file.path,
      });
  });
  return { items, diagnostics };
}
