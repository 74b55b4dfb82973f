/** Defaults of {@link fileTools}, {@link readFileTool} and {@link listDirectoryTool}. */
export const fileToolsDefaults = {
  /** Capability name. */
  name: 'file-tools',
  /** Offer `write_file` too. */
  write: false,
  /** Most entries `list_directory` shows. */
  maxEntries: 1_000,
  /** Lines per `read_file` call when the model gives no `limit`. */
  defaultLimit: 2_000,
  /** Most characters per `read_file` call (whole lines). */
  maxChars: 100_000,
  /** Longer lines are paged as several lines of this length. */
  maxLineChars: 20_000,
  /** Files larger than this are refused by `read_file`. */
  maxFileBytes: 100 * 1024 * 1024,
} as const;
