import type { CliCommand } from '../command.js';
import { capabilitiesCommand } from './capabilities.js';
import { inspectCommand } from './inspect.js';
import { inventoryCommand } from './inventory.js';
import { offloadedCommand } from './offloaded.js';
import { renderCommand } from './render.js';

/** Every subcommand, in the order `agent-context --help` lists them. */
export const commands: CliCommand[] = [
  inspectCommand,
  renderCommand,
  inventoryCommand,
  offloadedCommand,
  capabilitiesCommand,
];
