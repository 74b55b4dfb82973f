import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { walkUpDirectories } from '../project/walk-up-directories.js';
import { assistantReading } from '../rules/assistants/index.js';
import { loadRules, type RulesLoad } from '../rules/load-rules.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { compareCodePoints } from '../workspace/paths.js';
import { prefetchWorkspace, prefetchWorkspaceAhead } from '../workspace/prefetch-workspace.js';
import {
  guardUnreadableDirectories,
  withUnreadableDirectories,
} from '../workspace/unreadable-directories.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import { checkRootNames } from './asset-root-names.js';
import { agentFoldersOf, commandFoldersOf } from './command-folders.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import { type EntryRealPaths, entryRealPaths } from './entry-real-paths.js';
import { findPluginFolders } from './find-plugin-folders.js';
import { findSkillFiles } from './find-skill-files.js';
import { foldUnreadableDirectories } from './fold-unreadable-directories.js';
import { inventoryDefaults } from './inventory-defaults.js';
import { inventoryListRequests, pluginListRequests } from './inventory-list-requests.js';
import type {
  InventoryAgent,
  InventoryOutputStyle,
  InventoryResult,
  InventoryRoot,
  InventoryRule,
  InventorySkill,
} from './inventory-result.js';
import { markDuplicateSkills } from './mark-duplicate-skills.js';
import { markShadowedCommands } from './mark-shadowed-commands.js';
import { mergeLinkedFiles } from './merge-linked-files.js';
import { readAssetFile } from './read-asset-file.js';
import { isCodexAgentFileName, readCodexAgentFile } from './read-codex-agent-file.js';
import { readCommandFile } from './read-command-file.js';
import { readConcurrency } from './read-concurrency.js';
import { hookFileNames, readSettings } from './read-settings.js';
import { isCommandFile, scanCommands } from './scan-commands.js';
import type { ScanInventoryOptions } from './scan-inventory-options.js';
import type { RootPlace, ScannedRoot } from './scanned-root.js';
import { statKind } from './stat-kind.js';

/**
 * Map a repository's coding-assistant setup: the asset roots (`.claude`, `.agents`...) of the working
 * directory and its ancestors, and the Claude Code plugin folders the repository names, each with its
 * skills (`skills/**\/SKILL.md`), sub-agents (`agents/*.md`, and Codex's `.codex/agents/*.toml`), slash commands (`commands/**\/*.md`)
 * and hooks (`settings.json`, `settings.local.json`, `hooks.json`, `hooks/hooks.json`), frontmatter
 * parsed and checked.
 *
 * Where roots are looked for, in the order reported:
 * 1. The working directory and every ancestor up to the project root (the nearest holding a root
 *    marker, or `stopAt`; never above `workspace.root`), nearest first; in each, the roots in the order
 *    given. Every root of the working directory is listed, absent ones too; an ancestor's only when it exists.
 * 2. The plugin folders listed by `.claude-plugin/marketplace.json` in the project root (each
 *    `plugins[].source` that is a relative path), in file order, labelled with the plugin's name.
 *
 * Rules (`rules`): what `loadRules` finds with the same ceiling (`stopAt`, `rootMarkers`) and the
 * given `formats` and `userDirectory`, in load order, each without its body; the rule files it does
 * not load are named in `ruleDiagnostics`. Rule files are read whole (up to 1 MiB, as delivery reads
 * them: a duplicate or empty body is found from it), not cut at `maxFileBytes`.
 *
 * One real file is one entry: a file that linked roots reach twice is listed under the first root,
 * with `reachableFrom` naming each. A skill name found in two directories: the nearer skill wins and
 * the farther one says `shadowedBy` (an `info`); two different files of one name in one directory keep
 * `duplicateOf` / `alsoIn` (`duplicate-skill-name`). Plugin skills are compared only within their plugin.
 * A command name found twice: the first in scan order is the one `/NAME` runs, as in `commands()`;
 * every later one says `shadowedBy` (`shadowed-command`, an `info`).
 *
 * Only the roots are read, never the rest of the tree, so the cost does not depend on the
 * repository's size. Paths are POSIX labels relative to `workspace.cwd`, sorted by code point. Never
 * throws for what it finds: every problem is a diagnostic on its entry (see {@link InventoryResult}).
 *
 * @example
 * const { roots } = await scanInventory({ workspace: localWorkspace('/repo', { cwd: 'web/src' }) });
 * // roots[0] -> { root: '.claude', directory: '.', exists: false, ... }; later: { root: '../../.agents', directory: '../..', ... }
 */
export function scanInventory(options: ScanInventoryOptions): Promise<InventoryResult> {
  // One operation: the directories on the way to every path are checked once, not once per path.
  return withUnreadableDirectories(() => withCheckedDirectories(() => scanOnce(options)));
}

/**
 * What {@link scanInventory} with these options reads of the plugin folders, as the list requests of
 * its second listing; empty without plugins or with `plugins: false`. Computed from
 * `options.workspace`, so a run start's listing answers it without a request: the run start sends
 * these with the first listing after its own, and the scan finds them already listed.
 */
export async function inventoryPluginRequests(options: ScanInventoryOptions): Promise<ListRequest[]> {
  if (!(options.plugins ?? true)) return [];
  const walk = await walkUpDirectories(options.workspace, {
    stopAt: options.stopAt,
    rootMarkers: options.rootMarkers ?? ['.git'],
  });
  const { places } = await pluginPlacesOf(options.workspace, walk.ceiling, walk.directories.length);
  return places.length === 0
    ? []
    : pluginListRequests(places, {
        maxDepth: options.maxDepth ?? inventoryDefaults.maxDepth,
        maxBytes: options.maxFileBytes ?? inventoryDefaults.maxFileBytes,
      });
}

/** The plugin folders the project root names (see `findPluginFolders`), as places after every directory. */
async function pluginPlacesOf(
  workspace: Workspace,
  projectRoot: string,
  level: number,
): Promise<{ places: RootPlace[]; diagnostics: Diagnostic[] }> {
  const plugins = await findPluginFolders(workspace, projectRoot);
  const places = plugins.items.map(
    (plugin): RootPlace => ({
      path: plugin.path,
      directory: plugin.path,
      level,
      plugin: plugin.name,
      ...(plugin.kind === undefined ? {} : { kind: plugin.kind }),
      ...(plugin.contextFileNames === undefined ? {} : { contextFileNames: plugin.contextFileNames }),
      listAbsent: true,
    }),
  );
  return { places, diagnostics: plugins.diagnostics };
}

async function scanOnce(options: ScanInventoryOptions): Promise<InventoryResult> {
  const settings = {
    maxDepth: options.maxDepth ?? inventoryDefaults.maxDepth,
    maxBytes: options.maxFileBytes ?? inventoryDefaults.maxFileBytes,
  };
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  if (reading !== undefined && (options.roots !== undefined || options.formats !== undefined)) {
    const message = '`roots` and `formats` cannot be combined with `assistant`: the assistant decides them';
    throw new AgentContextError(message, { code: 'invalid-option', reason: message });
  }
  const formats = reading?.formats ?? options.formats;
  const rootNames = reading?.assetRoots ?? options.roots ?? inventoryDefaults.roots;
  // Everything at a known path in one listing (one round trip on a sandbox); the rest as asked.
  // Locally, the files are parsed while the next are read: the scan ends once every read has.
  const prefetched = await prefetchWorkspaceAhead(
    options.workspace,
    inventoryListRequests({ ...options, roots: rootNames, ...(formats === undefined ? {} : { formats }) }),
  );
  try {
    return await scanListed(options, prefetched.workspace, { settings, formats, rootNames });
  } finally {
    await prefetched.settled;
  }
}

/** {@link scanOnce} on the workspace prefetched for it. */
async function scanListed(
  options: ScanInventoryOptions,
  listed: Workspace,
  scan: {
    settings: { maxDepth: number; maxBytes: number };
    formats: ScanInventoryOptions['formats'];
    rootNames: readonly string[];
  },
): Promise<InventoryResult> {
  const { settings, formats, rootNames } = scan;
  // A directory that cannot be read is reported once, and nothing below it asked again.
  const workspace = guardUnreadableDirectories(listed);
  const names = checkRootNames(workspace, rootNames);
  // Step 1: the directories, nearest first.
  const walk = await walkUpDirectories(workspace, {
    stopAt: options.stopAt,
    rootMarkers: options.rootMarkers ?? ['.git'],
  });
  const directories = [...walk.directories].reverse();
  const places: RootPlace[] = directories.flatMap((directory, level) =>
    names.map((name) => ({ path: joinPath(directory, name), directory, level, listAbsent: level === 0 })),
  );
  // Step 2: plugin folders, then what they hold in one more listing.
  const diagnostics: Diagnostic[] = [];
  let pluginWorkspace = workspace;
  if (options.plugins ?? true) {
    const plugins = await pluginPlacesOf(workspace, walk.ceiling, directories.length);
    diagnostics.push(...plugins.diagnostics);
    places.push(...plugins.places);
    const pluginPlaces = plugins.places;
    if (pluginPlaces.length > 0) {
      pluginWorkspace = guardUnreadableDirectories(
        await prefetchWorkspace(workspace, pluginListRequests(pluginPlaces, settings)),
      );
    }
  }
  const listRules = formats === undefined || formats.length > 0;
  const [scanned, rules] = await Promise.all([
    Promise.all(
      places.map((place) =>
        scanRoot(place.plugin === undefined ? workspace : pluginWorkspace, place, settings),
      ),
    ),
    listRules
      ? loadRules({
          workspace,
          ...(formats === undefined ? {} : { formats }),
          ...(options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
          ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
          ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
        })
      : undefined,
  ]);
  const roots = mergeLinkedFiles(scanned.filter((root) => root.result.exists || root.place.listAbsent));
  markDuplicateSkills(roots);
  markShadowedCommands(roots);
  const result: InventoryResult = {
    directories: directories.map((directory) => toLabel(workspace, directory) || '.'),
    roots: roots.map((root) => root.result),
  };
  if (rules !== undefined) {
    const listed = listedRules(rules);
    result.rules = listed.rules;
    if (listed.diagnostics.length > 0) result.ruleDiagnostics = listed.diagnostics;
  }
  if (diagnostics.length > 0) result.diagnostics = diagnostics;
  foldUnreadableDirectories(workspace, result);
  for (const root of result.roots) root.diagnostics = capDiagnostics(root.diagnostics);
  if (result.diagnostics !== undefined) result.diagnostics = capDiagnostics(result.diagnostics);
  return result;
}

/**
 * The loaded rules as the inventory lists them (no body, no host path, no hash), each with the
 * diagnostics that name its file; the other diagnostics (files not loaded) apart.
 */
function listedRules(load: RulesLoad): { rules: InventoryRule[]; diagnostics: Diagnostic[] } {
  const byPath = new Map<string, InventoryRule>();
  const rules = load.items.map((rule) => {
    const { format, path, name, scope, globs, description, base, level } = rule;
    const listed: InventoryRule = {
      format,
      path,
      name,
      scope,
      ...(globs === undefined ? {} : { globs }),
      ...(description === undefined ? {} : { description }),
      base,
      level,
      diagnostics: [],
    };
    byPath.set(path, listed);
    return listed;
  });
  const diagnostics: Diagnostic[] = [];
  for (const diagnostic of load.diagnostics) {
    const rule = diagnostic.path === undefined ? undefined : byPath.get(diagnostic.path);
    (rule?.diagnostics ?? diagnostics).push(diagnostic);
  }
  return { rules, diagnostics };
}

function joinPath(directory: string, name: string): string {
  if (name === '') return directory;
  return directory === '/' ? `/${name}` : `${directory}/${name}`;
}

async function scanRoot(
  workspace: Workspace,
  place: RootPlace,
  settings: { maxDepth: number; maxBytes: number },
): Promise<ScannedRoot> {
  const directory = place.path;
  const label = toLabel(workspace, directory) || '.';
  const result: InventoryRoot = {
    root: label,
    directory: place.plugin === undefined ? toLabel(workspace, place.directory) || '.' : label,
    exists: false,
    skills: [],
    agents: [],
    commands: [],
    settings: null,
    diagnostics: [],
  };
  if (place.plugin !== undefined) result.plugin = place.plugin;
  const scanned: ScannedRoot = { place, result, realPaths: entryRealPaths() };
  const kind = await statKind(workspace, directory, label, result.diagnostics);
  if (kind === undefined) {
    if (place.plugin !== undefined) {
      const message = `The plugin "${place.plugin}" names the folder ${label}, which does not exist.`;
      result.diagnostics.push({ severity: 'warning', code: 'plugin-not-found', message, path: label });
    }
    return scanned;
  }
  if (kind !== 'directory') {
    const message = `${label} is not a directory; it holds no assets.`;
    result.diagnostics.push({ severity: 'info', code: 'not-a-directory', message, path: label });
    return scanned;
  }
  result.exists = true;

  // Each part collects its own diagnostics, appended in a fixed order whatever finishes first.
  const parts = {
    skills: [] as Diagnostic[],
    agents: [] as Diagnostic[],
    commands: [] as Diagnostic[],
    settings: [] as Diagnostic[],
  };
  const hookPaths = ['settings.json', ...hookFileNames].map((name) => `${directory}/${name}`);
  const commandFolders = commandFoldersOf(directory, place.kind);
  const [skills, agentLists, commandLists, hookKinds] = await Promise.all([
    scanSkills(workspace, `${directory}/skills`, settings, parts.skills, scanned.realPaths),
    Promise.all(
      agentFoldersOf(directory).map((folder) =>
        scanAgents(workspace, `${directory}/${folder}`, settings.maxBytes, parts.agents, scanned.realPaths),
      ),
    ),
    Promise.all(
      commandFolders.map((folder) =>
        scanCommands(
          workspace,
          `${directory}/${folder.folder}`,
          settings,
          parts.commands,
          scanned.realPaths,
          folder,
        ),
      ),
    ),
    Promise.all(
      hookPaths.map((path) => statKind(workspace, path, toLabel(workspace, path), parts.settings, 'file')),
    ),
  ]);
  result.diagnostics.push(...parts.skills, ...parts.agents, ...parts.commands, ...parts.settings);
  result.skills = skills;
  result.agents = agentLists.flat();
  // One folder's list as it is (a copy of 100,000 commands would cost their time again).
  result.commands = commandLists.length === 1 ? commandLists[0]! : commandLists.flat();
  // A plugin's command is typed with its plugin's name, as Claude Code and `commands()` type it.
  if (place.plugin !== undefined) {
    for (const command of result.commands) {
      if (command.name !== null) command.name = `${place.plugin}:${command.name}`;
    }
  }
  const hookFiles = await Promise.all(
    hookPaths.map((path, index) => (hookKinds[index] === 'file' ? readSettings(workspace, path) : undefined)),
  );
  result.settings = hookFiles[0] ?? null;
  const others = hookFiles.slice(1).filter((file) => file !== undefined);
  if (others.length > 0) result.hookFiles = others;
  const styles = await scanOutputStyles(
    workspace,
    `${directory}/output-styles`,
    settings.maxBytes,
    result.diagnostics,
  );
  if (styles.length > 0) result.outputStyles = styles;
  const contextFiles: string[] = [];
  for (const name of place.contextFileNames ?? []) {
    const file = `${directory}/${name}`;
    if ((await workspace.stat(file).catch(() => undefined))?.kind === 'file')
      contextFiles.push(toLabel(workspace, file));
  }
  if (contextFiles.length > 0) result.contextFiles = contextFiles;
  return scanned;
}

async function scanSkills(
  workspace: Workspace,
  skillsDirectory: string,
  settings: { maxDepth: number; maxBytes: number },
  diagnostics: Diagnostic[],
  realPaths: EntryRealPaths,
): Promise<InventorySkill[]> {
  const kind = await statKind(workspace, skillsDirectory, toLabel(workspace, skillsDirectory), diagnostics);
  if (kind !== 'directory') return [];
  const found = await findSkillFiles(workspace, skillsDirectory, settings.maxDepth);
  diagnostics.push(...found.diagnostics);
  realPaths.folders.push(...found.folders);
  const skills = await mapWithLimit(found.locations, readConcurrency, async (location) => {
    const directory = toLabel(workspace, location.directory);
    const folderName = location.directory.slice(location.directory.lastIndexOf('/') + 1);
    const fields = location.refused
      ? { path: directory, name: null, description: null, attributes: {}, diagnostics: [location.refused] }
      : await readAssetFile(workspace, location.path, {
          kind: 'skill',
          folderName,
          maxBytes: settings.maxBytes,
        });
    const { path, name, description, attributes, diagnostics } = fields;
    const skill: InventorySkill = {
      path,
      directory,
      name,
      description,
      attributes,
      duplicateOf: null,
      alsoIn: [],
      diagnostics,
    };
    if (!location.refused) {
      if (location.realPath === undefined) realPaths.asked += 1;
      const realPath = location.realPath ?? (await realPathQuietly(workspace, location.path));
      if (realPath !== undefined) realPaths.set(skill, realPath);
    }
    return skill;
  });
  return skills.sort((left, right) => compareCodePoints(left.path, right.path));
}

async function scanAgents(
  workspace: Workspace,
  agentsDirectory: string,
  maxBytes: number,
  diagnostics: Diagnostic[],
  realPaths: EntryRealPaths,
): Promise<InventoryAgent[]> {
  const kind = await statKind(workspace, agentsDirectory, toLabel(workspace, agentsDirectory), diagnostics);
  if (kind !== 'directory') return [];
  let entries: Awaited<ReturnType<Workspace['readdir']>>;
  try {
    entries = await workspace.readdir(agentsDirectory);
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, toLabel(workspace, agentsDirectory), 'directory'));
    return [];
  }
  // A README documents the folder; it is not an agent definition. Codex also reads TOML agents.
  const codex = agentsDirectory.endsWith('/.codex/agents');
  const files = entries.filter(
    (entry) =>
      (entry.kind === 'file' || entry.kind === 'symlink') &&
      ((entry.name.endsWith('.md') && entry.name.toLowerCase() !== 'readme.md') ||
        (codex && isCodexAgentFileName(entry.name))),
  );
  const realDirectory = await realPathQuietly(workspace, agentsDirectory);
  if (realDirectory !== undefined) realPaths.folders.push(realDirectory);
  const agents = await mapWithLimit(files, readConcurrency, async (entry) => {
    const path = `${agentsDirectory}/${entry.name}`;
    const agent = isCodexAgentFileName(entry.name)
      ? await readCodexAgentFile(workspace, path, maxBytes)
      : await readAssetFile(workspace, path, { kind: 'agent', maxBytes });
    const plain = entry.kind === 'file' && realDirectory !== undefined;
    if (!plain) realPaths.asked += 1;
    const realPath = plain ? `${realDirectory}/${entry.name}` : await realPathQuietly(workspace, path);
    if (realPath !== undefined) realPaths.set(agent, realPath);
    return agent;
  });
  return agents.sort((left, right) => compareCodePoints(left.path, right.path));
}

/**
 * Claude Code output styles: every `*.md` directly in `ROOT/output-styles/` (`README.md` left out), read
 * like a command (frontmatter `name` and `description`; the name defaults to the file name).
 */
async function scanOutputStyles(
  workspace: Workspace,
  stylesDirectory: string,
  maxBytes: number,
  diagnostics: Diagnostic[],
): Promise<InventoryOutputStyle[]> {
  if (
    (await statKind(workspace, stylesDirectory, toLabel(workspace, stylesDirectory), diagnostics)) !==
    'directory'
  )
    return [];
  let entries: Awaited<ReturnType<Workspace['readdir']>>;
  try {
    entries = await workspace.readdir(stylesDirectory);
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, toLabel(workspace, stylesDirectory), 'directory'));
    return [];
  }
  const files = entries.filter(
    (entry) => (entry.kind === 'file' || entry.kind === 'symlink') && isCommandFile(entry.name),
  );
  const styles = await mapWithLimit(files, readConcurrency, async (entry) => {
    const fallback = entry.name.slice(0, -'.md'.length);
    const read = await readCommandFile(workspace, `${stylesDirectory}/${entry.name}`, {
      name: fallback,
      maxBytes,
    });
    const { name, ...attributes } = read.attributes;
    const style: InventoryOutputStyle = {
      path: read.path,
      name: typeof name === 'string' && name.trim() !== '' ? name : fallback,
      description: read.description,
      attributes,
      diagnostics: read.diagnostics,
    };
    return style;
  });
  return styles.sort((left, right) => compareCodePoints(left.path, right.path));
}

/** The real path of an entry, or `undefined` when it cannot be resolved (its own read reports why). */
async function realPathQuietly(workspace: Workspace, path: string): Promise<string | undefined> {
  try {
    return await workspace.realpath(path);
  } catch {
    return undefined;
  }
}
