import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { decodeText, type TextFile } from '../workspace/read-text-file.js';
import type { ReadFileResult, Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';

/** Result of {@link readAssetText}: the file as text with its label, or the one problem that stopped the read. */
export type AssetText =
  | { ok: true; file: TextFile; label: string }
  | { ok: false; failure: Diagnostic; label: string };

/**
 * Read at most `maxBytes` of an asset file as text. Never throws: an unreadable file is its
 * workspace error as a diagnostic, a binary file a `binary-file` error naming the `format` the file
 * should have been (`Markdown`, `TOML`).
 */
export async function readAssetText(
  workspace: Workspace,
  path: string,
  maxBytes: number,
  format: string,
): Promise<AssetText> {
  const label = toLabel(workspace, path);
  let read: AssetRead;
  try {
    read = { ok: true, value: await workspace.readFile(path, { maxBytes }) };
  } catch (error) {
    read = { ok: false, error };
  }
  return assetTextOf(label, read, format);
}

/** What a read gave: its result, or what it threw (a batch answer is one). */
export type AssetRead = { ok: true; value: ReadFileResult } | { ok: false; error: unknown };

/** {@link readAssetText} of a read already made (one answer of a batch read), labelled `label`. */
export function assetTextOf(label: string, read: AssetRead, format: string): AssetText {
  if (!read.ok) return { ok: false, failure: diagnosticFromError(read.error, label, 'file'), label };
  const { bytes, size, truncated } = read.value;
  const { text, binary } = decodeText(bytes, truncated);
  if (binary) {
    const message = `${label} is a binary file, not ${format}; skipped.`;
    return { ok: false, failure: { severity: 'error', code: 'binary-file', message, path: label }, label };
  }
  return { ok: true, file: { text, truncated, size, binary }, label };
}
