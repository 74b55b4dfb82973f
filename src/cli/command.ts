import type { Diagnostic } from '../index.js';

/** Where a CLI command writes. Tests pass their own; `main.ts` passes the process streams. */
export interface CliOutput {
  /** Write to standard output (no newline added). */
  stdout(text: string): void;
  /** Write to standard error (no newline added). */
  stderr(text: string): void;
  /** True when standard output is a TTY and `NO_COLOR` is unset: only then may output use colour. */
  color: boolean;
  /** The directory relative paths resolve against. */
  cwd: string;
}

/**
 * One subcommand of `agent-context`. A command reaches the library only through the package's public
 * entries (`agent-context`, `agent-context/inspect`, `agent-context/adapter-kit`), as a user's program
 * would, besides the CLI's own files; the one exception is `mcp`, which loads the MCP server's files
 * (`src/adapters/mcp/`): the server has no entry of its own, it is offered through this command alone.
 * `cli-imports.test.ts` holds every import of the CLI to this.
 */
export interface CliCommand {
  /** The subcommand word, e.g. `inspect`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Full usage text for `agent-context <name> --help`. */
  usage: string;
  /** Run with the arguments after the subcommand; resolve to the exit code. Throw `CliUsageError` for bad input. */
  run(args: string[], output: CliOutput): Promise<number>;
}

/**
 * Bad arguments (a usage error: the command line itself is wrong, nothing was run): `runCli` prints
 * `agent-context <command>: <message>` on stderr, then a `--help` pointer, and exits 2.
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/**
 * The exit code of every command (docs/cli.md, "Exit codes and messages"): `problem` when the
 * command could not give all that was asked (an input to fix: a missing directory, a refused path, a
 * file not read or not used), `usage` when the command line is wrong, `unexpected` for a bug.
 */
export const exitCodes = { success: 0, problem: 1, usage: 2, unexpected: 3 } as const;

/** `exitCodes.problem` when any diagnostic is an `error` (something was not loaded or not used), else `success`. */
export function exitCodeFor(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error')
    ? exitCodes.problem
    : exitCodes.success;
}
