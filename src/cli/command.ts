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

/** One subcommand of `agent-context`. Commands call the public API only. */
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

/** Bad arguments (a usage error): `main` prints the message as one line on stderr, then a `--help` pointer, and exits 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
