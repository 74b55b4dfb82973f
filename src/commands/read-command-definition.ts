import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import { readFrontmatterFile } from '../inventory/read-asset-file.js';
import { firstBodyLine } from '../inventory/read-command-file.js';
import { readTomlFile } from '../inventory/read-toml-file.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { allowedToolsOf, type Command } from './command.js';
import type { CommandFormat } from './command-formats.js';

/** A command read from its file, or the problem that kept it out; warnings ride along. */
export type CommandRead =
  | { command: Command; diagnostics: Diagnostic[] }
  | { command: undefined; diagnostics: Diagnostic[] };

/**
 * Read one command file of `format`. Markdown: optional frontmatter (`description`, `argument-hint`,
 * Copilot's `name`), the rest is the body. TOML (Gemini CLI): `prompt` (required, a string) and
 * `description`. Never throws: an unreadable, binary or broken file, a TOML file without `prompt`,
 * is an `error` diagnostic and no command; a value of the wrong type is a `warning` and ignored.
 */
/** The code of a command field that is not a string. */
const invalidCodes = {
  description: 'invalid-description',
  name: 'invalid-name',
  'argument-hint': 'invalid-argument-hint',
} as const satisfies Record<string, DiagnosticCode>;

export async function readCommandDefinition(
  workspace: Workspace,
  format: CommandFormat,
  path: string,
  parts: readonly string[],
  maxBytes: number,
): Promise<CommandRead> {
  const label = toLabel(workspace, path);
  const diagnostics: Diagnostic[] = [];
  const warn = (code: DiagnosticCode, message: string) =>
    diagnostics.push({ severity: 'warning', code, message, path: label });
  const namespace = parts.length > 1 ? parts.slice(0, -1).join('/') : null;
  const text = (key: 'description' | 'name' | 'argument-hint', value: unknown): string | null => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      warn(invalidCodes[key], `The command \`${key}\` must be a string; it was ignored.`);
      return null;
    }
    return value.trim() === '' ? null : value;
  };

  if (format.file === 'toml') {
    const read = await readTomlFile(workspace, path, maxBytes);
    if (!read.ok) return { command: undefined, diagnostics: [read.failure] };
    const prompt = read.data.prompt;
    if (typeof prompt !== 'string') {
      const message = `${label} has no \`prompt\` string; Gemini CLI requires one, so it is not a command.`;
      return {
        command: undefined,
        diagnostics: [{ severity: 'error', code: 'missing-prompt', message, path: label }],
      };
    }
    const command: Command = {
      name: format.nameOf(parts),
      namespace,
      description: text('description', read.data.description),
      argumentHint: null,
      allowedTools: null,
      body: prompt,
      format: format.name,
      path: label,
    };
    return { command, diagnostics };
  }

  const read = await readFrontmatterFile(workspace, path, maxBytes);
  if (!read.ok) return { command: undefined, diagnostics: [read.failure] };
  const { data, body } = read.parsed;
  diagnostics.push(...read.parsed.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info'));
  if (read.parsed.status === 'broken') return { command: undefined, diagnostics };
  const written = text('description', read.parsed.written?.description ?? data.description);
  const named = format.name === 'copilot' ? text('name', data.name) : null;
  const template = body.replace(/^(?:[ \t]*\r?\n)+/, '');
  const command: Command = {
    name: named ?? format.nameOf(parts),
    namespace,
    description: written ?? (format.name === 'claude' ? firstBodyLine(template) : null),
    argumentHint: text('argument-hint', read.parsed.written?.['argument-hint'] ?? data['argument-hint']),
    allowedTools: allowedToolsOf(read.parsed.written?.['allowed-tools'] ?? data['allowed-tools']),
    body: format.name === 'opencode' ? template.trim() : template,
    format: format.name,
    path: label,
  };
  return { command, diagnostics };
}
