import type { CliCommand } from '../command.js';
import { capabilitiesCommand } from './capabilities.js';
import { commandsCommand } from './commands.js';
import { hooksCommand } from './hooks.js';
import { inspectCommand } from './inspect.js';
import { inventoryCommand } from './inventory.js';
import { mcpCommand } from './mcp.js';
import { offloadedCommand } from './offloaded.js';
import { pathCommand } from './path.js';
import { renderCommand } from './render.js';
import { rulesCommand } from './rules.js';

/** Every subcommand, in the order `agent-context --help` lists them. */
export const commands: CliCommand[] = [
  inspectCommand,
  renderCommand,
  inventoryCommand,
  rulesCommand,
  pathCommand,
  hooksCommand,
  commandsCommand,
  offloadedCommand,
  capabilitiesCommand,
  mcpCommand,
];
