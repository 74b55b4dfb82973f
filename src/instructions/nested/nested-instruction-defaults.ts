/** Defaults of {@link nestedInstructions}. */
export const nestedInstructionDefaults = {
  /** Capability name (events, `describe()`). */
  name: 'nested-instructions',
  /** The first candidate file names, in per-directory order; the selected formats' files follow (see `formats`). */
  filenames: ['AGENTS.md', 'CLAUDE.md'],
  perDirectory: 'all',
  scope: 'chain',
  inject: 'contents',
  delivery: 'after-tool-result',
  /** Host tools whose path argument is a touch. */
  traversalToolNames: ['list_directory', 'read_file'],
  traversalPathArg: 'path',
  /** Among the traversal tools, those whose path is a directory. */
  directoryToolNames: ['list_directory'],
  /** Per-file character limit in `contents` mode. */
  maxChars: 32_000,
  /** Import hops followed from a surfaced file (`contents` mode), as in the walk-up. */
  maxImportDepth: 5,
  /** Static guidance in the run's instructions: tells the model that directory instructions will appear. */
  guidance:
    'Subdirectories of this project may have their own instruction files (AGENTS.md, CLAUDE.md). When you read, list or write inside such a directory, its instructions are added to the conversation; follow them for work in that directory.',
} as const;
