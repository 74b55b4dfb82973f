/** Defaults of {@link runProcess}. */
export const processDefaults = {
  /** Time limit of one process, in milliseconds; then its whole process group is killed. */
  timeoutMs: 60_000,
  /** Bytes of stdout, and of stderr, kept; the rest is counted and cut with a visible marker. */
  maxOutputBytes: 64 * 1024,
} as const;
