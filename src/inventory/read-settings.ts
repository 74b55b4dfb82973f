import type { Diagnostic } from '../diagnostics.js';
import { toLabel } from '../workspace/labels.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import type { InventoryHook, InventorySettings } from './inventory-result.js';

/** Settings files larger than this (1 MiB) are not parsed. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

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
  const label = toLabel(workspace, path);
  const settings: InventorySettings = { path: label, hooks: [], diagnostics: [] };
  const report = (severity: Diagnostic['severity'], code: string, message: string) =>
    settings.diagnostics.push({ severity, code, message, path: label });

  let text: string;
  try {
    const file = await readTextFile(workspace, path, { maxBytes: MAX_SETTINGS_BYTES });
    if (file.binary) {
      report('error', 'binary-file', `${label} is a binary file, not JSON; skipped.`);
      return settings;
    }
    if (file.truncated) {
      report(
        'error',
        'file-too-large',
        `${label} is ${file.size} bytes, over the ${MAX_SETTINGS_BYTES}-byte limit; skipped.`,
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
      else settings.hooks.push(hook);
    });
  }
  return settings;
}

/** One matcher group, or the reason it is malformed. */
function readGroup(event: string, group: unknown): InventoryHook | string {
  if (!isObject(group)) return 'must be an object with `matcher` and `hooks`';
  const { matcher, hooks } = group;
  if (matcher !== undefined && typeof matcher !== 'string') return 'has a `matcher` that is not a string';
  // A handler listed directly under its event (no `hooks` list of its own) is a group of one.
  if (hooks === undefined && (typeof group.command === 'string' || typeof group.type === 'string'))
    return { event, matcher: matcher === undefined || matcher === '' ? null : matcher, handlers: 1 };
  if (!Array.isArray(hooks)) return 'has no `hooks` list';
  // An empty matcher means "every tool" in Claude Code, like no matcher at all.
  return { event, matcher: matcher === undefined || matcher === '' ? null : matcher, handlers: hooks.length };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
