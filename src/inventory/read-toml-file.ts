import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { deepValueMarker, limitValueDepth, maximumValueDepth } from '../shared/limit-value-depth.js';
import { tomlPackage } from '../shared/load-on-first-use.js';
import type { Workspace } from '../workspace/workspace.js';
import { readAssetText } from './read-asset-text.js';

/**
 * Result of {@link readTomlFile}: the parsed table (with a `warnings` entry when values nested too
 * deep were replaced), or the one problem that stopped the read.
 */
export type TomlFile =
  | { ok: true; data: Record<string, unknown>; warnings: Diagnostic[] }
  | { ok: false; failure: Diagnostic };

/**
 * Read a whole TOML file (a Codex custom agent, `.codex/agents/NAME.toml`) and parse it. A TOML file
 * cannot be read in part, so a file over `maxBytes` is not parsed at all. Never throws: an unreadable
 * file, a binary file (`binary-file`), a file over `maxBytes` (`file-too-large`) and a file that does
 * not parse (`invalid-toml`, naming the line and column) are an `error` diagnostic instead. Values
 * nested deeper than 64 levels are replaced by a marker, with a `value-too-deep` warning.
 */
export async function readTomlFile(workspace: Workspace, path: string, maxBytes: number): Promise<TomlFile> {
  const read = await readAssetText(workspace, path, maxBytes, 'TOML');
  if (!read.ok) return { ok: false, failure: read.failure };
  const { file, label } = read;
  const fail = (code: DiagnosticCode, message: string): TomlFile => ({
    ok: false,
    failure: { severity: 'error', code, message, path: label },
  });
  if (file.truncated) {
    return fail(
      'file-too-large',
      `${label} has ${file.size} bytes; TOML files are read whole, up to ${maxBytes} bytes, so it was not read.`,
    );
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = tomlPackage().parse(file.text);
  } catch (error) {
    if (!(error instanceof tomlPackage().TomlError)) throw error;
    // The parser's message holds a code excerpt after its first line; the position says enough.
    const reason = error.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid TOML';
    return fail(
      'invalid-toml',
      `${label} is not valid TOML (line ${error.line}, column ${error.column}): ${reason}.`,
    );
  }
  const limited = limitValueDepth(parsed);
  const data = { ...(limited.value as Record<string, unknown>) };
  if (!limited.cut) return { ok: true, data, warnings: [] };
  const message = `${label} nests tables or arrays deeper than ${maximumValueDepth} levels; the deeper values were replaced by "${deepValueMarker}".`;
  return {
    ok: true,
    data,
    warnings: [{ severity: 'warning', code: 'value-too-deep', message, path: label }],
  };
}
