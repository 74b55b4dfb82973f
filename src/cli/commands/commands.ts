import path from 'node:path';
import { type ContextEvent, commands, createContextSession, localWorkspace, skills } from '../../index.js';
import { type CommandSummary, resolveLocalProject } from '../../inspect.js';
import type { CliCommand, CliOutput } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

type CommandExpansion = Awaited<ReturnType<ReturnType<typeof createContextSession>['expandCommand']>>;

const usage = `Usage: agent-context commands [dir] [options]

List the slash commands a user of an agent could type in dir (default: the current directory), as
the commands() capability reads them: the command files of Claude Code, Gemini CLI, Copilot, Cursor
and OpenCode in dir and its ancestors up to the project root, the commands of the plugins the
marketplace files name (/PLUGIN:NAME), and the skills a user can invoke.

With --expand, print the text the model would get for one input, as the session expands it. Shell
lines of templates are never run here: each shows as [shell command not run: ...].

Options:
  --expand <text>  the input to expand, e.g. "/review src"
  --json           print the commands (or the expansion) as JSON

Exit status: 0; 1 when --expand names no command, or a command file could not be read.
`;

/** `agent-context commands [dir]`: the repository's slash commands, and `--expand` to expand one input. */
export const commandsCommand: CliCommand = {
  name: 'commands',
  summary: 'list the slash commands a user could type, with their sources; --expand: what one input becomes',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseCommandArguments(
      args,
      { expand: { type: 'string' }, json: { type: 'boolean' } },
      1,
    );
    // The project root is the workspace root, so the ancestors' command folders and the root's
    // marketplace are read from a package directory too, as in every command.
    const project = await resolveLocalProject({ directory: path.resolve(output.cwd, positionals[0] ?? '.') });
    const capability = commands();
    const session = createContextSession({
      workspace: localWorkspace(project.root, { cwd: project.directory }),
      capabilities: [skills(), capability],
    });
    const events: ContextEvent[] = [];
    session.on((event) => {
      if (event.type === 'diagnostic' || event.type === 'skipped') events.push(event);
    });
    await session.startRun();
    const failed = () => events.some((event) => event.diagnostic?.severity === 'error');
    if (values.expand === undefined) {
      const listed = await capability.list(session);
      output.stdout(
        values.json
          ? `${JSON.stringify({ commands: listed, events: events.map(eventJson) }, null, 2)}\n`
          : formatCommandList(listed, events),
      );
      return failed() ? 1 : 0;
    }
    const expansion = await session.expandCommand(values.expand);
    output.stdout(
      values.json
        ? `${JSON.stringify({ ...expansion, events: events.map(eventJson) }, null, 2)}\n`
        : formatExpansion(values.expand, expansion, events),
    );
    return expansion.command === undefined || failed() ? 1 : 0;
  },
};

function eventJson(event: ContextEvent) {
  return {
    type: event.type,
    message: event.message,
    ...(event.path === undefined ? {} : { path: event.path }),
  };
}

function formatCommandList(listed: readonly CommandSummary[], events: readonly ContextEvent[]): string {
  const lines =
    listed.length === 0
      ? ['No commands found.']
      : [`${listed.length} command${listed.length === 1 ? '' : 's'}:`];
  for (const command of listed) {
    const hint = command.argumentHint === null ? '' : ` ${command.argumentHint}`;
    const description = command.description === null ? '' : `: ${command.description}`;
    lines.push(`  /${command.name}${hint}${description}`, `    ${command.format}, ${command.path}`);
  }
  for (const event of events) lines.push(eventLine(event));
  return `${lines.join('\n')}\n`;
}

function formatExpansion(
  input: string,
  expansion: CommandExpansion,
  events: readonly ContextEvent[],
): string {
  const lines =
    expansion.command === undefined
      ? [`No command: ${input} would reach the model unchanged.`]
      : [
          `/${expansion.command.name} (${expansion.command.format}, ${expansion.command.path}) gives the model:`,
          '',
        ];
  if (expansion.command !== undefined) lines.push(expansion.text.replace(/\n$/, ''), '');
  // What the expansion left out (shell lines not run) and problems; the listing's notes stay out.
  for (const event of events) if (event.diagnostic?.severity !== 'info') lines.push(eventLine(event));
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

function eventLine(event: ContextEvent): string {
  const label = event.diagnostic?.severity ?? event.type;
  return `${label}: ${event.message}`;
}
