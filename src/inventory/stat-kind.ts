import type { Diagnostic } from '../diagnostics.js';
import type { FileStat, Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';

/**
 * The kind of a path, or `undefined` when it does not exist. A refused or failed stat is pushed to
 * `diagnostics` (an `error` on `label`, naming the path as a `what`, default `'directory'`) and
 * counts as missing, so the scan goes on.
 */
export async function statKind(
  workspace: Workspace,
  path: string,
  label: string,
  diagnostics: Diagnostic[],
  what: 'file' | 'directory' = 'directory',
): Promise<FileStat['kind'] | undefined> {
  try {
    return (await workspace.stat(path))?.kind;
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, label, what));
    return undefined;
  }
}
