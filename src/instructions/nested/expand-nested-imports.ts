import path from 'node:path';
import type { Diagnostic } from '../../diagnostics.js';
import type { NestedFile } from '../../rules/nested-file.js';
import { toLabel } from '../../workspace/labels.js';
import type { Workspace } from '../../workspace/workspace.js';
import { inlineImports } from '../inline-imports.js';
import type { InstructionFile } from '../instruction-file.js';
import { type ImportContext, loadImports } from '../load-imports.js';
import type { SeenFiles } from '../read-candidate.js';
import { cutNestedText } from './read-nested-text.js';

/** What {@link expandNestedImports} needs besides the file. */
export interface NestedImportSettings {
  workspace: Workspace;
  /** The session's loaded files (real paths and document keys), shared with the nested files. */
  seen: SeenFiles;
  maxImportDepth: number;
  /** Per-file character limit of `contents` mode, applied to each imported file too. */
  maxChars: number;
  /**
   * `inline`: each imported file's text takes the place of its `@path` mention in the returned text
   * (Gemini CLI, Copilot CLI, Qwen Code), and `imported` holds only files no mention placed.
   * Default `appended`: every imported file is returned, to be delivered after the file.
   */
  layout?: 'inline' | 'appended';
  /** What a failed `@path` becomes in the text (see `ImportContext.failedImports`). Default `marker`. */
  failedImports?: 'marker' | 'as-written';
}

/**
 * Resolve the `@path` imports of a nested file delivered with its contents, as the walk-up does:
 * relative to the file, depth first, `maxImportDepth` hops, never outside `workspace.root`, each
 * failed token replaced in the returned `text` by a visible `<!-- import failed: PATH (REASON) -->` marker.
 * Returns the imported files in order (each cut to `maxChars`, with the cut's note), to be delivered
 * right after `file`, and the diagnostics (failures, cycles, imports not repeated).
 */
export async function expandNestedImports(
  file: NestedFile & { text: string },
  realPath: string,
  settings: NestedImportSettings,
): Promise<{
  text: string;
  imported: Array<{ file: NestedFile; note: string | undefined }>;
  diagnostics: Diagnostic[];
}> {
  const diagnostics: Diagnostic[] = [];
  const { workspace } = settings;
  const context: ImportContext = {
    workspace,
    externalWorkspace: workspace,
    allowExternalImports: false,
    userDirectory: '',
    maxImportDepth: settings.maxImportDepth,
    // Three bytes per UTF-16 code unit at most, so a read always holds maxChars characters.
    maxFileBytes: settings.maxChars * 3 + 4,
    seen: settings.seen,
    diagnostics,
    label: (absolute) => toLabel(workspace, absolute),
    ...(settings.failedImports === undefined ? {} : { failedImports: settings.failedImports }),
  };
  const importer: InstructionFile = {
    path: file.path,
    realPath,
    label: file.label,
    directory: path.posix.dirname(file.path),
    reason: 'walk-up',
    importDepth: 0,
    text: file.text,
    characters: file.text.length,
    size: file.text.length,
    sha256: '',
    imports: [],
  };
  const loaded = await loadImports(context, importer, [realPath]);
  if (settings.layout === 'inline' && loaded.length > 0) {
    const [placed, ...left] = inlineImports([importer, ...loaded]);
    importer.text = placed?.text ?? importer.text;
    loaded.splice(0, loaded.length, ...left);
  }
  const imported = loaded.map((item) => {
    const cut = cutNestedText(
      { text: item.text, size: item.size, truncated: item.size > context.maxFileBytes },
      item.label,
      settings.maxChars,
    );
    const nested: NestedFile = {
      path: item.path,
      label: item.label,
      name: path.posix.basename(item.path),
      // An imported file is part of its importer: it governs the importer's directory.
      directory: file.directory,
      trigger: file.trigger,
      importedBy: context.label(item.importedBy ?? file.path),
      text: cut.text,
    };
    return { file: nested, note: cut.note };
  });
  return { text: importer.text, imported, diagnostics };
}
