import { inventoryDefaults } from '../inventory/inventory-defaults.js';

/** Defaults of {@link loadAgentDefinitions}. */
export const agentDefinitionDefaults = {
  /** Asset roots whose `agents/` folders hold definitions: the inventory's (`.github` among them). */
  roots: inventoryDefaults.roots,
} as const;
