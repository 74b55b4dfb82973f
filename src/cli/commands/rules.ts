import path from 'node:path';
import {
  assistantNames,
  assistantReadings,
  formatRulesReport,
  type InspectRulesOptions,
  inspectRules,
  ruleFormatNames,
} from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError, exitCodeFor } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';
import { assistantOption, ruleFormatList } from './inspect.js';

const usage = `Usage: agent-context rules [dir] [options]

List every rule an agent working in dir (default: the current directory) would get, whatever
assistant it was written for (Claude Code, Cursor, GitHub Copilot, Windsurf, Cline, Kiro, Continue,
plus Codex and Gemini CLI user files): its format, its scope (always, files, described, manual), its
globs and the directory they are relative to. Files not loaded as rules are listed with the reason.

Options:
  --file <path>      also show which rules apply to this file (relative to dir, or absolute; inside
                     dir), and which glob matched
  --formats <a,b>    formats to read (default: all): ${ruleFormatNames.join(',')}
  --as <assistant>   the formats one assistant reads (${assistantNames.join(', ')}); not with --formats
  --user <dir>       also read user-level rules under this home directory (never by default)
  --stop-at <dir>    highest directory to search (default: the nearest with a .git marker)
  --json             print the result of inspectRules() as JSON

`;

/** `agent-context rules [dir]`: every rule of every assistant's format, with scope and globs. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'list the rules of every assistant format, with scope and globs; --file: which apply',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseCommandArguments(
      args,
      {
        file: { type: 'string' },
        formats: { type: 'string' },
        as: { type: 'string' },
        user: { type: 'string' },
        'stop-at': { type: 'string' },
        json: { type: 'boolean' },
      },
      1,
    );
    const options: InspectRulesOptions = { directory: path.resolve(output.cwd, positionals[0] ?? '.') };
    // Relative to dir, as the agent working there names it (the library checks it lies inside dir).
    if (values.file !== undefined) options.file = values.file;
    if (values.user !== undefined) options.userDirectory = path.resolve(output.cwd, values.user);
    if (values['stop-at'] !== undefined) options.stopAt = path.resolve(output.cwd, values['stop-at']);
    if (values.formats !== undefined) options.formats = ruleFormatList(values.formats);
    if (values.as !== undefined) {
      if (values.formats !== undefined) throw new CliUsageError('--as cannot be combined with --formats');
      const name = assistantOption(values.as);
      options.formats = assistantReadings.find((reading) => reading.name === name)?.formats ?? [];
    }
    const report = await inspectRules(options);
    output.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatRulesReport(report));
    return exitCodeFor(report.diagnostics);
  },
};
