import { describeError } from '../adapter-kit.js';
import { isAgentContextError } from '../index.js';
import { terminalText } from '../inspect.js';
import { type CliCommand, type CliOutput, CliUsageError, exitCodes } from './command.js';
import { commands } from './commands/index.js';

/**
 * Run the `agent-context` command line with `args` (without `node` and the script path).
 * Resolves to the exit code, the same rule for every command (docs/cli.md, "Exit codes and
 * messages"): 0 when everything asked was given; 1 for a problem to fix in the input (a missing
 * directory, a refused path, a file not read or not used: an `error` diagnostic); 2 for a usage error
 * (one line naming the option, then a `--help` pointer); 3 for an unexpected error (a bug: the stack
 * is printed).
 */
export async function runCli(args: string[], given: CliOutput): Promise<number> {
  // Everything a command prints can hold repository content: control characters (escape sequences
  // that move the cursor, rewrite lines, set the title, write the clipboard) are shown escaped, the
  // painter's own styles kept when colour is on. JSON stays valid: the escapes are JSON's.
  const styles = { painterStyles: given.color };
  const output: CliOutput = {
    ...given,
    stdout: (text) => given.stdout(terminalText(text, styles)),
    stderr: (text) => given.stderr(terminalText(text, styles)),
  };
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    output.stdout(overview(commands));
    return name === undefined ? exitCodes.usage : exitCodes.success;
  }
  if (name === '--version' || name === '-v') {
    output.stdout(`${packageVersion()}\n`);
    return exitCodes.success;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    output.stderr(`agent-context: unknown command "${name}"\nRun "agent-context --help" for the commands.\n`);
    return exitCodes.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    output.stdout(`${command.usage.trimEnd()}\n`);
    return exitCodes.success;
  }
  try {
    return await command.run(rest, output);
  } catch (error) {
    if (error instanceof CliUsageError) {
      output.stderr(
        `agent-context ${command.name}: ${firstLine(error.message)}\nRun "agent-context ${command.name} --help" for its options.\n`,
      );
      return exitCodes.usage;
    }
    if (isAgentContextError(error) || isSystemError(error)) {
      // Refusals and failures of the file system are the user's to fix: one line, no stack trace.
      output.stderr(`agent-context ${command.name}: ${firstLine(describeError(error))}\n`);
      return exitCodes.problem;
    }
    output.stderr(`agent-context ${command.name}: unexpected error: ${describeUnexpected(error)}\n`);
    return exitCodes.unexpected;
  }
}

function overview(list: CliCommand[]): string {
  const width = Math.max(0, ...list.map((command) => command.name.length));
  const lines = list.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'Usage: agent-context <command> [options]',
    '',
    'Shows what an agent would see in a repository: instruction files, nested instructions,',
    'the coding-assistant inventory, hooks, slash commands, offloaded results and authored',
    'capabilities.',
    '',
    'Commands:',
    ...lines,
    '',
    'Run "agent-context <command> --help" for the options of one command.',
    '',
    'Exit codes, for every command: 0 everything asked was given; 1 a problem to fix in the input',
    '(a missing directory, a refused path, a file not read or not used); 2 a usage error; 3 a bug.',
    '',
  ].join('\n');
}

/** An operating-system error (`EACCES`, `ENOSPC`, ...), as node:fs throws them. */
function isSystemError(error: unknown): boolean {
  try {
    return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
  } catch {
    return false;
  }
}

function describeUnexpected(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.stack === 'string') return error.stack;
  } catch {
    // A hostile value: fall back to its description.
  }
  return describeError(error);
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? message;
}

function packageVersion(): string {
  const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // Try the next layout: sources (src/cli) and the build (dist/cli) sit at different depths.
    }
  }
  return 'unknown';
}
