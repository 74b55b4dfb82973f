import type { Workspace } from '../workspace/workspace.js';

/**
 * A tool call's input and result in each assistant's own shape, for the hooks written for that
 * assistant: a hook that reads Claude Code's `.tool_input.file_path` or `.tool_response.file.content`,
 * or Gemini CLI's `.tool_input.file_path`, gets what it expects from the session's tools. Only the
 * assistant's fields are given: the session's own (`path`) are renamed, not added beside them.
 */

/** Claude Code tools whose file is `file_path` (an absolute path). */
const claudeFileTools = new Set(['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookRead', 'NotebookEdit']);

/** Gemini CLI tools whose file is `file_path`, and those whose directory is `dir_path`. */
const geminiFileTools = new Set(['read_file', 'write_file', 'replace', 'read_many_files']);
const geminiDirectoryTools = new Set(['list_directory', 'glob', 'search_file_content', 'grep_search']);

/** The tool's input as Claude Code gives it to a hook named `claudeName` (`Read`: `{ file_path }`). */
export function claudeToolInput(
  input: unknown,
  claudeName: string,
  workspace: Pick<Workspace, 'resolve'>,
): unknown {
  if (claudeFileTools.has(claudeName)) return renamePath(input, 'file_path', workspace);
  if (claudeName === 'LS') return renamePath(input, 'path', workspace);
  return input;
}

/**
 * The tool's result as Claude Code gives it to a `PostToolUse` hook: `Read` as
 * `{ type: 'text', file: { filePath, content, numLines, startLine, totalLines } }` (a paged result's
 * header line read for its numbers and left out of `content`), `Write` as `{ filePath, content }`,
 * `Bash` as `{ stdout, stderr, interrupted, isImage }`; any other tool's output as it is.
 */
export function claudeToolResponse(
  output: unknown,
  input: unknown,
  claudeName: string,
  workspace: Pick<Workspace, 'resolve'>,
): unknown {
  const path = absolutePathOf(input, workspace);
  if (claudeName === 'Read' && typeof output === 'string' && path !== undefined) {
    const page = readPage(output, input);
    return { type: 'text', file: { filePath: path, ...page } };
  }
  if (claudeName === 'Write' && path !== undefined && isObject(input) && typeof input.content === 'string') {
    return { filePath: path, content: input.content };
  }
  if (claudeName === 'Bash' && typeof output === 'string') {
    return { stdout: output, stderr: '', interrupted: false, isImage: false };
  }
  return output;
}

/** The tool's input as Gemini CLI gives it to a hook named `geminiName` (`read_file`: `{ file_path }`). */
export function geminiToolInput(
  input: unknown,
  geminiName: string,
  workspace: Pick<Workspace, 'resolve'>,
): unknown {
  if (geminiFileTools.has(geminiName)) return renamePath(input, 'file_path', workspace);
  if (geminiDirectoryTools.has(geminiName)) return renamePath(input, 'dir_path', workspace);
  return input;
}

/** The tool's input as Copilot CLI gives it to a hook: `path` made absolute. */
export function copilotToolInput(input: unknown, workspace: Pick<Workspace, 'resolve'>): unknown {
  return renamePath(input, 'path', workspace);
}

/**
 * The tool's input after a hook's `updatedInput` (`modifiedArgs`), in the session's shape again: the
 * assistant's `file_path` or `dir_path` back into `path` when the session's input had a `path`.
 */
export function restoreToolInput(original: unknown, updated: Record<string, unknown>): unknown {
  if (!isObject(original) || typeof original.path !== 'string' || 'file_path' in original) return updated;
  const { file_path: filePath, dir_path: directoryPath, ...rest } = updated;
  const renamed =
    typeof filePath === 'string' ? filePath : typeof directoryPath === 'string' ? directoryPath : undefined;
  return renamed === undefined ? rest : { ...rest, path: renamed };
}

/** `input` with its `path` (relative to the working directory) as `key`, an absolute path; as it is otherwise. */
function renamePath(input: unknown, key: string, workspace: Pick<Workspace, 'resolve'>): unknown {
  if (!isObject(input) || typeof input.path !== 'string' || (key in input && key !== 'path')) return input;
  const absolute = absolutePathOf(input, workspace);
  if (absolute === undefined) return input;
  const { path: _path, ...rest } = input;
  return { [key]: absolute, ...rest };
}

function absolutePathOf(input: unknown, workspace: Pick<Workspace, 'resolve'>): string | undefined {
  if (!isObject(input)) return undefined;
  const given = typeof input.file_path === 'string' ? input.file_path : input.path;
  if (typeof given !== 'string') return undefined;
  try {
    return workspace.resolve(given);
  } catch {
    return undefined;
  }
}

const pageHeader = /^\[read_file: lines (\d+)-(\d+) of (\d+) of [^\n]*\]\n/;

/** A `read_file` result as Claude Code's `file` fields: the text, its first line and line counts. */
function readPage(
  output: string,
  input: unknown,
): { content: string; numLines: number; startLine: number; totalLines: number } {
  const header = pageHeader.exec(output);
  const content = header === null ? output : output.slice(header[0].length);
  const numLines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  const offset = isObject(input) && typeof input.offset === 'number' ? input.offset : 1;
  if (header === null) return { content, numLines, startLine: offset, totalLines: offset - 1 + numLines };
  return { content, numLines, startLine: Number(header[1]), totalLines: Number(header[3]) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
