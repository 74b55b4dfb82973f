import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { compareCodePoints, isInside } from '../workspace/paths.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';

/** A plugin folder: a Claude Code or Codex plugin named by a marketplace file, or a Gemini CLI extension. */
export interface PluginFolder {
  /** The plugin's `name` in the marketplace file (an extension's `name`, else its folder name). */
  name: string;
  /** Absolute path of its folder. */
  path: string;
  /** A Gemini CLI extension (its commands are TOML files). */
  kind?: 'gemini-extension';
  /** A Gemini CLI extension's context files: its `contextFileName` (a name or a list), else `GEMINI.md`. */
  contextFileNames?: readonly string[];
}

/** Marketplace files larger than this (1 MiB) are not parsed. */
const maxMarketplaceBytes = 1024 * 1024;

/** The marketplace files of a repository, each listing plugin folders: Claude Code's, then Codex's. */
const marketplaceFiles = ['.claude-plugin/marketplace.json', '.agents/plugins/marketplace.json'];
/** Where Gemini CLI extensions of a repository live, one folder each holding `gemini-extension.json`. */
const extensionsFolder = '.gemini/extensions';

/**
 * List requests that answer {@link findPluginFolders} for `directory` in one listing: its marketplace
 * files (read), and its Gemini CLI extensions folder two levels deep (each `gemini-extension.json` read).
 */
export function pluginFileRequests(directory: string): ListRequest[] {
  return [
    { path: directory, names: marketplaceFiles, read: { maxBytes: maxMarketplaceBytes } },
    {
      path: directory,
      names: [extensionsFolder],
      depth: 2,
      read: { maxBytes: maxMarketplaceBytes, endings: ['gemini-extension.json'] },
    },
  ];
}

/**
 * The plugin folders of a repository, in this order:
 * 1. those listed by `DIRECTORY/.claude-plugin/marketplace.json` (Claude Code,
 *    `{ "plugins": [{ "name": "review", "source": "./plugins/review" }] }`), in file order;
 * 2. those listed by `DIRECTORY/.agents/plugins/marketplace.json` (Codex, whose `source` may also be
 *    `{ "source": "local", "path": "./plugins/review" }`; each folder holds `.codex-plugin/plugin.json`);
 * 3. the Gemini CLI extensions `DIRECTORY/.gemini/extensions/NAME/` holding a `gemini-extension.json`
 *    (named by its `name`, else the folder), in name order.
 * Only a source that is a relative path inside the workspace is a folder here; remote sources
 * (repositories, URLs) are left out without a diagnostic, since they are not part of the repository.
 * No file gives no folder; a malformed file, a plugin without a name and a source leaving the
 * workspace are diagnostics. A folder listed twice is listed once. Never throws.
 */
export async function findPluginFolders(
  workspace: Workspace,
  directory: string,
): Promise<{ items: PluginFolder[]; diagnostics: Diagnostic[] }> {
  const items: PluginFolder[] = [];
  const diagnostics: Diagnostic[] = [];
  const base = directory === '/' ? '' : directory;
  for (const file of marketplaceFiles) {
    await readMarketplace(workspace, directory, `${base}/${file}`, items, diagnostics);
  }
  await findExtensions(workspace, `${base}/${extensionsFolder}`, items, diagnostics);
  return { items, diagnostics };
}

async function readMarketplace(
  workspace: Workspace,
  directory: string,
  path: string,
  items: PluginFolder[],
  diagnostics: Diagnostic[],
): Promise<void> {
  const label = toLabel(workspace, path);
  const report = (severity: Diagnostic['severity'], code: DiagnosticCode, message: string) =>
    diagnostics.push({ severity, code, message, path: label });
  const data = await readJsonFile(workspace, path, label, 'invalid-marketplace', diagnostics);
  if (data === undefined) return;
  const plugins = isObject(data) ? data.plugins : undefined;
  if (!Array.isArray(plugins)) {
    report('error', 'invalid-marketplace', `${label} has no \`plugins\` list; its plugins were not read.`);
    return;
  }
  plugins.forEach((plugin: unknown, index) => {
    if (!isObject(plugin) || typeof plugin.name !== 'string' || plugin.name.trim() === '') {
      report('warning', 'invalid-marketplace', `\`plugins[${index}]\` has no \`name\`; skipped.`);
      return;
    }
    // Codex writes a local source as `{ "source": "local", "path": "./plugins/x" }`.
    const source =
      isObject(plugin.source) && plugin.source.source === 'local' ? plugin.source.path : plugin.source;
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
}

async function findExtensions(
  workspace: Workspace,
  folder: string,
  items: PluginFolder[],
  diagnostics: Diagnostic[],
): Promise<void> {
  let entries: Awaited<ReturnType<Workspace['readdir']>>;
  try {
    if ((await workspace.stat(folder))?.kind !== 'directory') return;
    entries = await workspace.readdir(folder);
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, toLabel(workspace, folder), 'directory'));
    return;
  }
  for (const entry of [...entries].sort((left, right) => compareCodePoints(left.name, right.name))) {
    if (entry.kind !== 'directory' && entry.kind !== 'symlink') continue;
    const extension = `${folder}/${entry.name}`;
    const manifest = `${extension}/gemini-extension.json`;
    if ((await workspace.stat(manifest).catch(() => undefined))?.kind !== 'file') continue;
    const data = await readJsonFile(
      workspace,
      manifest,
      toLabel(workspace, manifest),
      'invalid-extension',
      diagnostics,
    );
    const name =
      isObject(data) && typeof data.name === 'string' && data.name.trim() !== '' ? data.name : entry.name;
    const given = isObject(data) ? data.contextFileName : undefined;
    const named = (Array.isArray(given) ? given : [given]).filter(
      (value): value is string =>
        typeof value === 'string' &&
        value.trim() !== '' &&
        !value.startsWith('/') &&
        !value.split('/').includes('..'),
    );
    if (!items.some((item) => item.path === extension))
      items.push({
        name,
        path: extension,
        kind: 'gemini-extension',
        contextFileNames: named.length > 0 ? named : ['GEMINI.md'],
      });
  }
}

/** A JSON file's value, or `undefined` (missing, or a diagnostic with `code` saying why not). */
async function readJsonFile(
  workspace: Workspace,
  path: string,
  label: string,
  code: DiagnosticCode,
  diagnostics: Diagnostic[],
): Promise<unknown> {
  const report = (message: string) => diagnostics.push({ severity: 'error', code, message, path: label });
  let text: string;
  try {
    if ((await workspace.stat(path))?.kind !== 'file') return undefined;
    const file = await readTextFile(workspace, path, { maxBytes: maxMarketplaceBytes });
    if (file.binary || file.truncated) {
      report(`${label} is binary or over 1 MiB; its plugins were not read.`);
      return undefined;
    }
    text = file.text;
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, label, 'file'));
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    report(`${label} is not valid JSON (${(error as Error).message}); its plugins were not read.`);
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
