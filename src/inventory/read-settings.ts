import { capDiagnostics } from '../cap-diagnostics.js';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { deepValueMarker, limitValueDepth, maximumValueDepth } from '../shared/limit-value-depth.js';
import { toLabel } from '../workspace/labels.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import type { InventorySettings } from './inventory-result.js';

/** Settings files larger than this (1 MiB) are not parsed. */
export const maxSettingsBytes = 1024 * 1024;

/** Files of an asset root that may hold hooks, besides `settings.json`, in the order listed. */
export const hookFileNames = ['settings.local.json', 'hooks.json', 'hooks/hooks.json'];

/** One handler of a matcher group, as written (`{ "type": "command", "command": "...", "timeout": 30 }`). */
export interface HookHandlerEntry {
  /** `type` as written; `command` when the entry has none but a `command`. */
  type: string;
  /** The command line, when the entry has one. */
  command?: string;
  /** `timeout` in seconds, when the entry gives a positive number. */
  timeoutSeconds?: number;
  /** The whole entry as written (other assistants' fields: `bash`, `timeoutSec`...). */
  raw: Record<string, unknown>;
}

/** One matcher group with its handlers, as {@link readHookGroups} reads it. */
export interface HookGroupEntry {
  event: string;
  matcher: string | null;
  handlers: HookHandlerEntry[];
}

/**
 * Read the hooks of a settings or hooks file: Claude Code's `settings.json`, `settings.local.json` and a
 * plugin's `hooks/hooks.json`, `{ "hooks": { "EventName": [{ "matcher": "Bash", "hooks": [{ "type": "command", ... }] }] } }`,
 * and the `hooks.json` of other assistants, whose event lists may hold the handlers themselves
 * (`{ "hooks": { "afterFileEdit": [{ "command": "..." }] } }`: each is a group of one handler).
 *
 * Never throws. Malformed JSON, a binary or over-large file, and a `hooks` value of the wrong shape
 * are diagnostics; every well-formed group is still listed. A settings file without `hooks` gives an
 * empty list. Event names are not checked against a list: tools add events often.
 */
export async function readSettings(workspace: Workspace, path: string): Promise<InventorySettings> {
  const read = await readHookGroups(workspace, path);
  return {
    path: read.path,
    hooks: read.groups.map(({ event, matcher, handlers }) => ({ event, matcher, handlers: handlers.length })),
    diagnostics: capDiagnostics(read.diagnostics),
  };
}

/** {@link readSettings} with each group's handlers themselves (what the `hooks()` capability runs). */
export async function readHookGroups(
  workspace: Workspace,
  path: string,
): Promise<{ path: string; groups: HookGroupEntry[]; diagnostics: Diagnostic[] }> {
  const label = toLabel(workspace, path);
  const settings = { path: label, groups: [] as HookGroupEntry[], diagnostics: [] as Diagnostic[] };
  const report = (severity: Diagnostic['severity'], code: DiagnosticCode, message: string) =>
    settings.diagnostics.push({ severity, code, message, path: label });

  let text: string;
  try {
    const file = await readTextFile(workspace, path, { maxBytes: maxSettingsBytes });
    if (file.binary) {
      report('error', 'binary-file', `${label} is a binary file, not JSON; skipped.`);
      return settings;
    }
    if (file.truncated) {
      report(
        'error',
        'file-too-large',
        `${label} is ${file.size} bytes, over the ${maxSettingsBytes}-byte limit; skipped.`,
      );
      return settings;
    }
    text = file.text;
  } catch (error) {
    settings.diagnostics.push(diagnosticFromError(error, label, 'file'));
    return settings;
  }

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    report(
      'error',
      'invalid-json',
      `${label} is not valid JSON (${(error as Error).message}); its hooks were not read.`,
    );
    return settings;
  }
  const limited = limitValueDepth(data);
  if (limited.cut) {
    data = limited.value;
    report(
      'warning',
      'value-too-deep',
      `${label} nests objects or arrays deeper than ${maximumValueDepth} levels; the deeper values were replaced by "${deepValueMarker}".`,
    );
  }
  if (!isObject(data)) {
    report('error', 'invalid-settings', `${label} must hold a JSON object.`);
    return settings;
  }
  if (data.hooks === undefined) return settings;
  if (!isObject(data.hooks)) {
    report(
      'warning',
      'invalid-hooks',
      '`hooks` must be an object mapping event names to lists of matcher groups.',
    );
    return settings;
  }
  for (const [event, groups] of Object.entries(data.hooks)) {
    if (!Array.isArray(groups)) {
      report('warning', 'invalid-hooks', `\`hooks.${event}\` must be a list of matcher groups.`);
      continue;
    }
    groups.forEach((group: unknown, index) => {
      const hook = readGroup(event, group);
      if (typeof hook === 'string')
        report('warning', 'invalid-hooks', `\`hooks.${event}[${index}]\` ${hook}.`);
      else settings.groups.push(hook);
    });
  }
  return settings;
}

/** One matcher group, or the reason it is malformed. */
function readGroup(event: string, group: unknown): HookGroupEntry | string {
  if (!isObject(group)) return 'must be an object with `matcher` and `hooks`';
  const { matcher, hooks } = group;
  if (matcher !== undefined && typeof matcher !== 'string') return 'has a `matcher` that is not a string';
  // An empty matcher means "every tool" in Claude Code, like no matcher at all.
  const groupMatcher = matcher === undefined || matcher === '' ? null : matcher;
  // A handler listed directly under its event (no `hooks` list of its own) is a group of one.
  if (hooks === undefined && (typeof group.command === 'string' || typeof group.type === 'string'))
    return { event, matcher: groupMatcher, handlers: [readHandler(group)] };
  if (!Array.isArray(hooks)) return 'has no `hooks` list';
  return {
    event,
    matcher: groupMatcher,
    handlers: hooks.map((handler: unknown) => readHandler(isObject(handler) ? handler : {})),
  };
}

function readHandler(raw: Record<string, unknown>): HookHandlerEntry {
  const command = typeof raw.command === 'string' ? raw.command : undefined;
  const type = typeof raw.type === 'string' ? raw.type : command === undefined ? 'unknown' : 'command';
  const handler: HookHandlerEntry = { type, raw };
  if (command !== undefined) handler.command = command;
  if (typeof raw.timeout === 'number' && Number.isFinite(raw.timeout) && raw.timeout > 0)
    handler.timeoutSeconds = raw.timeout;
  return handler;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
