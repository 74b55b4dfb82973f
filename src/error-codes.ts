/** One entry of {@link errorCodes}: what an error code means and what to do. */
export interface ErrorCodeEntry {
  meaning: string;
  fix: string;
}

/**
 * Every code of an {@link AgentContextError}, with its meaning and fix: the one source of
 * {@link AgentContextErrorCode} and of the errors table of docs/diagnostics.md.
 */
export const errorCodes = {
  'path-outside-workspace': {
    meaning: 'A path resolved outside the workspace root (lexically, absolutely or through a symlink).',
    fix: 'Use a path inside the workspace.',
  },
  'invalid-path': {
    meaning:
      'A path that can never be valid: NUL bytes, empty, deeper than 256 segments or longer than 4,096 characters.',
    fix: 'Pass a real path.',
  },
  'command-refused': {
    meaning:
      "A slash command was refused as a whole: with `commands({ run: true })`, one of its template's shell lines is not allowed by the command's own permissions (Claude Code's `allowed-tools` Bash rules; Gemini CLI's `!{...}` always asks). Nothing ran and the command was not sent to the model.",
    fix: "Add a Bash rule for the line to the command's `allowed-tools`, or let the host decide each line with `commands({ run: (line) => ... })`.",
  },
  'not-found': {
    meaning: 'The path does not exist, or a name (an authored capability) is unknown.',
    fix: 'Check the path or name; the message lists the known names.',
  },
  'not-a-file': {
    meaning: 'The path exists but is not a regular file (a directory, FIFO, socket or device).',
    fix: 'Pass a file.',
  },
  'not-a-directory': {
    meaning: 'The path exists but is not a directory.',
    fix: 'Pass a directory.',
  },
  'hard-linked': {
    meaning:
      'A regular file with more than one hard link, refused by a workspace created with `refuseHardLinks`.',
    fix: 'Replace the hard link with a copy, or drop `refuseHardLinks`.',
  },
  'symlink-loop': {
    meaning: 'Too many symbolic links while resolving a path (a loop).',
    fix: 'Fix the links.',
  },
  'read-failed': {
    meaning: 'The operating system refused or failed a read.',
    fix: 'Check permissions; the message names the error.',
  },
  'write-failed': {
    meaning: 'The operating system refused or failed a write.',
    fix: 'Check permissions and free space.',
  },
  'already-exists': {
    meaning:
      'An exclusive write (`createFile`, or `writeFile` with `exclusive`) found something already at the path.',
    fix: 'Write under another name, or replace the file with `writeFile` without `exclusive`.',
  },
  'workspace-not-writable': {
    meaning: 'The workspace has no `writeFile` (or `removeFile`), but the feature needs one.',
    fix: 'Pass a writable workspace, or turn the feature off.',
  },
  'invalid-option': {
    meaning: 'A caller passed an option that cannot work.',
    fix: 'Fix the option the message names.',
  },
  'invalid-name': {
    meaning: 'A name (capability, tool) does not match its required pattern.',
    fix: 'Use the pattern the message gives.',
  },
  'lock-timeout': {
    meaning: 'A lock could not be taken in time.',
    fix: 'If no other process uses the directory, remove the lock file the message names.',
  },
  'store-read-only': {
    meaning:
      "The capability store is on a read-only file system or in a directory this process may not write (another owner, mode 555): it loads, but `write`, `enable`, `disable` and `validate` (and the agent's `author_capability`, `enable_authored_capability`, `disable_authored_capability`) are refused before anything is written.",
    fix: 'Point the store at a writable directory, or make its directory writable (mount it read-write, change its owner or mode).',
  },
  'capability-timeout': {
    meaning:
      'A call into an authored capability did not finish within its time limit; its host was restarted.',
    fix: 'Make the capability faster, or raise its time limit.',
  },
  'capability-failed': {
    meaning: 'A call into an authored capability failed in, or ended, its capability host.',
    fix: 'Fix the capability; the message names the failure.',
  },
  'hook-blocked': {
    meaning: "A repository hook refused the user's prompt (`UserPromptSubmit`): the run does not go on.",
    fix: 'Show the reason to the user; change the prompt or the hook.',
  },
  'snapshot-invalid': {
    meaning:
      'A session snapshot (or a stored conversation) is not one: not JSON, a field missing or of the wrong type, or too large. Nothing of it was restored.',
    fix: 'The message names the field. Restore from what `session.snapshot()` returned, stored as JSON, unchanged.',
  },
  'snapshot-version': {
    meaning:
      'A session snapshot was written by a version of agent-context whose snapshot format this one does not read.',
    fix: 'Continue the conversation with the version that saved it, or start a new one.',
  },
  'state-conflict': {
    meaning:
      'A conversation was saved with a version that is no longer the stored one: another worker saved a turn of it in between.',
    fix: 'Load the conversation again and redo the turn (or serialise turns per conversation).',
  },
  'store-failed': {
    meaning: 'A conversation store could not read or write (file system or database error).',
    fix: 'The message names the store and the cause; check permissions, free space or the database.',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

/**
 * Machine-readable error codes. Every error thrown by agent-context is an {@link AgentContextError}
 * with one of these codes, so callers can branch on `error.code` instead of parsing messages;
 * docs/diagnostics.md says what each means.
 */
export type AgentContextErrorCode = keyof typeof errorCodes;
