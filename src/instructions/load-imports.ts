import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { omittedBytes, truncationMarker } from '../text/cut-text.js';
import { isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';
import { findImportTokens } from './import-tokens.js';
import type { InstructionFile, InstructionImport } from './instruction-file.js';
import { prefetchImportLevels } from './prefetch-import-levels.js';
import { readCandidate, type SeenFiles } from './read-candidate.js';

/** Everything import resolution needs, shared by every file of one discovery. */
export interface ImportContext {
  workspace: Workspace;
  /** Reads imports outside `workspace.root` (only when `allowExternalImports`). */
  externalWorkspace: Workspace;
  allowExternalImports: boolean;
  userDirectory: string;
  maxImportDepth: number;
  maxFileBytes: number;
  seen: SeenFiles;
  diagnostics: Diagnostic[];
  label(absolutePath: string): string;
  /**
   * Files read only in part (over `maxFileBytes`), with the bytes left out: {@link markTruncatedFiles}
   * ends each with the truncation marker once its imports are resolved. Without it, no file is marked
   * (nested delivery cuts its files itself).
   */
  truncatedFiles?: Map<InstructionFile, { bytes: number }>;
  /**
   * What a failed `@path` becomes in the text: `marker` (the default), a visible
   * `<!-- import failed: PATH (REASON) -->`; `as-written`, the mention left as it is (Claude Code).
   * The diagnostic is reported either way.
   */
  failedImports?: 'marker' | 'as-written';
}

/** Short marker reasons: the diagnostic carries the full message, the prompt only needs the gist. */
const markerReasons: Record<string, string> = {
  'symlink-refused': 'symlink leaves the workspace root',
  'symlink-loop': 'symlink loop',
  'not-a-file': 'not a regular file',
  'binary-file': 'binary file',
  'read-failed': 'unreadable',
};

/**
 * Resolve the `@path` tokens of `file` (already counted as loaded), depth first: each imported file is
 * followed by its own imports. Returns those files in that order, fills `file.imports`, and replaces
 * each failed token in `file.text` by `<!-- import failed: PATH (REASON) -->` with a diagnostic.
 *
 * @param stack real paths from the walk-up file down to `file`, to tell a cycle from a duplicate.
 */
export async function loadImports(
  context: ImportContext,
  file: InstructionFile,
  stack: string[],
): Promise<InstructionFile[]> {
  const loaded: InstructionFile[] = [];
  const replacements: Array<{ start: number; end: number; marker: string }> = [];
  const tokens = findImportTokens(file.text);
  // From a file of the walk-up: its whole import tree read ahead, one request per level.
  if (stack.length === 1 && tokens.length > 0) {
    context = {
      ...context,
      workspace: await prefetchImportLevels(context.workspace, file, context),
    };
  }
  for (const token of tokens) {
    const outcome = await resolveImport(context, file, token.specifier, stack);
    file.imports.push(outcome.entry);
    if (outcome.entry.status === 'failed') {
      const reason = outcome.entry.reason ?? 'failed';
      const shown = token.specifier.replaceAll('-->', '--&gt;');
      if (context.failedImports !== 'as-written')
        replacements.push({
          start: token.start,
          end: token.end,
          marker: `<!-- import failed: ${shown} (${reason}) -->`,
        });
      context.diagnostics.push({
        severity: 'error',
        code: 'import-failed',
        message: `Import @${token.specifier} in ${file.label} failed: ${outcome.detail ?? reason}.`,
        path: file.label,
      });
    }
    if (outcome.file)
      loaded.push(
        outcome.file,
        ...(await loadImports(context, outcome.file, [...stack, outcome.file.realPath])),
      );
  }
  if (replacements.length > 0) {
    let text = file.text;
    for (const { start, end, marker } of replacements.reverse())
      text = text.slice(0, start) + marker + text.slice(end);
    file.text = text;
    file.characters = text.length;
  }
  return loaded;
}

interface ImportOutcome {
  entry: InstructionImport;
  /** The full reason for the diagnostic, when longer than the marker's. */
  detail?: string;
  file?: InstructionFile;
}

async function resolveImport(
  context: ImportContext,
  importer: InstructionFile,
  specifier: string,
  stack: string[],
): Promise<ImportOutcome> {
  const failed = (reason: string, target?: string, detail?: string): ImportOutcome => ({
    entry: {
      specifier,
      ...(target ? { path: target, label: context.label(target) } : {}),
      status: 'failed',
      reason,
    },
    ...(detail ? { detail } : {}),
  });
  let target: string;
  if (specifier.startsWith('~/')) {
    if (!context.allowExternalImports) return failed('home imports need allowExternalImports');
    target = path.posix.resolve(context.userDirectory, specifier.slice(2));
  } else {
    target = path.posix.resolve(importer.directory, specifier);
  }
  if (target.includes('\0')) return failed('invalid path');
  // Both checks come before any I/O, so a refused import reads nothing.
  const depth = importer.importDepth + 1;
  if (depth > context.maxImportDepth)
    return failed(`depth limit of ${context.maxImportDepth} exceeded`, target);
  const external = !isInside(context.workspace.root, target);
  if (external && !context.allowExternalImports) return failed('outside the workspace root', target);

  const reader = external ? context.externalWorkspace : context.workspace;
  const outcome = await readCandidate(reader, target, {
    seen: context.seen,
    maxFileBytes: context.maxFileBytes,
  });
  const label = context.label(target);
  if (outcome.status === 'missing') return failed('not found', target);
  if (outcome.status === 'refused') {
    return failed(markerReasons[outcome.code] ?? 'unreadable', target, outcome.reason);
  }
  if (outcome.status === 'duplicate') {
    if (stack.includes(outcome.realPath)) {
      context.diagnostics.push({
        severity: 'info',
        code: 'import-cycle',
        message: `Import cycle cut: ${importer.label} imports ${label}, which is already on its import chain.`,
        path: importer.label,
      });
      return { entry: { specifier, path: target, label, status: 'cycle', reason: 'import cycle' } };
    }
    context.diagnostics.push({
      severity: 'info',
      code: 'duplicate-import',
      message: `Import @${specifier} in ${importer.label} not repeated: ${outcome.reason}.`,
      path: label,
    });
    return { entry: { specifier, path: target, label, status: 'already-loaded', reason: outcome.reason } };
  }
  if (outcome.truncated) {
    context.diagnostics.push(fileTruncatedDiagnostic(label, outcome.size, context.maxFileBytes));
  }
  context.seen.realPaths.set(outcome.realPath, label);
  context.seen.hashes.set(outcome.documentKey, label);
  const file: InstructionFile = {
    path: target,
    realPath: outcome.realPath,
    label,
    directory: path.posix.dirname(target),
    reason: 'import',
    importedBy: importer.path,
    importDepth: depth,
    text: outcome.text,
    characters: outcome.text.length,
    size: outcome.size,
    sha256: outcome.sha256,
    imports: [],
  };
  if (outcome.truncated) context.truncatedFiles?.set(file, omittedBytes(outcome.size, outcome.text));
  return { entry: { specifier, path: target, label, status: 'loaded' }, file };
}

/**
 * End each file read only in part with the one truncation marker on a line of its own,
 * `[truncated: N bytes of LABEL omitted]`, so the model sees the cut (after the imports are
 * resolved: the marker is never read as an import). The head already ends on a whole character.
 */
export function markTruncatedFiles(truncated: ReadonlyMap<InstructionFile, { bytes: number }>): void {
  for (const [file, omitted] of truncated) {
    file.text = `${file.text}\n${truncationMarker(file.label, omitted)}`;
    file.characters = file.text.length;
  }
}

/** The diagnostic for a file bigger than `maxFileBytes`, of which only the head was read. */
export function fileTruncatedDiagnostic(label: string, size: number, maxFileBytes: number): Diagnostic {
  return {
    severity: 'warning',
    code: 'file-truncated',
    message: `${label} is ${size} bytes; only the first ${maxFileBytes} bytes were read, and its text ends with a [truncated: ...] line. Raise maxFileBytes (CLI: --max-file-bytes) to read it whole.`,
    path: label,
  };
}
