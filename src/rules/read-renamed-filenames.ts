import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import type { RuleFormatName } from './rule.js';
import type { RuleFormat } from './rule-format.js';

/** Bytes read from a settings file at most. */
const maxSettingsBytes = 256 * 1024;

/**
 * The per-directory instruction file names each format's settings file gives in place of its own
 * (Gemini CLI's `.gemini/settings.json` `context.fileName`: one name or a list), looked for in
 * `directories` from the last (the workspace directory) up: the nearest file that sets the value
 * wins. A settings file that is not JSON (comments allowed) or a value that is not a name or a list
 * of relative names is a diagnostic and renames nothing.
 */
export async function readRenamedFilenames(
  workspace: Workspace,
  directories: readonly string[],
  formats: readonly RuleFormat[],
  diagnostics: Diagnostic[],
  label: (absolutePath: string) => string,
): Promise<Map<RuleFormatName, readonly string[]>> {
  const renamed = new Map<RuleFormatName, readonly string[]>();
  for (const format of formats) {
    const setting = format.instructionFilenameSetting;
    if (setting === undefined) continue;
    for (const directory of [...directories].reverse()) {
      const file = path.posix.join(directory, setting.path);
      if ((await workspace.stat(file).catch(() => undefined))?.kind !== 'file') continue;
      const where = `${label(file)} \`${setting.keys.join('.')}\``;
      let value: unknown;
      try {
        const read = await readTextFile(workspace, file, { maxBytes: maxSettingsBytes });
        value = setting.keys.reduce<unknown>(
          (object, key) =>
            object !== null && typeof object === 'object'
              ? (object as Record<string, unknown>)[key]
              : undefined,
          JSON.parse(withoutComments(read.text)),
        );
      } catch {
        diagnostics.push({
          severity: 'warning',
          code: 'invalid-settings',
          message: `${label(file)} is not JSON; ${format.title}'s instruction file names are its own.`,
          path: label(file),
        });
        break;
      }
      if (value === undefined) continue;
      const names = typeof value === 'string' ? [value] : value;
      if (!Array.isArray(names) || names.length === 0 || !names.every(isPlainName)) {
        diagnostics.push({
          severity: 'warning',
          code: 'invalid-settings',
          message: `${where} is not a file name or a list of relative file names; ${format.title}'s instruction file names are its own.`,
          path: label(file),
        });
        break;
      }
      renamed.set(format.name, names);
      diagnostics.push({
        severity: 'info',
        code: 'renamed-instruction-files',
        message: `${where}: ${format.title} reads ${names.join(', ')} in each directory in place of ${format.instructionFilenames.join(', ')}.`,
        path: label(file),
      });
      break;
    }
  }
  return renamed;
}

function isPlainName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    !name.includes('\0') &&
    !name.startsWith('/') &&
    !name.split('/').includes('..')
  );
}

/** JSON text without `//` and `/* *\/` comments outside strings (settings files allow them). Linear. */
export function withoutComments(text: string): string {
  let result = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"') {
      const start = index;
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index += 1;
      result += text.slice(start, index);
    } else if (character === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index += 1;
    } else if (character === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 2;
    } else {
      result += character;
      index += 1;
    }
  }
  return result;
}
