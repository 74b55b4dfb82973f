/** Defaults of {@link scanInventory} and the {@link inventory} capability. */
export const inventoryDefaults = {
  /**
   * Asset roots looked for in the working directory and its ancestors, in order: Claude Code, the
   * shared `.agents` (Codex skills), Codex, Grok, then Gemini CLI, GitHub Copilot, Cursor and OpenCode,
   * each of which documents skills, agents or commands in its own folder (docs/inventory.md).
   */
  roots: ['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode'],
  /** Names that mark the project root, the top of the search. */
  rootMarkers: ['.git'],
  /** Depth bound of the skills and commands walks. */
  maxDepth: 8,
  /** Bytes read of each skill, agent and command file. */
  maxFileBytes: 64 * 1024,
  /** Name of the inventory tool. */
  toolName: 'inventory_agent_context',
  /** Character budget of the skills catalog. */
  catalogMaxChars: 8000,
} as const;
