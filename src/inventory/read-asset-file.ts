import { toLabel } from '../workspace/labels.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { checkAssetFields } from './check-asset-fields.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import type { InventoryAssetFields } from './inventory-result.js';
import { parseFrontmatter } from './parse-frontmatter.js';

/** Default read bound for `SKILL.md` and agent files: the frontmatter must close within it. */
export const DEFAULT_ASSET_MAX_BYTES = 64 * 1024;

/** Options of {@link readAssetFile}. */
export interface ReadAssetFileOptions {
  kind: 'skill' | 'agent';
  /** For a skill, the folder name its `name` must equal. */
  folderName?: string;
  /** Read at most this many bytes (default 64 KiB): a 5 MB file is never read whole. */
  maxBytes?: number;
}

/**
 * Read a skill or agent file's frontmatter and check it. Never throws: an unreadable or binary file,
 * a missing, unclosed (or closed only past `maxBytes`) or broken frontmatter, and every broken Agent
 * Skills rule become diagnostics on the returned entry. The Markdown body is not kept.
 */
export async function readAssetFile(
  workspace: Workspace,
  path: string,
  options: ReadAssetFileOptions,
): Promise<InventoryAssetFields> {
  const label = toLabel(workspace, path);
  const maxBytes = options.maxBytes ?? DEFAULT_ASSET_MAX_BYTES;
  const empty = { path: label, name: null, description: null, attributes: {} };
  let file: Awaited<ReturnType<typeof readTextFile>>;
  try {
    file = await readTextFile(workspace, path, { maxBytes });
  } catch (error) {
    return { ...empty, diagnostics: [diagnosticFromError(error, label, 'file')] };
  }
  if (file.binary) {
    const message = `${label} is a binary file, not Markdown; skipped.`;
    return { ...empty, diagnostics: [{ severity: 'error', code: 'binary-file', message, path: label }] };
  }

  const parsed = parseFrontmatter(file.text, label);
  if (parsed.status === 'none') {
    const message = `${label} has no frontmatter: start the file with a \`---\` block holding \`name\` and \`description\`.`;
    return {
      ...empty,
      diagnostics: [{ severity: 'error', code: 'missing-frontmatter', message, path: label }],
    };
  }
  if (parsed.status === 'unclosed') {
    const diagnostic = file.truncated
      ? {
          code: 'frontmatter-too-large',
          message: `The frontmatter of ${label} does not close within the first ${maxBytes} bytes (the file has ${file.size}); it was not read.`,
        }
      : { code: 'unclosed-frontmatter', message: `The frontmatter of ${label} has no closing \`---\` line.` };
    return { ...empty, diagnostics: [{ severity: 'error', ...diagnostic, path: label }] };
  }

  const checked = checkAssetFields(parsed.data, {
    label,
    kind: options.kind,
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
    requireFields: parsed.status !== 'broken',
  });
  return {
    path: label,
    name: checked.name,
    description: checked.description,
    attributes: checked.attributes,
    diagnostics: [...parsed.diagnostics, ...checked.diagnostics],
  };
}
