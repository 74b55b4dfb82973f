import path from 'node:path';
import {
  filesystemContextDefaults,
  listOffloadedFiles,
  localWorkspace,
  removeOffloadedFiles,
} from '../../index.js';
import { formatDiagnostic, type OffloadedFile, resolveLocalProject } from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError, exitCodeFor } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

const usage = `Usage: agent-context offloaded [dir] [--older-than <duration>] [--clean] [--json]

List the tool results filesystemContext offloaded to files: size, age, tool and call id.
Only files named like offloaded results (<tool>-<callId>.txt) are listed or removed.

Arguments:
  dir                      the offload directory (default: .context in the current directory)

Options:
  --older-than <duration>  only files last written at least this long ago: a number and a unit,
                           s, m, h, d or w (30m, 2h, 7d; 0s matches every file)
  --clean                  remove the matching files (needs --older-than)
  --limit <n>              rows of the table (default 200; 0 shows every one); --json lists all
  --json                   print JSON instead of a table
`;

/** `agent-context offloaded [dir]`: list offloaded results, or remove old ones with `--clean --older-than`. */
export const offloadedCommand: CliCommand = {
  name: 'offloaded',
  summary: 'list offloaded tool results; --clean --older-than <duration> removes old ones',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { directory, olderThanMs, clean, json, limit } = parseOffloadedArguments(args);
    const workspace = localWorkspace(output.cwd, { contained: false });
    const shown = directory ?? filesystemContextDefaults.offload.directory;
    const stat = await workspace.stat(shown);
    // Only the default may be missing (nothing offloaded yet); a directory named is checked as every command does.
    if (directory !== undefined || stat !== undefined)
      await resolveLocalProject({ directory: path.resolve(output.cwd, shown) });

    const now = Date.now();
    const result = clean
      ? await removeOffloadedFiles(workspace, { directory: shown, olderThanMs: olderThanMs ?? 0, now })
      : await listOffloadedFiles(workspace, shown);
    const files = clean
      ? result.items
      : result.items.filter((file) => now - file.modifiedMs >= (olderThanMs ?? 0));
    if (json) {
      const entries = files.map((file) => ({ ...file, ageMs: Math.max(0, now - file.modifiedMs) }));
      output.stdout(
        `${JSON.stringify({ directory: shown, [clean ? 'removed' : 'files']: entries, diagnostics: result.diagnostics }, null, 2)}\n`,
      );
    } else {
      output.stdout(
        clean ? renderRemoved(shown, files) : renderTable(shown, files, now, stat === undefined, limit),
      );
      for (const diagnostic of result.diagnostics) output.stderr(`${formatDiagnostic(diagnostic)}\n`);
    }
    return exitCodeFor(result.diagnostics);
  },
};

interface OffloadedArguments {
  directory: string | undefined;
  olderThanMs: number | undefined;
  clean: boolean;
  json: boolean;
  /** Rows of the table; 0 for all. */
  limit: number;
}

/** Rows the table shows unless `--limit` says otherwise: a screenful or two, whatever the folder holds. */
const defaultTableRows = 200;

function parseOffloadedArguments(args: string[]): OffloadedArguments {
  const { values, positionals } = parseCommandArguments(
    args,
    {
      'older-than': { type: 'string' },
      clean: { type: 'boolean' },
      json: { type: 'boolean' },
      limit: { type: 'string' },
    },
    1,
  );
  const olderThan = values['older-than'];
  const clean = values.clean ?? false;
  if (clean && olderThan === undefined) {
    throw new CliUsageError(
      '--clean needs --older-than <duration> (for example 7d; 0s removes every offloaded file)',
    );
  }
  return {
    directory: positionals[0],
    olderThanMs: olderThan === undefined ? undefined : parseDuration(olderThan),
    clean,
    json: values.json ?? false,
    limit: values.limit === undefined ? defaultTableRows : parseLimit(values.limit),
  };
}

function parseLimit(text: string): number {
  if (!/^\d+$/.test(text.trim())) {
    throw new CliUsageError(`invalid --limit "${text}": use a whole number of rows (0 shows every one)`);
  }
  return Number(text.trim());
}

const unitMs: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30m`, `2h`, `7d`, `1.5h` -> milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(text.trim());
  const unit = match?.[2] === undefined ? undefined : unitMs[match[2]];
  if (!match || unit === undefined) {
    throw new CliUsageError(
      `invalid duration "${text}": use a number and a unit, s, m, h, d or w (30m, 2h, 7d)`,
    );
  }
  return Number(match[1]) * unit;
}

function renderTable(
  directory: string,
  files: OffloadedFile[],
  now: number,
  missing: boolean,
  limit: number,
): string {
  if (files.length === 0) {
    return `No offloaded results in ${directory}${missing ? ' (the directory does not exist yet)' : ''}.\n`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const rows = [
    ['SIZE', 'AGE', 'TOOL', 'CALL ID', 'FILE'],
    ...(limit === 0 ? files : files.slice(0, limit)).map((file) => [
      formatSize(file.size),
      formatAge(now - file.modifiedMs),
      file.toolName,
      file.callId,
      file.name,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  const count = `${files.length} offloaded ${files.length === 1 ? 'result' : 'results'}`;
  const hidden = limit === 0 ? 0 : Math.max(0, files.length - limit);
  const more =
    hidden === 0
      ? ''
      : `[${hidden.toLocaleString('en-US')} more: --limit 0 shows every one, --json lists all]\n`;
  return `${directory}: ${count}, ${formatSize(total)}\n${lines.join('\n')}\n${more}`;
}

function renderRemoved(directory: string, files: OffloadedFile[]): string {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const count = `${files.length} offloaded ${files.length === 1 ? 'result' : 'results'}`;
  return `Removed ${count} (${formatSize(total)}) from ${directory}.\n${files.map((file) => `  ${file.name}\n`).join('')}`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function formatAge(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3_600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
