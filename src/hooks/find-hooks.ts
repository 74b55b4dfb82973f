import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic, LoadResult } from '../diagnostics.js';
import { findPluginFolders, pluginFileRequests } from '../inventory/find-plugin-folders.js';
import { pluginSettingsRequest } from '../inventory/inventory-list-requests.js';
import { type HookGroupEntry, maxSettingsBytes, readHookGroups } from '../inventory/read-settings.js';
import { toLabel } from '../workspace/labels.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import type { ListRequest, Workspace } from '../workspace/workspace.js';
import type { HookCommand, HookFormat } from './hook-command.js';
import { eventsNotRun, unknownEventReason } from './hook-events.js';
import { compileMatcher } from './hook-matcher.js';
import { hookProtocols } from './hook-protocols.js';
import { hooksDefaults } from './hooks-defaults.js';

export type { HookCommand, HookFormat } from './hook-command.js';

/** Where hooks are read from, relative to the project directory, with their format. */
const hookFiles: ReadonlyArray<{ path: string; format: HookFormat }> = [
  { path: '.claude/settings.json', format: 'claude-code' },
  { path: '.claude/settings.local.json', format: 'claude-code' },
  { path: '.codex/hooks.json', format: 'codex' },
  { path: '.gemini/settings.json', format: 'gemini-cli' },
  { path: '.cursor/hooks.json', format: 'cursor' },
];

/** Copilot's hook files: every `.json` file of this folder. */
const copilotHookFolder = '.github/hooks';

/**
 * List requests that answer {@link findHooks} in one listing (the plugins' own hook files aside,
 * which the marketplace files name: one more listing when there are plugins). A capability declares
 * them as its run-start reads.
 */
export function hookListRequests(workspace: Pick<Workspace, 'cwd'>): ListRequest[] {
  const read = { maxBytes: maxSettingsBytes };
  return [
    { path: workspace.cwd, names: hookFiles.map((file) => file.path), read },
    { path: workspace.cwd, names: [copilotHookFolder], depth: 1, read: { ...read, endings: ['.json'] } },
    ...pluginFileRequests(workspace.cwd),
  ];
}

/**
 * List requests for the plugins' own hook files, which the marketplace files name: computed from
 * `workspace` (a run start's listing answers it). The inventory asks the same of each plugin, so
 * one listing serves both.
 */
export async function pluginHookRequests(workspace: Workspace): Promise<ListRequest[]> {
  return (await findPluginFolders(workspace, workspace.cwd)).items.map(pluginRequest);
}

const pluginRequest = (plugin: { path: string }) => pluginSettingsRequest(plugin.path);

/** Why the hooks of a format that defines its own protocol are not run. */
const formatNotRun: Partial<Record<HookFormat, string>> = {
  cursor:
    "Cursor's hooks have their own events (beforeShellExecution, afterFileEdit...) and answers (`permission`), which are not mapped yet",
};

/**
 * Every hook command of the project directory (`workspace.cwd`), in this order:
 *
 * 1. `.claude/settings.json`, then `.claude/settings.local.json` (Claude Code);
 * 2. the `hooks/hooks.json` of each plugin folder a `.claude-plugin/marketplace.json` names;
 * 3. `.codex/hooks.json` (Codex, which follows Claude Code's protocol);
 * 4. `.gemini/settings.json` (Gemini CLI: `BeforeTool`, `AfterTool`, `BeforeAgent`, `SessionStart`);
 * 5. `.cursor/hooks.json` (Cursor: listed, not run) and `.github/hooks/*.json` (Copilot CLI).
 *
 * Each format runs by its own assistant's protocol (see `hookProtocols`).
 *
 * Each listed hook says whether it could run (`notRunReason` when never). Never throws: an unreadable
 * or malformed file, or a matcher that cannot be used, is a diagnostic. Over a workspace with
 * `listDirectories` it costs one request, and one more for the plugins' hook files.
 */
export async function findHooks(given: Workspace): Promise<LoadResult<HookCommand>> {
  // A listing made ahead with the same requests (the run start's) answers without asking again.
  const workspace = await prefetchWorkspace(given, hookListRequests(given));
  const items: HookCommand[] = [];
  const diagnostics: Diagnostic[] = [];
  const base = workspace.cwd === '/' ? '' : workspace.cwd;
  const read = async (path: string, format: HookFormat, pluginRoot?: string, from = workspace) => {
    if ((await from.stat(path).catch(() => undefined))?.kind !== 'file') return;
    const file = await readHookGroups(from, path);
    diagnostics.push(...file.diagnostics);
    for (const group of file.groups)
      items.push(...commandsOf(group, format, file.path, pluginRoot, diagnostics));
  };

  for (const file of hookFiles.slice(0, 2)) await read(`${base}/${file.path}`, file.format);
  const plugins = await findPluginFolders(workspace, workspace.cwd);
  diagnostics.push(...plugins.diagnostics);
  // The inventory's request for each plugin: a run start's follow-up listing answers it.
  const pluginHooks = await prefetchWorkspace(workspace, plugins.items.map(pluginRequest));
  for (const plugin of plugins.items)
    await read(`${plugin.path}/hooks/hooks.json`, 'claude-plugin', plugin.path, pluginHooks);
  for (const file of hookFiles.slice(2)) await read(`${base}/${file.path}`, file.format);

  const copilotFolder = `${base}/${copilotHookFolder}`;
  if ((await workspace.stat(copilotFolder).catch(() => undefined))?.kind === 'directory') {
    try {
      for (const entry of await workspace.readdir(copilotFolder)) {
        if (entry.name.endsWith('.json')) await read(`${copilotFolder}/${entry.name}`, 'copilot');
      }
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        code: 'read-failed',
        message: `${toLabel(workspace, copilotFolder)} could not be listed: ${(error as Error).message}`,
        path: toLabel(workspace, copilotFolder),
      });
    }
  }
  return { items, diagnostics: capDiagnostics(diagnostics) };
}

function commandsOf(
  group: HookGroupEntry,
  format: HookFormat,
  source: string,
  pluginRoot: string | undefined,
  diagnostics: Diagnostic[],
): HookCommand[] {
  const matcher = compileMatcher(group.matcher);
  if (matcher.type === 'invalid') {
    diagnostics.push({
      severity: 'warning',
      code: 'invalid-hook-matcher',
      message: `The ${group.event} matcher \`${group.matcher}\` ${matcher.reason}; its hooks are not run.`,
      path: source,
    });
  }
  const protocol = hookProtocols[format];
  return group.handlers.map((handler) => {
    const command = handler.command ?? (typeof handler.raw.bash === 'string' ? handler.raw.bash : undefined);
    const hook: HookCommand = {
      event: group.event,
      matcher: group.matcher,
      command,
      timeoutSeconds: timeoutOf(handler, protocol?.timeoutUnit) ?? hooksDefaults.timeoutSeconds,
      format,
      source,
    };
    const runsAs = protocol?.events[group.event];
    if (runsAs !== undefined) hook.runsAs = runsAs;
    if (pluginRoot !== undefined) hook.pluginRoot = pluginRoot;
    const reason =
      formatNotRun[format] ??
      (handler.type !== 'command' || command === undefined
        ? `a \`${handler.type}\` handler, not a command`
        : runsAs === undefined
          ? (eventsNotRun[group.event] ?? unknownEventReason)
          : matcher.type === 'invalid'
            ? `its matcher ${matcher.reason}`
            : undefined);
    if (reason !== undefined) hook.notRunReason = reason;
    return hook;
  });
}

/** A handler's time limit in seconds: `timeout` in the format's unit, or Copilot's `timeoutSec`. */
function timeoutOf(
  handler: HookGroupEntry['handlers'][number],
  unit: 'seconds' | 'milliseconds' | undefined,
) {
  const seconds = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
  const given = seconds(handler.raw.timeout);
  if (given !== undefined) return unit === 'milliseconds' ? given / 1000 : given;
  return seconds(handler.raw.timeoutSec);
}
