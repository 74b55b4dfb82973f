import path from 'node:path';
import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { findAssetFiles, skippedDirectories } from '../inventory/find-asset-files.js';
import {
  findPluginFolders,
  type PluginFolder,
  pluginFileRequests,
} from '../inventory/find-plugin-folders.js';
import { walkUpCandidates, walkUpDirectories } from '../project/walk-up-directories.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import { compareCodePoints } from '../workspace/paths.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import type { Command, CommandFormatName } from './command.js';
import { type CommandFormat, commandFormatNames, commandFormats } from './command-formats.js';
import { commandsDefaults } from './commands-defaults.js';
import { readCommandDefinition } from './read-command-definition.js';

/** Options of {@link loadCommands}. */
export interface LoadCommandsOptions {
  workspace: Workspace;
  /** The formats read, in this order within a directory. Default `['claude', 'gemini', 'copilot', 'cursor', 'opencode']` (every format). */
  formats?: readonly CommandFormatName[];
  /** The highest directory searched (absolute, or relative to the working directory). Default: the project root. */
  stopAt?: string;
  /** Names that mark the project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** Depth bound of the nested formats' walk. Default 8. */
  maxDepth?: number;
  /** Bytes read of each command file. Default 256 KiB. */
  maxFileBytes?: number;
  /**
   * Read the commands of the plugin folders the project root's marketplace files name (and of its
   * Gemini CLI extensions), typed `/PLUGIN:NAME`, and `/NAME` when no other command has that name.
   * Default `true`.
   */
  plugins?: boolean;
}

/** Result of {@link loadCommands}: the commands, each name once, and every problem found. */
export interface CommandsLoad {
  commands: Command[];
  /**
   * Other names each command is typed as (`frontend:build` for Claude Code's `frontend/build.md`),
   * by command name. Only names no command has.
   */
  aliases: Map<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * Every slash command of every format, in one model. Directories: the working directory and its
 * ancestors up to the project root (or `stopAt`), nearest first; in each, the formats' folders in
 * the order of `formats`; in a folder, by path. Then the plugin folders the project root's
 * marketplace files name, in their order (see `findPluginFolders`): a plugin's `commands/` folder
 * read as Claude Code's (a Gemini CLI extension's as Gemini's), each command named
 * `PLUGIN:NAME` as Claude Code types it, its bare `NAME` an alias when no other command has it. A
 * name already taken by an earlier command is left out with an `info` diagnostic
 * (`shadowed-command`): the nearer directory, then the earlier format, wins. Never throws for what
 * it finds; a file that is not a command is a diagnostic (at most 20 per file and 1,000 in all, with
 * a count of the rest: see `capDiagnostics`).
 */
export function loadCommands(options: LoadCommandsOptions): Promise<CommandsLoad> {
  return withCheckedDirectories(() => loadOnce(options));
}

/**
 * List requests that answer {@link loadCommands} in one listing: in every directory a walk-up may
 * search, the root markers and each format's command folders, to the depth bound for the nested
 * formats, the command files read.
 */
export function commandListRequests(options: LoadCommandsOptions): ListRequest[] {
  const formats = formatsOf(options);
  const maxDepth = options.maxDepth ?? commandsDefaults.maxDepth;
  const read = { maxBytes: options.maxFileBytes ?? commandsDefaults.maxFileBytes, endings: ['.md', '.toml'] };
  const skip = [...skippedDirectories];
  const folders = (nested: boolean) =>
    formats.filter((format) => format.nested === nested).flatMap((format) => format.folders);
  return walkUpCandidates(options.workspace).flatMap((path): ListRequest[] => [
    { path, names: options.rootMarkers ?? ['.git'] },
    { path, names: folders(true), depth: maxDepth + 1, skip, read },
    { path, names: folders(false), depth: 1, read },
    ...((options.plugins ?? commandsDefaults.plugins) ? pluginFileRequests(path) : []),
  ]);
}

/** The format of a plugin folder's commands: Claude Code's, a Gemini CLI extension's Gemini's. */
function pluginFormatOf(plugin: PluginFolder, formats: readonly CommandFormat[]): CommandFormat | undefined {
  const wanted = plugin.kind === 'gemini-extension' ? 'gemini' : 'claude';
  return formats.find((format) => format.name === wanted);
}

function formatsOf(options: LoadCommandsOptions) {
  const wanted = options.formats ?? commandFormatNames;
  return wanted.flatMap((name) => commandFormats.filter((format) => format.name === name));
}

async function loadOnce(options: LoadCommandsOptions): Promise<CommandsLoad> {
  // Everything at a known path in one listing (one round trip on a sandbox); the rest as asked.
  const workspace = await prefetchWorkspace(options.workspace, commandListRequests(options));
  const formats = formatsOf(options);
  const maxDepth = options.maxDepth ?? commandsDefaults.maxDepth;
  const maxBytes = options.maxFileBytes ?? commandsDefaults.maxFileBytes;
  const walk = await walkUpDirectories(workspace, {
    stopAt: options.stopAt,
    rootMarkers: options.rootMarkers ?? ['.git'],
  });
  const places: Array<{ format: CommandFormat; folder: string; plugin?: string }> = [...walk.directories]
    .reverse()
    .flatMap((directory) =>
      formats.flatMap((format) =>
        format.folders.map((folder) => ({
          format,
          folder: directory === '/' ? `/${folder}` : `${directory}/${folder}`,
        })),
      ),
    );
  const diagnostics: Diagnostic[] = [];
  let pluginWorkspace = workspace;
  if (options.plugins ?? commandsDefaults.plugins) {
    const plugins = await findPluginFolders(workspace, walk.ceiling);
    diagnostics.push(...plugins.diagnostics);
    const read = { maxBytes, endings: ['.md', '.toml'] };
    const requests: ListRequest[] = [];
    for (const plugin of plugins.items) {
      const format = pluginFormatOf(plugin, formats);
      if (format === undefined) continue;
      places.push({ format, folder: `${plugin.path}/commands`, plugin: plugin.name });
      requests.push({
        path: path.posix.dirname(plugin.path),
        names: [`${path.posix.basename(plugin.path)}/commands`],
        depth: maxDepth + 1,
        skip: [...skippedDirectories],
        read,
      });
    }
    // The plugins' command folders in one more listing, however many plugins.
    pluginWorkspace = await prefetchWorkspace(workspace, requests);
  }
  const found = await mapWithLimit(places, 4, async ({ format, folder, plugin }) => {
    const from = plugin === undefined ? workspace : pluginWorkspace;
    const kind = await from.stat(folder).then(
      (stat) => stat?.kind,
      () => undefined,
    );
    if (kind !== 'directory') return [];
    const files = await findAssetFiles(from, folder, {
      accepts: format.accepts,
      maxDepth: format.nested ? maxDepth : 0,
    });
    diagnostics.push(...files.diagnostics);
    const reads = await mapWithLimit(files.locations, 8, async (location) => {
      if (location.refused) return { command: undefined, diagnostics: [location.refused], aliases: [] };
      const parts = location.path.slice(folder.length + 1).split('/');
      const read = await readCommandDefinition(from, format, location.path, parts, maxBytes);
      if (plugin === undefined || read.command === undefined)
        return { ...read, aliases: format.aliasesOf?.(parts) ?? [] };
      // A plugin's command is typed with its plugin's name; the bare name is an alias.
      const bare = read.command.name;
      return { ...read, command: { ...read.command, name: `${plugin}:${bare}` }, aliases: [bare] };
    });
    return reads.sort((left, right) =>
      compareCodePoints(left.command?.path ?? '', right.command?.path ?? ''),
    );
  });

  const commands: Command[] = [];
  const byName = new Map<string, Command>();
  const aliases = new Map<string, string>();
  const pendingAliases: Array<[string, string]> = [];
  for (const read of found.flat()) {
    diagnostics.push(...read.diagnostics);
    const command = read.command;
    if (command === undefined) continue;
    const earlier = byName.get(command.name);
    if (earlier) {
      const message = `The command /${command.name} of ${command.path} is shadowed by ${earlier.path}, which has the same name.`;
      diagnostics.push({ severity: 'info', code: 'shadowed-command', message, path: command.path });
      continue;
    }
    byName.set(command.name, command);
    commands.push(command);
    for (const alias of read.aliases) pendingAliases.push([alias, command.name]);
  }
  for (const [alias, name] of pendingAliases) {
    if (!byName.has(alias) && !aliases.has(alias)) aliases.set(alias, name);
  }
  return {
    commands,
    aliases,
    diagnostics: capDiagnostics(diagnostics.map((diagnostic) => labelled(workspace, diagnostic))),
  };
}

function labelled(workspace: Workspace, diagnostic: Diagnostic): Diagnostic {
  if (diagnostic.path === undefined || !diagnostic.path.startsWith('/')) return diagnostic;
  return { ...diagnostic, path: toLabel(workspace, diagnostic.path) };
}
