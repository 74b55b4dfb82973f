import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import {
  type FrontmatterStatus,
  type ParsedFrontmatter,
  parseFrontmatter,
} from '../frontmatter/parse-frontmatter.js';
import { checkToolNames, parseToolList } from '../tool-vocabulary/check-tool-names.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { checkAssetFields } from './check-asset-fields.js';
import { inventoryDefaults } from './inventory-defaults.js';
import type { InventoryAssetFields } from './inventory-result.js';
import { type AssetText, readAssetText } from './read-asset-text.js';

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
  const empty = { path: label, name: null, description: null, attributes: {} };
  const read = await readFrontmatterFile(workspace, path, options.maxBytes);
  if (!read.ok) return { ...empty, diagnostics: [read.failure] };
  const { parsed } = read;
  if (parsed.status === 'none') {
    const message = `${label} has no frontmatter: start the file with a \`---\` block holding \`name\` and \`description\`.`;
    return {
      ...empty,
      diagnostics: [{ severity: 'error', code: 'missing-frontmatter', message, path: label }],
    };
  }

  const checked = checkAssetFields(parsed.data, {
    label,
    kind: options.kind,
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
    ...(options.kind === 'agent' ? { nameWhenMissing: agentFileName(label) } : {}),
    requireFields: parsed.status !== 'broken',
    ...(parsed.written === undefined ? {} : { written: parsed.written }),
  });
  const diagnostics = [...parsed.diagnostics, ...checked.diagnostics];
  const tools = options.kind === 'agent' ? parseToolList(checked.attributes.tools) : undefined;
  if (tools !== undefined) {
    diagnostics.push(...checkToolNames(tools, label, `The agent ${checked.name ?? label}`));
  }
  return {
    path: label,
    name: checked.name,
    description: checked.description,
    attributes: checked.attributes,
    diagnostics,
  };
}

/** Result of {@link readFrontmatterFile}: the parsed file, or the one problem that stopped the read. */
export type FrontmatterFile =
  | { ok: true; parsed: ParsedFrontmatter & { status: Exclude<FrontmatterStatus, 'unclosed'> } }
  | { ok: false; failure: Diagnostic };

/**
 * Read at most `maxBytes` (default 64 KiB) of a Markdown file and parse its frontmatter (see
 * `parseFrontmatter`). Never throws: an unreadable file, a binary file (`binary-file`) and a
 * frontmatter without a closing line (`unclosed-frontmatter`, or `frontmatter-too-large` when it does
 * not close within `maxBytes`) are an `error` diagnostic instead. A file without frontmatter reads
 * with status `none`: whether that is a problem is the caller's decision.
 */
export async function readFrontmatterFile(
  workspace: Workspace,
  path: string,
  maxBytes: number = inventoryDefaults.maxFileBytes,
): Promise<FrontmatterFile> {
  return frontmatterFileOf(await readAssetText(workspace, path, maxBytes, 'Markdown'), maxBytes);
}

/** {@link readFrontmatterFile} of a file already read as text (see `assetTextOf`). */
export function frontmatterFileOf(read: AssetText, maxBytes: number): FrontmatterFile {
  if (!read.ok) return { ok: false, failure: read.failure };
  const { file, label } = read;
  const fail = (code: DiagnosticCode, message: string): FrontmatterFile => ({
    ok: false,
    failure: { severity: 'error', code, message, path: label },
  });
  const parsed = parseFrontmatter(file.text, label);
  // Not copied: the parse is this file's own (the status is narrowed, not changed).
  if (parsed.status !== 'unclosed')
    return {
      ok: true,
      parsed: parsed as ParsedFrontmatter & { status: Exclude<FrontmatterStatus, 'unclosed'> },
    };
  return file.truncated
    ? fail(
        'frontmatter-too-large',
        `The frontmatter of ${label} does not close within the first ${maxBytes} bytes (the file has ${file.size}); it was not read.`,
      )
    : fail('unclosed-frontmatter', `The frontmatter of ${label} has no closing \`---\` line.`);
}

/** An agent file's name without its folder and `.md` or `.agent.md`: the agent's name when it gives none. */
function agentFileName(label: string): string {
  return label.slice(label.lastIndexOf('/') + 1).replace(/(?:\.agent)?\.md$/i, '');
}
