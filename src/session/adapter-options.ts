/** Options every adapter takes, with the same meaning and default in each. */
export interface ContextAdapterOptions {
  /**
   * Run the session's `beforeToolCall` / `afterToolCall` hooks around the host's own tools, not only
   * around capability tools: a block reaches the model as a tool error, touches surface nested
   * instructions, large results are offloaded. Default `true`.
   */
  hostToolHooks?: boolean;
  /** Report the newest user input to `session.observeUserInput` (`@path` mentions, `<file>` blocks). Default `true`. */
  observeUserInput?: boolean;
}
