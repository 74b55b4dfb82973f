import type { CliCommand } from '../command.js';

/** Every subcommand, in the order `agent-context --help` lists them. */
export const commands: CliCommand[] = [];
