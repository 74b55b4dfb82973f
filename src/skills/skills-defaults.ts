import { inventoryDefaults } from '../inventory/inventory-defaults.js';

/** Defaults of the {@link skills} capability. */
export const skillsDefaults = {
  /** Asset roots, as the inventory takes them. */
  roots: inventoryDefaults.roots,
  /** Character budget of the catalog. */
  maxChars: inventoryDefaults.catalogMaxChars,
  /** Depth bound of the skills walk. */
  maxDepth: inventoryDefaults.maxDepth,
  /** Name of the tool that loads a skill. */
  toolName: 'load_skill',
} as const;
