import type { Workspace } from '../workspace/workspace.js';

/**
 * A tool's input as a Claude Code hook expects it: the input's own fields, plus `file_path` (the
 * absolute path, as Claude Code gives it) when the input names a `path` and has no `file_path`, so a
 * hook reading `.tool_input.file_path` works for `read_file` and `write_file`.
 */
export function claudeToolInput(input: unknown, workspace: Workspace): unknown {
  if (!isObject(input) || typeof input.path !== 'string' || 'file_path' in input) return input;
  try {
    return { ...input, file_path: workspace.resolve(input.path) };
  } catch {
    return input;
  }
}

/**
 * The tool's input after a hook's `updatedInput`: the hook's fields, with the `file_path` that
 * {@link claudeToolInput} added taken back into `path` when the hook changed it.
 */
export function restoreToolInput(original: unknown, updated: Record<string, unknown>): unknown {
  if (!isObject(original) || typeof original.path !== 'string' || 'file_path' in original) return updated;
  const { file_path: filePath, ...rest } = updated;
  return typeof filePath === 'string' && rest.path === original.path ? { ...rest, path: filePath } : rest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
