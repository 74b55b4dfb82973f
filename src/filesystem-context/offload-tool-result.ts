import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeError, isAgentContextError } from '../errors.js';
import type { ToolCall, ToolCallResult } from '../session/capability.js';
import { countLoneSurrogates } from '../text/cut-text.js';
import { toLabel } from '../workspace/labels.js';
import type { BatchOutcome, FileStat, Workspace } from '../workspace/workspace.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { markWrittenAsText } from '../workspace/written-as-text.js';
import { offloadFileName } from './offload-file-name.js';
import { renderOffloadPreview } from './render-offload-preview.js';

/** Resolved offload settings (see `OffloadOptions` for the defaults). */
export interface OffloadSettings {
  overChars: number;
  directory: string;
  previewChars: number;
  /** The tool the preview tells the model to read the rest with. */
  readToolName?: string;
  /** Tool names whose results are never offloaded. */
  exclude: ReadonlySet<string>;
}

/** What {@link offloadToolResult} did. */
export type OffloadOutcome =
  /** Left as it is: an error, an excluded tool, not text or JSON, or not longer than `overChars`. */
  | { kind: 'kept' }
  /** Written whole to `path`; `output` is the preview that replaces it in the transcript. */
  | { kind: 'offloaded'; output: string; path: string; characters: number }
  /** Longer than `overChars` but not written: the full result stays inline; `diagnostic` says why. */
  | { kind: 'failed'; diagnostic: Diagnostic };

/** Name attempts before giving up on finding a free file name (each taken name means another call's file). */
const maxNameAttempts = 100;

/**
 * Offload one tool result when it is a success, its tool is not excluded, and its text is strictly
 * longer than `overChars` characters. Strings are written as they are; objects and arrays as JSON
 * (measured compact, as adapters send them, and written indented so `read_file` can page it by line).
 * Other values (numbers, bytes, `undefined`) are kept.
 *
 * The file is `<directory>/<tool>-<callId>.txt`, and a file of another call is never overwritten: a
 * taken name gets a `.2`, `.3`, ... suffix. A workspace with `createFile` (an exclusive create that
 * fails typed when the name is taken) is asked that alone, one request when the first name is free;
 * any other is asked `stat` of the directory and the name, then `writeFile` with `exclusive: true`.
 * Any other write failure keeps the full result inline and returns a diagnostic; nothing is lost
 * either way. The result string is passed to the workspace as it is (no extra copy here).
 */
export async function offloadToolResult(
  workspace: Workspace,
  call: ToolCall,
  result: ToolCallResult,
  settings: OffloadSettings,
): Promise<OffloadOutcome> {
  if (result.isError || settings.exclude.has(call.toolName)) return { kind: 'kept' };
  let text: string | undefined;
  try {
    text = resultText(result.output, settings.overChars);
  } catch (error) {
    return failed(call, `its output could not be serialised as JSON (${describeError(error)})`);
  }
  if (text === undefined || text.length <= settings.overChars) return { kind: 'kept' };
  if (!workspace.writeFile) return failed(call, 'the workspace has no writeFile method');
  const nameOf = (attempt: number) =>
    path.posix.join(settings.directory, offloadFileName(call.toolName, call.id, attempt));
  const written = workspace.createFile
    ? await createFreeName(workspace, workspace.createFile, nameOf, text, settings.directory)
    : await writeFreeName(workspace, workspace.writeFile, nameOf, text, settings.directory);
  if ('problem' in written) return failed(call, written.problem, written.path);
  const absolute = workspace.resolve(written.path);
  markWrittenAsText(workspace, absolute);
  const label = toLabel(workspace, absolute);
  const output = renderOffloadPreview({
    text,
    label,
    previewChars: settings.previewChars,
    replacedCharacters: countLoneSurrogates(text),
    ...(settings.readToolName === undefined ? {} : { readToolName: settings.readToolName }),
  });
  return { kind: 'offloaded', output, path: label, characters: text.length };
}

/** Where a result was written, or why it was not (and at which name, when one was tried). */
type WriteOutcome = { path: string } | { problem: string; path?: string };

/**
 * Through `createFile`: each name created until one is free. The directory is looked at only when a
 * create fails otherwise, so that a file in its place is reported as such.
 */
async function createFreeName(
  workspace: Workspace,
  createFile: NonNullable<Workspace['createFile']>,
  nameOf: (attempt: number) => string,
  text: string,
  directory: string,
): Promise<WriteOutcome> {
  for (let attempt = 1; attempt <= maxNameAttempts; attempt += 1) {
    const filePath = nameOf(attempt);
    try {
      await createFile.call(workspace, filePath, text);
      return { path: filePath };
    } catch (error) {
      if (isAgentContextError(error) && error.code === 'already-exists') continue;
      const directoryProblem = checkDirectory(
        directory,
        await workspaceBatches(workspace)
          .statPaths([directory])
          .then(([outcome]) => outcome)
          .catch(() => undefined),
      );
      if (directoryProblem !== undefined) return { problem: directoryProblem };
      await removePartialFile(workspace, filePath, error);
      return { problem: describeError(error), path: filePath };
    }
  }
  return { problem: `${maxNameAttempts} file names for this call were already taken` };
}

/**
 * Through `writeFile` with `exclusive`: the directory and the first name in one request, then each
 * name written once `stat` found it free. A taken name is skipped before writing: such a workspace
 * may report an exclusive write on an existing file as `write-failed`, and that file is not ours.
 */
async function writeFreeName(
  workspace: Workspace,
  writeFile: NonNullable<Workspace['writeFile']>,
  nameOf: (attempt: number) => string,
  text: string,
  directory: string,
): Promise<WriteOutcome> {
  const firstPath = nameOf(1);
  let stats: Array<BatchOutcome<FileStat | undefined>>;
  try {
    stats = await workspaceBatches(workspace).statPaths([directory, firstPath]);
  } catch (error) {
    return { problem: describeError(error) };
  }
  const [directoryStat, firstStat] = stats;
  const directoryProblem = checkDirectory(directory, directoryStat);
  if (directoryProblem !== undefined) return { problem: directoryProblem };
  for (let attempt = 1; attempt <= maxNameAttempts; attempt += 1) {
    const filePath = nameOf(attempt);
    try {
      const stat =
        attempt === 1 && firstStat !== undefined ? outcomeValue(firstStat) : workspace.stat(filePath);
      if (await stat) continue;
      await writeFile.call(workspace, filePath, text, { exclusive: true });
      return { path: filePath };
    } catch (error) {
      if (isAgentContextError(error) && error.code === 'already-exists') continue;
      await removePartialFile(workspace, filePath, error);
      return { problem: describeError(error), path: filePath };
    }
  }
  return { problem: `${maxNameAttempts} file names for this call were already taken` };
}

/**
 * Why files cannot go into `directory`, or `undefined` when they can (it exists as a directory or
 * is missing and will be created). Checked once up front, so a file in the directory's place is
 * reported as such rather than as every file name being taken.
 */
function checkDirectory(
  directory: string,
  outcome: BatchOutcome<FileStat | undefined> | undefined,
): string | undefined {
  if (outcome === undefined) return undefined;
  if (!outcome.ok) return describeError(outcome.error);
  const stat = outcome.value;
  if (stat === undefined || stat.kind === 'directory') return undefined;
  const what = stat.kind === 'file' ? 'a file' : 'a special file';
  return `${directory} is ${what}, not a directory; remove or rename it, or choose another offload directory`;
}

/** A batch answer as the single call gives it: its value, or its error thrown. */
async function outcomeValue<Value>(outcome: BatchOutcome<Value>): Promise<Value> {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

/** The text to offload, or `undefined` for outputs that are never offloaded. */
function resultText(output: unknown, overChars: number): string | undefined {
  if (typeof output === 'string') return output;
  if (typeof output !== 'object' || output === null) return undefined;
  if (ArrayBuffer.isView(output) || output instanceof ArrayBuffer) return undefined;
  const compact = JSON.stringify(output);
  if (compact === undefined || compact.length <= overChars) return compact;
  return JSON.stringify(output, null, 2);
}

/**
 * An exclusive write that failed after creating the file (disk full, say) left a partial file that
 * no other call owns (the name was free just before the write); remove it so the directory never
 * holds a result that looks whole but is not. Symlinks are left alone.
 */
async function removePartialFile(workspace: Workspace, filePath: string, error: unknown): Promise<void> {
  if (!workspace.removeFile || (isAgentContextError(error) && error.code === 'path-outside-workspace'))
    return;
  try {
    const stat = await workspace.stat(filePath);
    if (stat?.kind === 'file' && !stat.symlink) await workspace.removeFile(filePath);
  } catch {
    // Usually the file was never created; the write error is the one worth reporting.
  }
}

function failed(call: ToolCall, reason: string, filePath?: string): OffloadOutcome {
  const target = filePath === undefined ? '' : ` to ${filePath}`;
  return {
    kind: 'failed',
    diagnostic: {
      severity: 'warning',
      code: 'offload-failed',
      message: `Could not offload the result of ${call.toolName} (call ${call.id})${target}: ${reason}. The full result stays in the transcript.`,
      ...(filePath === undefined ? {} : { path: filePath }),
    },
  };
}
