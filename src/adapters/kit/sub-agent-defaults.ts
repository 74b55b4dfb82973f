/** Defaults of every adapter's `subAgentTools`. */
export const subAgentToolsDefaults = {
  /** Most model calls of one sub-agent run. */
  maxSteps: 20,
  /** Most sub-agents on one delegation path: a sub-agent of a sub-agent of a sub-agent. */
  maxDepth: 3,
} as const;
