import path from 'node:path';
import {
  type AssistantName,
  inventoryDefaults,
  localWorkspace,
  type RuleFormatName,
  scanInventory,
} from '../../index.js';
import {
  assistantNames,
  capInventoryReport,
  listInventoryDiagnostics,
  resolveLocalProject,
  ruleFormatNames,
  writeInventoryTree,
} from '../../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError, exitCodeFor } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';
import { assistantOption, ruleFormatList } from './inspect.js';

const usage = `Usage: agent-context inventory [dir] [options]

Map the coding-assistant setup of dir (default: the current directory): the asset roots of dir and
of every parent up to the project root (nearest first), then the plugin folders named by
.claude-plugin/marketplace.json; for each, its skills with their descriptions, its sub-agents, its
slash commands and the hook events of its settings and hook files; then the rules of every
assistant format found in the same directories (Claude Code, Cursor, GitHub Copilot, Windsurf, Cline,
Kiro, Continue), by scope, with their format and globs. A tree, with every problem (broken
frontmatter, Agent Skills rule, malformed JSON, refused symlink, invalid glob) under the entry it
concerns. Only the asset roots and the rule files are read, never the rest of the tree.

Options:
  --roots <a,b>      asset roots to scan, in order (default ${inventoryDefaults.roots.join(',')});
                     e.g. --roots .claude,.agents,.cursor,.github
  --stop-at <dir>    highest directory searched, and the containment boundary: symlinks may point
                     anywhere below it (default: the nearest directory with a .git marker, else dir)
  --formats <a,b>    rule formats listed (default: all): ${ruleFormatNames.join(',')}
  --as <assistant>   what one assistant reads: its asset roots and rule formats
                     (${assistantNames.join(', ')}); not with --roots or --formats
  --user <dir>       also list user-level rules under this home directory (never by default)
  --json             print the result of scanInventory() as JSON (diagnostics capped as below)
  --uncapped         show every diagnostic of the skills, agents, commands and output styles, and
                     every path of a skill's alsoIn (default: at most 20 diagnostics per entry and
                     1,000 in all, 20 alsoIn paths per skill, each cut counted on one line)
`;

/** `agent-context inventory [dir]`: skills, sub-agents, slash commands and hooks of a repository, with diagnostics. */
export const inventoryCommand: CliCommand = {
  name: 'inventory',
  summary: 'map the skills, sub-agents, commands, hooks and rules of a repository, with their problems',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const {
      directory: givenDirectory,
      roots,
      stopAt,
      formats,
      assistant,
      userDirectory,
      json,
      allDiagnostics,
    } = parseInventoryArguments(args, output);
    const project = await resolveLocalProject({
      directory: givenDirectory,
      ...(stopAt === undefined ? {} : { stopAt }),
    });
    // A ceiling that is not the directory or an ancestor means the directory alone, as in every command.
    const ceiling = project.stopAt === project.root ? project.stopAt : undefined;
    const workspace = localWorkspace(project.root, { cwd: project.directory });
    const result = await scanInventory({
      workspace,
      ...(roots ? { roots } : {}),
      ...(ceiling === undefined ? {} : { stopAt: ceiling }),
      ...(formats === undefined ? {} : { formats }),
      ...(assistant === undefined ? {} : { assistant }),
      ...(userDirectory === undefined ? {} : { userDirectory }),
    });
    // The tree caps the diagnostics itself, and is printed a part at a time as it is made; the JSON
    // is capped here (only when printed).
    if (json)
      output.stdout(`${JSON.stringify(allDiagnostics ? result : capInventoryReport(result), null, 2)}\n`);
    else writeInventoryTree(result, { color: output.color, allDiagnostics }, (part) => output.stdout(part));
    // The exit code counts every diagnostic, shown or not.
    return exitCodeFor(listInventoryDiagnostics(result));
  },
};

interface InventoryArguments {
  directory: string;
  roots: string[] | undefined;
  stopAt: string | undefined;
  formats: RuleFormatName[] | undefined;
  assistant: AssistantName | undefined;
  userDirectory: string | undefined;
  json: boolean;
  allDiagnostics: boolean;
}

function parseInventoryArguments(args: string[], output: CliOutput): InventoryArguments {
  const { values, positionals } = parseCommandArguments(
    args,
    {
      roots: { type: 'string' },
      'stop-at': { type: 'string' },
      formats: { type: 'string' },
      as: { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean' },
      uncapped: { type: 'boolean' },
    },
    1,
  );
  if (values.as !== undefined && (values.roots !== undefined || values.formats !== undefined))
    throw new CliUsageError('--as cannot be combined with --roots or --formats');
  const directory = path.resolve(output.cwd, positionals[0] ?? '.');
  let roots: string[] | undefined;
  if (values.roots !== undefined) {
    roots = values.roots
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (roots.length === 0) throw new CliUsageError('--roots needs at least one folder name');
  }
  const stopAt = values['stop-at'] === undefined ? undefined : path.resolve(output.cwd, values['stop-at']);
  return {
    directory,
    roots,
    stopAt,
    formats: values.formats === undefined ? undefined : ruleFormatList(values.formats),
    assistant: values.as === undefined ? undefined : assistantOption(values.as),
    userDirectory: values.user === undefined ? undefined : path.resolve(output.cwd, values.user),
    json: values.json ?? false,
    allDiagnostics: values.uncapped ?? false,
  };
}
