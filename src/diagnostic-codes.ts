/** How bad a diagnostic is. `error`: something was not loaded; `warning`: loaded, but changed
 * (cut, replaced); `info`: worth knowing (a duplicate skipped). */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** One entry of {@link diagnosticCodes}: the severities a code is reported with, what it means, what to do. */
export interface DiagnosticCodeEntry {
  severity: readonly DiagnosticSeverity[];
  meaning: string;
  fix: string;
}

/**
 * Every diagnostic code agent-context reports, with its severities, meaning and fix. The one source
 * of {@link DiagnosticCode} and of the page docs/diagnostics.md (a test holds the page to it, and
 * checks that every code here is still reported somewhere).
 */
export const diagnosticCodes = {
  'also-in-capped': {
    severity: ['info'],
    meaning:
      "Skills of a root share a name with more than 20 others, so a report lists 20 paths in each one's `alsoIn`; this line counts the paths left out.",
    fix: "Give the skills their own names (each one's folder name), or see every path with `agent-context inventory --json --uncapped`.",
  },
  'authored-capabilities-unavailable': {
    severity: ['error'],
    meaning:
      'The capability store could not be opened (permissions, a lock held too long), so no authored capability was loaded; the run goes on without them.',
    fix: "Check that the store's directory is readable and writable, and that no stale lock file is left in it.",
  },
  'authored-capability-changed': {
    severity: ['warning'],
    meaning:
      'An authored module changed on disk since it was last validated; it was validated again before loading.',
    fix: 'Change authored modules through `author_capability`, or keep the store outside the writable workspace.',
  },
  'authored-capability-skipped': {
    severity: ['error'],
    meaning: 'An authored capability failed validation or loading and was left out of the run.',
    fix: 'Read the message (it names the failure), fix the module, and write it again.',
  },
  'binary-file': {
    severity: ['error', 'warning'],
    meaning: 'The file has a NUL byte in its first 8 KiB, so it is not text; it was skipped.',
    fix: 'Point the option at a text file, or remove the binary file from the place scanned.',
  },
  'blank-file': {
    severity: ['info'],
    meaning:
      "Read as an assistant that skips empty files but gives each directory one file (Codex), the directory's file is blank: it loads nothing, and no other file of that directory is read.",
    fix: 'Write text into the file, or delete it so the next name of the directory is read.',
  },
  'blank-override': {
    severity: ['info'],
    meaning:
      'An override file (e.g. `AGENTS.override.md`) is blank, so the file it would replace is read instead.',
    fix: 'Write text into the override, or delete it.',
  },
  'broken-symlink': {
    severity: ['warning'],
    meaning: 'A symbolic link under `skills/` or `commands/` points to nothing; it was skipped.',
    fix: 'Fix or remove the link.',
  },
  'cache-breakpoint-limit': {
    severity: ['warning'],
    meaning:
      "The provider's limit of four cache breakpoints is reached, so an instruction or rolling breakpoint was left out (reported once per session).",
    fix: "Set fewer breakpoints in the host, or turn the adapter's `cacheBreakpoints` off.",
  },
  'capability-hook-failed': {
    severity: ['error'],
    meaning:
      "A capability's hook threw; the failure was ignored and the run went on without what the hook would have added.",
    fix: 'Fix the capability; the message names the hook and the error.',
  },
  'capability-skipped': {
    severity: ['error'],
    meaning:
      'A capability could not start (its `startRun` failed or returned something unusable), so it takes no part in this run.',
    fix: 'Fix the capability; the message says what failed.',
  },
  'capabilities-not-shared': {
    severity: ['warning'],
    meaning:
      "A capability store with a shared place (`createCapabilityStore(directory, { shared })`) could not list, read or publish there, or could not write what it took into its own directory: this worker serves its own store's capabilities until the next load.",
    fix: 'Check the shared place (the database, the shared directory); the message names the cause. What was authored here is published again by its next `write` or `enable`.',
  },
  'capability-store-read-only': {
    severity: ['info', 'warning'],
    meaning:
      'The capability store cannot be written (a read-only mount, another owner), so loading wrote nothing: modules were compiled in memory instead of into `.compiled/`, changed records were not saved (info), or a damaged manifest could not be repaired and only its valid records were read (warning).',
    fix: 'Nothing for loading. To author, enable or disable capabilities, point the store at a writable directory or make it writable.',
  },
  'capability-store-special-file': {
    severity: ['error'],
    meaning:
      "Something that is not a regular file (a FIFO, a socket, a device, a directory, a symbolic link leading out of the store) is where the capability store's `manifest.json` goes: it was not opened, and no authored capability was loaded.",
    fix: 'Remove it or put the real `manifest.json` back; the next run reads the store again, with no restart.',
  },
  'capability-store-in-workspace': {
    severity: ['warning'],
    meaning:
      'The capability store is inside the writable workspace, so `write_file` can change authored modules.',
    fix: 'Move the store outside the workspace; changed modules are validated again in the meantime.',
  },
  'compatibility-too-long': {
    severity: ['warning'],
    meaning: "A skill's `compatibility` is over 500 characters.",
    fix: 'Shorten it.',
  },
  'depth-limit': {
    severity: ['info'],
    meaning: 'Folders deeper than the search depth were not searched for assets.',
    fix: 'Move the asset higher, or raise the depth if the option allows it.',
  },
  'description-too-long': {
    severity: ['warning'],
    meaning: "A skill's or command's `description` is over 1,024 characters.",
    fix: 'Shorten it; the model reads it in every catalogue.',
  },
  'diagnostics-capped': {
    severity: ['info'],
    meaning:
      'One file gave more than 20 diagnostics, or one operation more than 1,000; the rest were counted and left out, and this line says how many.',
    fix: 'Fix the diagnostics shown first (a file this malformed usually has one cause), then look again.',
  },
  'directory-already-scanned': {
    severity: ['info'],
    meaning: 'A link leads to a folder already scanned (a loop, or a second link to it); it was skipped.',
    fix: 'Nothing, unless the folder was meant to be read twice; remove the extra link.',
  },
  duplicate: {
    severity: ['info'],
    meaning:
      'An instruction or rule file was not loaded again: it is the same file, or has the same text, as an earlier one.',
    fix: 'Nothing; remove the copy if it is not wanted.',
  },
  'duplicate-agent-name': {
    severity: ['info'],
    meaning: 'A second agent definition has the name of an earlier one; the first is kept.',
    fix: 'Rename one of the agents.',
  },
  'duplicate-file': {
    severity: ['info'],
    meaning: 'An included file is listed more than once; it is included once.',
    fix: 'Remove the repeated entry from `include`.',
  },
  'duplicate-import': {
    severity: ['info'],
    meaning: 'An import was not repeated: the file, or its text, was already imported.',
    fix: 'Nothing; remove the repeated `@import` if it is not wanted.',
  },
  'duplicate-key': {
    severity: ['warning'],
    meaning: 'The frontmatter repeats a key; the first value is kept.',
    fix: 'Remove the repeated key.',
  },
  'duplicate-skill-name': {
    severity: ['info'],
    meaning: 'A skill has the name of an earlier skill of the same directory.',
    fix: 'Rename one of the skills.',
  },
  'empty-rule': {
    severity: ['warning'],
    meaning: 'A rule file has no text after its frontmatter; it was skipped.',
    fix: "Write the rule's text, or delete the file.",
  },
  'excluded-agent': {
    severity: ['info'],
    meaning:
      'A Copilot instruction file says `excludeAgent: coding-agent`, so it is not for coding agents; it was skipped.',
    fix: "Nothing; that is its author's intent.",
  },
  'file-too-large': {
    severity: ['error'],
    meaning: 'A settings, TOML or JSON file is over its size limit; it was not read.',
    fix: 'Shrink the file.',
  },
  'file-truncated': {
    severity: ['warning'],
    meaning: 'An instruction file is over `maxFileBytes`; only its head was read.',
    fix: 'Shorten the file, or raise `maxFileBytes`.',
  },
  'frontmatter-lenient': {
    severity: ['info'],
    meaning:
      'The frontmatter is not strict YAML; the named text keys were read as written, up to the next key.',
    fix: 'Quote the value, or indent its lines, to make it valid YAML.',
  },
  'frontmatter-stray-lines': {
    severity: ['warning'],
    meaning: 'The frontmatter has text before its first key; that text was left out.',
    fix: 'Remove the text, or turn it into a `key: value` line.',
  },
  'frontmatter-too-complex': {
    severity: ['warning'],
    meaning: 'The frontmatter was too deep or too large to parse as YAML; it was read line by line instead.',
    fix: 'Simplify the frontmatter to flat `key: value` lines.',
  },
  'frontmatter-too-large': {
    severity: ['error'],
    meaning:
      'The frontmatter does not close within the bytes read (`maxFileBytes`); the file was not read further.',
    fix: 'Close the frontmatter with a `---` line near the top.',
  },
  'glob-ignored': {
    severity: ['warning'],
    meaning: 'Some globs of a rule are invalid and were ignored; the others apply.',
    fix: 'Fix the globs the message names.',
  },
  'hard-linked': {
    severity: ['error'],
    meaning: 'A file with more than one hard link was refused by a workspace created with `refuseHardLinks`.',
    fix: 'Replace the hard link with a copy, or use a workspace without `refuseHardLinks`.',
  },
  'hook-failed': {
    severity: ['warning'],
    meaning: 'A repository hook failed (a non-blocking exit code, a timeout, or an unreadable output).',
    fix: "Run `agent-context hooks --test` to see the hook's output, and fix the hook.",
  },
  'hook-message': {
    severity: ['info'],
    meaning: 'A repository hook printed a message for the user.',
    fix: 'Nothing; read the message.',
  },
  'import-cycle': {
    severity: ['info'],
    meaning: 'An import of a file already on its own import chain was cut.',
    fix: 'Remove one of the imports of the cycle.',
  },
  'import-failed': {
    severity: ['error'],
    meaning:
      'An `@import` is missing, refused, too deep or outside the project root; a visible marker replaces it.',
    fix: 'Fix the path, or allow external imports with `allowExternalImports`.',
  },
  'invalid-argument-hint': {
    severity: ['warning'],
    meaning: "A command's `argument-hint` is not a string; it was ignored.",
    fix: 'Write it as a string.',
  },
  'invalid-compatibility': {
    severity: ['warning'],
    meaning: "A skill's `compatibility` is not a string, or is empty.",
    fix: 'Give 1-500 characters, or leave it out.',
  },
  'invalid-configuration': {
    severity: ['error'],
    meaning:
      "A configuration entry that should list paths (e.g. OpenCode's `instructions`) is not a list of paths.",
    fix: 'Write it as a list of path strings.',
  },
  'invalid-description': {
    severity: ['warning'],
    meaning: 'A `description` is not a string, or is empty.',
    fix: 'Write a short description as a string.',
  },
  'invalid-extension': {
    severity: ['error', 'warning'],
    meaning:
      'A `gemini-extension.json` is unreadable, or names a plugin without a name or outside the workspace.',
    fix: 'Fix the file the message names.',
  },
  'invalid-frontmatter': {
    severity: ['error'],
    meaning:
      "The frontmatter block has no `key: value` line (e.g. it is a YAML list), or a rule's frontmatter does not close; it was not read.",
    fix: 'Write the frontmatter as `key: value` lines between two `---` lines.',
  },
  'invalid-glob': {
    severity: ['error', 'warning'],
    meaning: "A rule's globs (`paths`, `globs`, `applyTo`), or a listed path, is not a valid glob.",
    fix: 'Fix the glob the message names.',
  },
  'invalid-hook-matcher': {
    severity: ['warning'],
    meaning: 'A hook matcher is not a valid pattern; the hooks of its group are not run.',
    fix: 'Fix the matcher.',
  },
  'invalid-hooks': {
    severity: ['warning'],
    meaning: 'A `hooks` value, event list or group has the wrong shape; the well-formed groups are kept.',
    fix: 'Follow the shape in docs/hooks.md.',
  },
  'invalid-json': {
    severity: ['error'],
    meaning: 'A JSON file (settings, marketplace, extension) does not parse.',
    fix: 'Fix the JSON; the message names the error.',
  },
  'invalid-marketplace': {
    severity: ['error'],
    meaning: 'A plugin marketplace file is unreadable or has no `plugins` list; its plugins were not read.',
    fix: 'Fix the file.',
  },
  'invalid-name': {
    severity: ['warning'],
    meaning: "A skill's, agent's or command's `name` is not a string, is empty, or breaks the naming rules.",
    fix: 'Use 1-64 lowercase letters, digits and single hyphens.',
  },
  'invalid-path': {
    severity: ['warning', 'error'],
    meaning: 'A path can never be valid (NUL bytes, empty, too deep or too long); it was not looked at.',
    fix: 'Nothing to fix in the repository: a tool or a host sent the path.',
  },
  'invalid-settings': {
    severity: ['error', 'warning'],
    meaning: 'A settings file is not a JSON object (or, for renamed instruction files, not JSON).',
    fix: 'Fix the file.',
  },
  'invalid-toml': {
    severity: ['error'],
    meaning:
      'A TOML file (a Codex agent, a Gemini command) does not parse; the message names the line and column.',
    fix: 'Fix the TOML.',
  },
  'limit-reached': {
    severity: ['warning'],
    meaning: 'The search for nested instruction files stopped after its folder limit.',
    fix: 'Ask for a narrower folder.',
  },
  'list-cut': {
    severity: ['warning'],
    meaning: 'A listed glob visits more entries than the limit; the rest were not searched.',
    fix: 'Narrow the glob.',
  },
  'listing-cut': {
    severity: ['info'],
    meaning: 'The directory listing shows fewer entries than exist; `[N more]` marks the rest.',
    fix: 'Raise `listing.maxEntries`, or list a narrower directory.',
  },
  'manifest-rebuilt': {
    severity: ['warning'],
    meaning:
      "The capability store's `manifest.json` was damaged; it was moved aside and the index rebuilt from the modules.",
    fix: 'Nothing; check the records the message counts.',
  },
  'missing-description': {
    severity: ['warning', 'error'],
    meaning:
      'A skill, agent or rule has no `description`, so a host cannot tell when to use it (a rule that needs one is skipped).',
    fix: 'Add a `description`.',
  },
  'missing-file': {
    severity: ['error'],
    meaning: 'An included file does not exist; it was skipped.',
    fix: 'Fix the path in `include`, or create the file.',
  },
  'missing-frontmatter': {
    severity: ['error', 'warning'],
    meaning:
      'A skill has no `---` frontmatter (it was not read), or an agent file has none (the whole file is its prompt).',
    fix: 'Add a frontmatter with `name` and `description`.',
  },
  'missing-instructions': {
    severity: ['warning'],
    meaning: 'A Codex agent has no `developer_instructions` string, so its prompt is empty.',
    fix: 'Add `developer_instructions`.',
  },
  'missing-name': {
    severity: ['warning'],
    meaning: 'A skill or agent has no `name` in its frontmatter.',
    fix: 'Add a `name`.',
  },
  'missing-prompt': {
    severity: ['error'],
    meaning: 'A command file has no prompt text; it was not loaded.',
    fix: "Write the command's prompt.",
  },
  'name-folder-mismatch': {
    severity: ['warning'],
    meaning: "A skill's `name` does not match its folder's name.",
    fix: 'Rename one of them.',
  },
  'name-too-long': {
    severity: ['warning'],
    meaning: "A skill's `name` is over 64 characters.",
    fix: 'Shorten it.',
  },
  'not-a-directory': {
    severity: ['info', 'error'],
    meaning: 'A path expected to be a directory (an asset root, a listed directory) is something else.',
    fix: 'Fix the path.',
  },
  'not-a-file': {
    severity: ['error', 'warning'],
    meaning:
      "A path with an instruction, skill or included file's name is a directory, FIFO, socket or device; it was never opened.",
    fix: 'Remove or rename what stands at that path.',
  },
  'not-fetched': {
    severity: ['info'],
    meaning: 'A listed entry is a URL; URLs are not fetched.',
    fix: 'Nothing; copy the text into the repository if the agent needs it.',
  },
  'not-found': {
    severity: ['warning', 'error'],
    meaning: 'A listed path or glob matches no file, or a path does not exist.',
    fix: 'Fix the path.',
  },
  'not-read-by-assistant': {
    severity: ['info'],
    meaning:
      "The file sits where an assistant's rules live, but that assistant does not read it (e.g. a `.md` file in `.cursor/rules`); or, read as one assistant (`assistant`, `--as`), that assistant passes over the file (Claude Code's `AGENTS.md` next to a `CLAUDE.md`, Codex's second file of a directory).",
    fix: 'Rename it as the message says, to make it a rule; or, if the assistant should read it, follow the message (import it from a file the assistant reads, or move it).',
  },
  'offload-failed': {
    severity: ['warning'],
    meaning: 'A large tool result could not be written to a file; the full result stays in the transcript.',
    fix: 'Check that the offload directory is writable.',
  },
  'offload-not-kept': {
    severity: ['warning'],
    meaning:
      'An offloaded tool result could not be kept in the conversation store (it could not be read back, or it is over `maxKeptFileBytes`), or could not be written back from it on another worker (the store does not hold it, or the workspace refused the write). It stays readable only where it was written.',
    fix: 'Share the workspace between workers (a sandbox, one volume), so that no copy is needed; otherwise see the message for the file and the cause.',
  },
  'over-budget': {
    severity: ['error', 'warning'],
    meaning:
      'A file did not fit the character budget at all; it was left out (and named in the final note). Read as Codex, its 32 KiB were used up by the files before it.',
    fix: 'Raise `maxChars`, or shorten broader files (for Codex, the files nearer the project root).',
  },
  'path-outside-workspace': {
    severity: ['error', 'warning'],
    meaning:
      'A path, or a link it goes through, leads outside the workspace root; it was not read. A warning for what a listing names (a rules configuration entry, a linked skill or command folder), an error for a file asked for.',
    fix: 'Keep the files inside the workspace, or widen the workspace.',
  },
  'plugin-not-found': {
    severity: ['warning'],
    meaning: 'A marketplace names a plugin folder that does not exist.',
    fix: 'Fix the marketplace entry, or add the folder.',
  },
  'read-failed': {
    severity: ['error', 'warning'],
    meaning: 'The operating system refused or failed a read.',
    fix: "Check the file's permissions; the message names the error.",
  },
  'reference-failed': {
    severity: ['error'],
    meaning: 'A `#[[file:...]]` reference in a rule could not be read; a marker replaces it.',
    fix: 'Fix the path of the reference.',
  },
  'reference-not-read': {
    severity: ['warning'],
    meaning: 'A file a command refers to (`@path`) was not read (missing, refused, too large).',
    fix: 'Fix the reference.',
  },
  'remove-failed': {
    severity: ['error'],
    meaning: 'An offloaded file could not be removed.',
    fix: 'Check the permissions of the offload directory.',
  },
  'renamed-instruction-files': {
    severity: ['info'],
    meaning:
      "An assistant's settings rename its instruction files; those names are read in each directory instead.",
    fix: 'Nothing; this says which names apply.',
  },
  replaced: {
    severity: ['info'],
    meaning:
      'A file is replaced by an override in its directory (`AGENTS.md` under `AGENTS.override.md`); it was skipped.',
    fix: 'Nothing; delete the override to read the file again.',
  },
  'shadowed-command': {
    severity: ['info'],
    meaning: 'A command has the name of a command found earlier; the earlier one is used.',
    fix: 'Rename one of the commands.',
  },
  'shell-command-failed': {
    severity: ['warning'],
    meaning:
      "A shell line of a command template (`` !`cmd` ``, `!{cmd}`) that the host let run failed: an exit code other than 0, a timeout, a signal, an output flood, a program that could not start, or the session's end. Its output and the reason are in the expanded text.",
    fix: 'Run the line by hand in the working directory to see why; fix the command file, or raise `timeoutSeconds`.',
  },
  'skill-shadowed': {
    severity: ['info'],
    meaning: 'A skill of a nearer directory has the same name; that one is loaded, this one is not.',
    fix: 'Rename one of the skills, if both are wanted.',
  },
  'stat-failed': {
    severity: ['warning'],
    meaning: 'A candidate instruction file could not be checked.',
    fix: "Check the folder's permissions; the message names the error.",
  },
  'state-not-restored': {
    severity: ['warning'],
    meaning:
      "A capability's saved state in a session snapshot did not fit what the capability reads now (a snapshot from another version of it); that state started anew.",
    fix: 'Restore snapshots with the capabilities and options that saved them; the message names the state.',
  },
  'stop-at-not-ancestor': {
    severity: ['info'],
    meaning:
      '`stopAt` is not an ancestor of the working directory, so only the working directory was searched.',
    fix: 'Set `stopAt` to an ancestor directory, or leave it out.',
  },
  'sub-agent-name-collision': {
    severity: ['warning'],
    meaning: "An agent's tool name is taken by another tool; the agent's tool gets a suffixed name.",
    fix: 'Rename the agent, or the other tool.',
  },
  'symlink-loop': {
    severity: ['error'],
    meaning: 'A symbolic link loops; it was not followed.',
    fix: 'Fix the link.',
  },
  'symlink-refused': {
    severity: ['error', 'warning'],
    meaning: 'A symbolic link leaves its directory or the workspace root; it was not read.',
    fix: 'Replace the link with the file, or keep its target inside the workspace.',
  },
  'tool-name-taken': {
    severity: ['warning'],
    meaning:
      "The host and a capability define a tool of the same name; the host's tool is used (reported once per run).",
    fix: 'Rename one of the tools, if both are wanted.',
  },
  'tool-not-offered': {
    severity: ['warning'],
    meaning: 'A definition names a tool role that no tool offered here fills; it runs without it.',
    fix: "Map a host tool with `hostTools`, e.g. `{ my_tool: 'shell' }`.",
  },
  'tool-specifier-not-enforced': {
    severity: ['warning'],
    meaning:
      'A definition allows a tool only for some inputs (`Bash(git *)`), which cannot be enforced; the tool is left out.',
    fix: 'Allow the whole tool, or leave it out on purpose.',
  },
  truncated: {
    severity: ['warning'],
    meaning: 'Text was cut to fit its budget; the cut ends with a `[truncated: ...]` marker.',
    fix: 'Raise the budget the message names, or shorten the file.',
  },
  'unclosed-frontmatter': {
    severity: ['error'],
    meaning: 'The frontmatter has no closing `---` line.',
    fix: 'Add the closing `---` line.',
  },
  'unknown-rule-mode': {
    severity: ['error'],
    meaning:
      "A rule's mode key (e.g. Windsurf's `trigger`, Kiro's `inclusion`) has a value the assistant does not know.",
    fix: 'Use one of the values the message lists.',
  },
  'unknown-tool-name': {
    severity: ['warning'],
    meaning:
      "A definition names a tool that no assistant's vocabulary knows; only a host tool of exactly that name will match it.",
    fix: 'Fix the spelling, or name the host tool.',
  },
  'unreadable-directory': {
    severity: ['error'],
    meaning:
      'A directory could not be read (permission denied). It is reported once per operation, in place of one error per file that would have been read there; nothing below a directory that cannot be entered is checked.',
    fix: "Check the directory's permissions (read to list it, execute to enter it), or leave it out of the search.",
  },
  'user-directory-unreadable': {
    severity: ['warning'],
    meaning: 'User-level rules were not read: the home directory given is not a readable directory.',
    fix: 'Fix the home directory option.',
  },
  'value-too-deep': {
    severity: ['warning'],
    meaning: 'A settings or TOML file nests values too deep; the deeper values were replaced by a marker.',
    fix: 'Flatten the file.',
  },
} as const satisfies Record<string, DiagnosticCodeEntry>;

/** A stable kebab-case identifier of a {@link Diagnostic}; docs/diagnostics.md lists them all. */
export type DiagnosticCode = keyof typeof diagnosticCodes;
