import path from 'node:path';
import { localWorkspace } from '../../index.js';
import {
  assistantNames,
  formatDiagnostic,
  type InstructionsForPathOptions,
  instructionsForPath,
  resolveLocalProject,
} from '../../inspect.js';

import { type CliCommand, type CliOutput, CliUsageError, exitCodeFor } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';
import { assistantOption, maxFileBytesOption, ruleFormatList } from './inspect.js';

const usage = `Usage: agent-context path FILE [--from DIR] [options]

Show everything an agent working in DIR gets when it touches FILE (reads, lists or writes it), in
delivery order, each with its reason: the project instructions (walk-up, imports, always rules), the
rules catalog and the skills catalog of every run, then what the touch delivers: the nested
instruction files of the directories on the way, the rules of their rule folders, and each files
rule whose glob matches (with the glob). Then the problems, what was left out and why (a skill
without a name, shadowed or kept out of the catalog), and the texts, as the agent gets them. The
same answer as the MCP tool instructions_for_path. FILE may not exist yet; it must lie inside DIR.

Options:
  --from <dir>       the agent's working directory (default: the project root, the nearest directory
                     with a .git marker above the current directory, else the current directory)
  --stop-at <dir>    highest directory whose instructions load, and the containment boundary
                     (default: the nearest directory with a .git marker, else DIR)
  --as <assistant>   what one assistant gets, as measured on its requests to its model: its files
                     at start and on touch, its rules, imports and skills (${assistantNames.join(', ')});
                     not with --formats
  --formats <a,b>    rule formats read (default: all; see agent-context rules --help)
  --user <dir>       also read user-level rules and skills under this home directory
  --max-file-bytes <n>
                     bytes read of one instruction or rule file (default 1048576, 1 MiB); a bigger
                     file keeps its head, ended by a [truncated: ...] line
  --files-only       list the files and reasons, not the texts
  --json             print the result of instructionsForPath() as JSON

FILE and the directories are relative to the current directory.
`;

/** `agent-context path FILE`: what an agent gets when it touches FILE, in delivery order, with reasons. */
export const pathCommand: CliCommand = {
  name: 'path',
  summary: 'show everything an agent gets when it touches a file, in delivery order, with reasons',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseCommandArguments(
      args,
      {
        from: { type: 'string' },
        'stop-at': { type: 'string' },
        formats: { type: 'string' },
        as: { type: 'string' },
        user: { type: 'string' },
        'max-file-bytes': { type: 'string' },
        'files-only': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      1,
    );
    if (values.as !== undefined && values.formats !== undefined) {
      throw new CliUsageError('--as and --formats cannot be combined: the assistant decides the formats');
    }
    const file = positionals[0];
    if (file === undefined) throw new CliUsageError('missing FILE: the file the agent touches');
    const stopAt = values['stop-at'] === undefined ? undefined : path.resolve(output.cwd, values['stop-at']);
    const directory =
      values.from === undefined
        ? (await resolveLocalProject({ directory: output.cwd })).root
        : path.resolve(output.cwd, values.from);
    const project = await resolveLocalProject({ directory, ...(stopAt === undefined ? {} : { stopAt }) });
    const workspace = localWorkspace(project.root, { cwd: project.directory });
    const options: InstructionsForPathOptions = {
      workspace,
      path: path.resolve(output.cwd, file),
      // A ceiling that is not the directory or an ancestor means the directory alone.
      ...(project.stopAt === undefined ? {} : { stopAt: project.root }),
      ...(values.formats === undefined ? {} : { formats: ruleFormatList(values.formats) }),
      ...(values.as === undefined ? {} : { assistant: assistantOption(values.as) }),
      ...(values.user === undefined ? {} : { userDirectory: path.resolve(output.cwd, values.user) }),
    };
    const maxFileBytes = maxFileBytesOption(values['max-file-bytes']);
    if (maxFileBytes !== undefined) options.maxFileBytes = maxFileBytes;
    const answer = await instructionsForPath(options);
    if (values.json) {
      output.stdout(`${JSON.stringify(answer, null, 2)}\n`);
      return exitCodeFor(answer.diagnostics);
    }
    const lines = [
      `What an agent working in ${shown(project.directory, output.cwd)} gets for ${answer.path} (${answer.kind}), in delivery order:`,
    ];
    if (answer.entries.length === 0) lines.push('  nothing: no instruction file, rule or skill applies');
    answer.entries.forEach((entry, index) => {
      lines.push(`  ${index + 1}. ${entry.path}  ${entry.explanation}`);
    });
    if (answer.diagnostics.length > 0) {
      lines.push('', `Diagnostics (${answer.diagnostics.length}):`);
      for (const diagnostic of answer.diagnostics) lines.push(`  ${formatDiagnostic(diagnostic)}`);
    }
    if (answer.skipped.length > 0) {
      lines.push('', `Left out (${answer.skipped.length}):`);
      for (const skip of answer.skipped) lines.push(`  ${skip.message}`);
    }
    if (!values['files-only']) {
      if (answer.instructions !== '') lines.push('', '## Instructions of every run', '', answer.instructions);
      if (answer.delivered.length > 0) {
        lines.push(
          '',
          `## Delivered when the agent touches ${answer.path}`,
          '',
          answer.delivered.join('\n\n'),
        );
      }
    }
    output.stdout(`${lines.join('\n')}\n`);
    return exitCodeFor(answer.diagnostics);
  },
};

/** A directory as the header names it: relative to the current directory, or in full when it is that directory or outside it. */
function shown(directory: string, cwd: string): string {
  const relative = path.relative(cwd, directory);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? directory : relative;
}
