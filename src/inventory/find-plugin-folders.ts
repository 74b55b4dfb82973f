import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { isInside } from '../workspace/paths.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';

/** A Claude Code plugin folder named by a marketplace file. */
export interface PluginFolder {
  /** The plugin's `name` in the marketplace file. */
  name: string;
  /** Absolute path of its folder. */
  path: string;
}

/** Marketplace files larger than this (1 MiB) are not parsed. */
const MAX_MARKETPLACE_BYTES = 1024 * 1024;

/**
 * The plugin folders listed by `DIRECTORY/.claude-plugin/marketplace.json`
 * (`{ "plugins": [{ "name": "review", "source": "./plugins/review" }] }`), in file order. Only a
 * `source` that is a relative path inside the workspace is a folder here; remote sources (objects,
 * URLs) are left out without a diagnostic, since they are not part of the repository. No file gives
 * no folder; a malformed file, a plugin without a name and a source leaving the workspace are
 * diagnostics. Never throws.
 */
export async function findPluginFolders(
  workspace: Workspace,
  directory: string,
): Promise<{ items: PluginFolder[]; diagnostics: Diagnostic[] }> {
  const path = `${directory === '/' ? '' : directory}/.claude-plugin/marketplace.json`;
  const label = toLabel(workspace, path);
  const items: PluginFolder[] = [];
  const diagnostics: Diagnostic[] = [];
  const report = (severity: Diagnostic['severity'], code: string, message: string) =>
    diagnostics.push({ severity, code, message, path: label });

  let text: string;
  try {
    if ((await workspace.stat(path))?.kind !== 'file') return { items, diagnostics };
    const file = await readTextFile(workspace, path, { maxBytes: MAX_MARKETPLACE_BYTES });
    if (file.binary || file.truncated) {
      report('error', 'invalid-marketplace', `${label} is binary or over 1 MiB; its plugins were not read.`);
      return { items, diagnostics };
    }
    text = file.text;
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, label, 'file'));
    return { items, diagnostics };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    report(
      'error',
      'invalid-marketplace',
      `${label} is not valid JSON (${(error as Error).message}); its plugins were not read.`,
    );
    return { items, diagnostics };
  }
  const plugins = isObject(data) ? data.plugins : undefined;
  if (!Array.isArray(plugins)) {
    report('error', 'invalid-marketplace', `${label} has no \`plugins\` list; its plugins were not read.`);
    return { items, diagnostics };
  }
  plugins.forEach((plugin: unknown, index) => {
    if (!isObject(plugin) || typeof plugin.name !== 'string' || plugin.name.trim() === '') {
      report('warning', 'invalid-marketplace', `\`plugins[${index}]\` has no \`name\`; skipped.`);
      return;
    }
    const { source } = plugin;
    // Remote sources (a repository, a URL) are not folders of this repository.
    if (typeof source !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(source)) return;
    let folder: string;
    try {
      folder = workspace.resolve(source.startsWith('/') ? source : `${directory}/${source}`);
    } catch {
      folder = '';
    }
    if (folder === '' || !isInside(workspace.root, folder)) {
      report(
        'warning',
        'invalid-marketplace',
        `The plugin "${plugin.name}" points outside the workspace (${source}); skipped.`,
      );
      return;
    }
    if (!items.some((item) => item.path === folder)) items.push({ name: plugin.name, path: folder });
  });
  return { items, diagnostics };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
