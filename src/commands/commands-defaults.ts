import { commandFormatNames } from './command-formats.js';

/** Defaults of the {@link commands} capability and {@link loadCommands}. */
export const commandsDefaults = {
  /** The formats read, in this order within a directory. */
  formats: commandFormatNames,
  /** Depth bound of the nested formats' walk (Claude Code, Gemini CLI, OpenCode). */
  maxDepth: 8,
  /** Bytes read of each command file. */
  maxFileBytes: 256 * 1024,
  /** The commands of the plugin folders a marketplace names are read (`/PLUGIN:NAME`). */
  plugins: true,
  /** Bytes read of each file an `@file` reference names. */
  maxReferenceBytes: 256 * 1024,
  /** Skills are `/name` commands too (when the session has `skills()`); a skill wins a name clash. */
  skills: true,
  /** Whether shell lines of command templates run: off, each is `[shell command not run: ...]` and an event. */
  run: false,
  /** Time limit of one shell line, in seconds (the hooks' default). */
  timeoutSeconds: 60,
  /** Bytes kept of each shell line's stdout, and of its stderr; the rest is cut visibly. */
  maxOutputBytes: 64 * 1024,
} as const;
