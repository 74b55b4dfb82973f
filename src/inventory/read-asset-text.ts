import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { readTextFile, type TextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
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
  let file: TextFile;
  try {
    file = await readTextFile(workspace, path, { maxBytes });
  } catch (error) {
    return { ok: false, failure: diagnosticFromError(error, label, 'file'), label };
  }
  if (file.binary) {
    const message = `${label} is a binary file, not ${format}; skipped.`;
    return { ok: false, failure: { severity: 'error', code: 'binary-file', message, path: label }, label };
  }
  return { ok: true, file, label };
}
