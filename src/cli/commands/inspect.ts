import path from 'node:path';
import { type AssistantName, localWorkspace, type RuleFormatName, scanInventory } from '../../index.js';
import {
  assistantNames,
  formatInstructionsReport,
  type InspectInstructionsOptions,
  inspectInstructions,
  listInstructionFilenames,
  renderInventorySummary,
  ruleFormatNames,
} from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError, exitCodeFor } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

/** Every file name read per directory by default (with every format), and the overrides, for the usage text. */
const defaultFilenames = listInstructionFilenames();
const defaultOverrides = [...defaultFilenames.overrides].map(
  ([replaced, override]) => `${override} read in place of ${replaced}`,
);

/** The options `inspect` and `render` share, as their usage text lists them. */
export const instructionOptionsUsage = `Options:
  --max-chars <n>            budget over the rendered text (default 32000)
  --stop-at <dir>            highest directory to search (default: the nearest with a root marker);
                             also the containment boundary
  --filenames <a,b>          file names per directory, in order, used as given (default
                             ${defaultFilenames.filenames.join(',')},
                             ${defaultOverrides.join('; ')}; with --formats, the
                             first two and those formats' files)
  --per-directory <mode>     all (default) or first
  --root-markers <a,b>       names marking the project root (default .git)
  --max-import-depth <n>     @import hops followed (default 5)
  --max-file-bytes <n>       bytes read of one file (default 1048576, 1 MiB); a bigger file keeps its
                             head, ended by a [truncated: ...] line
  --allow-external-imports   follow @imports outside the root, and @~/ to the home directory
  --formats <a,b>            rule formats read (default: all; see agent-context rules --help)
  --as <assistant>           read as one assistant does, per its documentation: its files, rules,
                             order, imports and budget (${assistantNames.join(', ')};
                             copilot for github-copilot); not with --filenames, --formats or
                             --per-directory; inspect also lists what it drops, and why
  --user <dir>               also read user-level rules under this home directory`;

const usage = `Usage: agent-context inspect [dir] [options]

Show which instruction files an agent working in dir (default: the current directory) would load,
in load order: each with its reason, characters and estimated tokens (characters / 4), imports as a
tree, the budget used, and every diagnostic (cut, skipped, refused symlink, failed import, binary).

${instructionOptionsUsage}
  --json                     print the result as JSON (the value of inspectInstructions())
`;

/** `agent-context inspect [dir]`: the instruction chain of a directory, with reasons and diagnostics. */
export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'show which instruction files an agent would load in a directory, and why',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { options, json } = parseInstructionArguments(args, output, { allowJson: true });
    const report = await inspectInstructions(options);
    if (json) {
      output.stdout(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      output.stdout(formatInstructionsReport(report, { color: output.color, relativeTo: output.cwd }));
      const workspace = localWorkspace(report.root, { cwd: report.directory });
      // The rules are in the report above (always rules in load order, the others counted): not listed twice.
      const inventory = await scanInventory({
        workspace,
        stopAt: report.discovery.ceiling,
        ...(options.assistant === undefined ? { formats: [] } : { assistant: options.assistant }),
      });
      const summary = renderInventorySummary(inventory, { color: output.color });
      const where = (inventory.directories ?? ['.'])
        .map((directory) => (directory === '.' ? 'this directory' : directory))
        .join(', ');
      output.stdout(
        `\nInventory (asset roots looked for in ${where}, and plugin folders; details: agent-context inventory):\n${indent(summary)}\n`,
      );
    }
    return exitCodeFor([...report.discovery.diagnostics, ...report.rendered.diagnostics]);
  },
};

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * Parse `[dir]` and the shared options of `inspect` and `render` into `inspectInstructions` options.
 * Paths resolve against `output.cwd`. Throws `CliUsageError` for anything malformed.
 */
export function parseInstructionArguments(
  args: string[],
  output: CliOutput,
  settings: { allowJson?: boolean } = {},
): { options: InspectInstructionsOptions; json: boolean } {
  const { values, positionals } = parseCommandArguments(
    args,
    {
      'max-chars': { type: 'string' },
      'stop-at': { type: 'string' },
      filenames: { type: 'string' },
      'per-directory': { type: 'string' },
      'root-markers': { type: 'string' },
      'max-import-depth': { type: 'string' },
      'max-file-bytes': { type: 'string' },
      'allow-external-imports': { type: 'boolean' },
      formats: { type: 'string' },
      as: { type: 'string' },
      user: { type: 'string' },
      // Only `inspect` prints JSON: for `render`, `--json` is an unknown option like any other.
      ...(settings.allowJson ? { json: { type: 'boolean' } } : {}),
    } as const,
    1,
  );
  const options: InspectInstructionsOptions = { directory: path.resolve(output.cwd, positionals[0] ?? '.') };
  const maxChars = wholeNumber(values['max-chars'], '--max-chars', 1);
  if (maxChars !== undefined) options.maxChars = maxChars;
  const depth = wholeNumber(values['max-import-depth'], '--max-import-depth', 0);
  if (depth !== undefined) options.maxImportDepth = depth;
  const maxFileBytes = maxFileBytesOption(values['max-file-bytes']);
  if (maxFileBytes !== undefined) options.maxFileBytes = maxFileBytes;
  if (values['stop-at'] !== undefined) options.stopAt = path.resolve(output.cwd, values['stop-at']);
  if (values.filenames !== undefined) options.filenames = list(values.filenames, '--filenames');
  if (values['root-markers'] !== undefined)
    options.rootMarkers = list(values['root-markers'], '--root-markers');
  const perDirectory = values['per-directory'];
  if (perDirectory !== undefined) {
    if (perDirectory !== 'all' && perDirectory !== 'first') {
      throw new CliUsageError(`--per-directory must be all or first, got ${JSON.stringify(perDirectory)}`);
    }
    options.perDirectory = perDirectory;
  }
  if (values['allow-external-imports']) options.allowExternalImports = true;
  if (values.formats !== undefined) options.formats = ruleFormatList(values.formats);
  if (values.as !== undefined) {
    for (const [given, option] of [
      [values.filenames, '--filenames'],
      [values.formats, '--formats'],
      [perDirectory, '--per-directory'],
    ] as const) {
      if (given !== undefined) throw new CliUsageError(`--as cannot be combined with ${option}`);
    }
    options.assistant = assistantOption(values.as);
  }
  if (values.user !== undefined) options.userDirectory = path.resolve(output.cwd, values.user);
  return { options, json: values.json === true };
}

/** A `--max-file-bytes` value: a whole number of bytes, 1 or more; `undefined` when not given. */
export function maxFileBytesOption(value: unknown): number | undefined {
  return wholeNumber(value, '--max-file-bytes', 1);
}

function wholeNumber(value: unknown, option: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < minimum) {
    throw new CliUsageError(
      `${option} must be a whole number of at least ${minimum}, got ${JSON.stringify(text)}`,
    );
  }
  return Number(text);
}

function list(value: string, option: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new CliUsageError(`${option} needs at least one name`);
  return items;
}

/** An `--as` value: an assistant name (`copilot` names `github-copilot`, as the tool vocabulary does). */
export function assistantOption(value: string): AssistantName {
  const name = value === 'copilot' ? 'github-copilot' : value;
  if (!(assistantNames as readonly string[]).includes(name)) {
    throw new CliUsageError(`unknown assistant "${value}"; the assistants are ${assistantNames.join(', ')}`);
  }
  return name as AssistantName;
}

/** A `--formats` value: known rule format names, comma-separated. */
export function ruleFormatList(value: string): RuleFormatName[] {
  const names = list(value, '--formats');
  for (const name of names) {
    if (!(ruleFormatNames as readonly string[]).includes(name)) {
      throw new CliUsageError(`unknown format "${name}"; the formats are ${ruleFormatNames.join(', ')}`);
    }
  }
  return names as RuleFormatName[];
}
