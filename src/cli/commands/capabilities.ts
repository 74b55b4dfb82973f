import path from 'node:path';
import { createCapabilityStore, type Diagnostic } from '../../index.js';
import type { CapabilityOutcome, CapabilityRecord } from '../../inspect.js';
import { formatCapabilitySummary, formatDiagnostic, resolveLocalProject } from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

const usage = `Usage: agent-context capabilities [list | validate NAME | disable NAME | enable NAME] --dir DIR [--json]

Show and manage the capabilities an agent authored with capabilityCreation().

Actions:
  list           the authored capabilities: status, export, last change and last error (default)
  validate NAME  validate NAME again in an isolated worker and record the result (exit 1 if it fails)
  disable NAME   stop loading NAME from the next run on; its code stays on disk
  enable NAME    load NAME again from the next run on; it is validated first (exit 1 if it fails)

Options:
  --dir DIR      the capability directory (required)
  --json         print JSON instead of text
`;

const actions = ['list', 'validate', 'disable', 'enable'] as const;
type Action = (typeof actions)[number];

/** `agent-context capabilities`: list, validate, disable or enable authored capabilities in `--dir`. */
export const capabilitiesCommand: CliCommand = {
  name: 'capabilities',
  summary: 'list, validate, disable or enable authored capabilities (--dir DIR)',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { action, name, directory, json } = parseCapabilitiesArguments(args);
    const absolute = path.resolve(output.cwd, directory);
    // Only to refuse a missing directory (or a file) before anything is read, as every command does.
    await resolveLocalProject({ directory: absolute });
    const store = createCapabilityStore(absolute);

    if (action === 'list') {
      const { items, diagnostics } = await store.list();
      if (json)
        output.stdout(`${JSON.stringify({ directory, capabilities: items, diagnostics }, null, 2)}\n`);
      else {
        output.stdout(renderList(directory, items));
        writeDiagnostics(output, diagnostics);
      }
      return 0;
    }
    const outcome = await store[action](name as string);
    if (json) output.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
    else {
      output.stdout(renderOutcome(action, outcome));
      writeDiagnostics(output, outcome.diagnostics);
    }
    return action !== 'disable' && outcome.record.lastError !== null ? 1 : 0;
  },
};

function parseCapabilitiesArguments(args: string[]) {
  const { values, positionals } = parseCommandArguments(args, {
    dir: { type: 'string' },
    json: { type: 'boolean' },
  });
  const [first = 'list', name, ...extra] = positionals;
  if (!actions.includes(first as Action)) {
    throw new CliUsageError(
      `unknown action "${first}": use list, validate NAME, disable NAME or enable NAME`,
    );
  }
  const action = first as Action;
  if (action === 'list' && name !== undefined) throw new CliUsageError('list takes no NAME');
  if (action !== 'list' && name === undefined) throw new CliUsageError(`${action} needs a capability NAME`);
  if (extra.length > 0) throw new CliUsageError(`unexpected argument "${extra[0]}"`);
  if (values.dir === undefined) throw new CliUsageError('missing --dir DIR: the capability directory');
  return { action, name, directory: values.dir, json: values.json ?? false };
}

function renderList(directory: string, records: CapabilityRecord[]): string {
  if (records.length === 0) return `No authored capabilities in ${directory}.\n`;
  const rows = [
    ['NAME', 'STATUS', 'EXPORT', 'UPDATED', 'ERROR'],
    ...records.map((record) => [
      record.name,
      record.status,
      record.exportName ?? '-',
      record.updatedAt,
      record.lastError ?? '-',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd(),
  );
  const failing = records.filter((record) => record.lastError !== null).length;
  const count = `${records.length} authored ${records.length === 1 ? 'capability' : 'capabilities'}`;
  return `${directory}: ${count}${failing > 0 ? `, ${failing} failing` : ''}\n${lines.join('\n')}\n`;
}

function renderOutcome(action: Exclude<Action, 'list'>, outcome: CapabilityOutcome): string {
  const { record, summary } = outcome;
  if (action === 'disable')
    return `${record.name}: disabled (not loaded from the next run on; ${record.moduleFile} is kept)\n`;
  const state = action === 'enable' ? 'enabled, ' : '';
  if (record.lastError !== null) return `${record.name}: ${state}fails validation: ${record.lastError}\n`;
  return `${record.name}: ${state}valid (${summary === undefined ? 'no details' : formatCapabilitySummary(summary)})\n`;
}

function writeDiagnostics(output: CliOutput, diagnostics: Diagnostic[]): void {
  for (const diagnostic of diagnostics) output.stderr(`${formatDiagnostic(diagnostic)}\n`);
}
