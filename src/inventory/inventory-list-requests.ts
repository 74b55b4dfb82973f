import path from 'node:path';
import { walkUpCandidates } from '../project/walk-up-directories.js';
import { assistantReading } from '../rules/assistants/index.js';
import { ruleListRequests } from '../rules/rule-list-requests.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { checkRootNames } from './asset-root-names.js';
import { agentFoldersOf, commandFoldersOf } from './command-folders.js';
import { skippedDirectories } from './find-asset-files.js';
import { pluginFileRequests } from './find-plugin-folders.js';
import { inventoryDefaults } from './inventory-defaults.js';
import { hookFileNames, maxSettingsBytes } from './read-settings.js';
import type { ScanInventoryOptions } from './scan-inventory-options.js';
import type { RootPlace } from './scanned-root.js';

/**
 * What `scanInventory` reads, as list requests for one batch: in every directory a walk-up may
 * search, the root markers, each asset root with its settings and hook files, its `skills/` and
 * `commands/` folders to the depth bound (only `SKILL.md` and command files read), its `agents/`
 * folder, and the rules (as `ruleListRequests`) unless `formats` is `[]`. Plugin folders are named
 * by files read here, so they are asked for afterwards. Throws `invalid-option` as `scanInventory` does.
 */
export function inventoryListRequests(
  options: Omit<ScanInventoryOptions, 'workspace'> & { workspace: Workspace },
): ListRequest[] {
  const { workspace } = options;
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  const roots = checkRootNames(workspace, reading?.assetRoots ?? options.roots ?? inventoryDefaults.roots);
  const formats = reading?.formats ?? options.formats;
  const maxBytes = options.maxFileBytes ?? inventoryDefaults.maxFileBytes;
  const depth = (options.maxDepth ?? inventoryDefaults.maxDepth) + 1;
  const join = (root: string, name: string) => (root === '' ? name : `${root}/${name}`);
  const files = [
    ...(options.rootMarkers ?? inventoryDefaults.rootMarkers),
    ...roots.filter((root) => root !== ''),
    ...roots.flatMap((root) => ['settings.json', ...hookFileNames].map((name) => join(root, name))),
  ];
  const skip = [...skippedDirectories];
  const requests = walkUpCandidates(workspace).flatMap((path): ListRequest[] => [
    { path, names: files, read: { maxBytes: maxSettingsBytes } },
    {
      path,
      names: roots.map((root) => join(root, 'skills')),
      depth,
      skip,
      read: { maxBytes, endings: ['SKILL.md'] },
    },
    {
      path,
      // Each root's own command folders (`.gemini/commands` TOML, `.github/prompts`, ...).
      names: roots.flatMap((root) => commandFoldersOf(root).map((folder) => join(root, folder.folder))),
      depth,
      skip,
      read: { maxBytes, endings: ['.md', '.toml'] },
    },
    {
      path,
      names: [
        ...roots.flatMap((root) => agentFoldersOf(root).map((folder) => join(root, folder))),
        ...roots.map((root) => join(root, 'output-styles')),
      ],
      depth: 1,
      read: { maxBytes, endings: ['.md', '.toml'] },
    },
    ...((options.plugins ?? true) ? pluginFileRequests(path) : []),
  ]);
  if (formats !== undefined && formats.length === 0) return requests;
  return [
    ...requests,
    ...ruleListRequests(workspace, {
      ...(formats === undefined ? {} : { formats }),
      ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    }),
  ];
}

/**
 * Of a plugin folder (asked from its parent, so its own kind comes too), its settings and hook files,
 * read. `findHooks` asks the same request for each plugin, so one listing answers the inventory and
 * the hooks alike (a run start sends their plugin requests together).
 */
export function pluginSettingsRequest(plugin: string): ListRequest {
  const base = path.posix.basename(plugin);
  return {
    path: path.posix.dirname(plugin),
    names: [base, ...['settings.json', ...hookFileNames].map((name) => `${base}/${name}`)],
    read: { maxBytes: maxSettingsBytes },
  };
}

/**
 * What `scanInventory` reads of the plugin folders the first batch named, as list requests for one
 * more batch: of each folder (asked from its parent, so its own kind comes too), its settings and hook
 * files, its `skills/` and command folders to the depth bound, its `agents/` and `output-styles/`
 * folders, and an extension's context files. So a repository with plugins costs one round trip more
 * on a sandbox, however many plugins it has.
 */
export function pluginListRequests(
  plugins: readonly RootPlace[],
  settings: { maxDepth: number; maxBytes: number },
): ListRequest[] {
  const depth = settings.maxDepth + 1;
  const skip = [...skippedDirectories];
  const read = { maxBytes: settings.maxBytes, endings: ['.md', '.toml'] };
  return plugins.flatMap((plugin): ListRequest[] => {
    const parent = path.posix.dirname(plugin.path);
    const base = path.posix.basename(plugin.path);
    const inside = (name: string) => `${base}/${name}`;
    return [
      pluginSettingsRequest(plugin.path),
      { path: parent, names: (plugin.contextFileNames ?? []).map(inside) },
      {
        path: parent,
        names: [inside('skills')],
        depth,
        skip,
        read: { maxBytes: settings.maxBytes, endings: ['SKILL.md'] },
      },
      {
        path: parent,
        names: commandFoldersOf(plugin.path, plugin.kind).map((folder) => inside(folder.folder)),
        depth,
        skip,
        read,
      },
      {
        path: parent,
        names: [...agentFoldersOf(plugin.path).map(inside), inside('output-styles')],
        depth: 1,
        read,
      },
    ];
  });
}
