import { createRequire } from 'node:module';
import { describeError, isAgentContextError } from '../errors.js';
import { type CliCommand, type CliOutput, CliUsageError } from './command.js';
import { commands } from './commands/index.js';

/**
 * Run the `agent-context` command line with `args` (without `node` and the script path).
 * Resolves to the exit code: 0 on success, 1 for bad input (a missing directory, a file that could not
 * be read or parsed), 2 for a usage error (one line naming the option, then a `--help` pointer) and
 * for an unexpected error.
 */
export async function runCli(args: string[], output: CliOutput): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    output.stdout(overview(commands));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    output.stdout(`${packageVersion()}\n`);
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    output.stderr(`agent-context: unknown command "${name}". Run "agent-context --help" for the list.\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    output.stdout(`${command.usage.trimEnd()}\n`);
    return 0;
  }
  try {
    return await command.run(rest, output);
  } catch (error) {
    if (error instanceof CliUsageError) {
      output.stderr(
        `agent-context ${command.name}: ${firstLine(error.message)}\nRun "agent-context ${command.name} --help" for its options.\n`,
      );
      return 2;
    }
    if (isAgentContextError(error) || isSystemError(error)) {
      // Refusals and failures of the file system are the user's to fix: one line, no stack trace.
      output.stderr(`agent-context ${command.name}: ${firstLine(describeError(error))}\n`);
      return 1;
    }
    output.stderr(`agent-context ${command.name}: unexpected error: ${describeUnexpected(error)}\n`);
    return 2;
  }
}

function overview(list: CliCommand[]): string {
  const width = Math.max(0, ...list.map((command) => command.name.length));
  const lines = list.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'Usage: agent-context <command> [options]',
    '',
    'Shows what an agent would see in a repository: instruction files, nested instructions,',
    'the coding-assistant inventory, offloaded results and authored capabilities.',
    '',
    'Commands:',
    ...lines,
    '',
    'Run "agent-context <command> --help" for the options of one command.',
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
  const require = createRequire(import.meta.url);
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // Try the next layout: sources (src/cli) and the build (dist/cli) sit at different depths.
    }
  }
  return 'unknown';
}
