/** Defaults of {@link fileTools}, {@link readFileTool}, {@link listDirectoryTool}, {@link findFilesTool} and {@link searchFilesTool}. */
export const fileToolsDefaults = {
  /** Capability name. */
  name: 'file-tools',
  /** Offer `write_file` too. */
  write: false,
  /** Offer `find_files` and `search_files`. */
  search: true,
  /** Most paths `find_files` lists. */
  maxPaths: 500,
  /** Most matching lines `search_files` lists. */
  maxMatches: 100,
  /** Characters of a matching line `search_files` shows. */
  maxMatchChars: 500,
  /** Files larger than this are passed over by `search_files`. */
  maxSearchFileBytes: 8 * 1024 * 1024,
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
