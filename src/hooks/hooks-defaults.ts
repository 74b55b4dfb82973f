/** Defaults of {@link hooks} and {@link findHooks}. */
export const hooksDefaults = {
  /** Capability name. */
  name: 'hooks',
  /** Whether hooks run: off, they are listed in the run's events as present, not run. */
  run: false,
  /** Time limit of one hook command when it gives no `timeout` of its own, in seconds (Claude Code's). */
  timeoutSeconds: 60,
  /** Bytes kept of each hook's stdout, and of its stderr; the rest is cut visibly. */
  maxOutputBytes: 64 * 1024,
} as const;
