/**
 * How a rule reaches the model:
 * - `always`: part of the project instructions of every run;
 * - `files`: delivered once per session when the agent touches a file matching one of its `globs`;
 * - `described`: named with its description in the rules catalog; the agent reads it when relevant;
 * - `manual`: delivered only when the user mentions it as `@name`.
 */
export type RuleScope = 'always' | 'files' | 'described' | 'manual';

/** The assistants whose rule files are read, one descriptor each (see `ruleFormats`). */
export type RuleFormatName =
  | 'claude-code'
  | 'codex'
  | 'gemini-cli'
  | 'cursor'
  | 'github-copilot'
  | 'windsurf'
  | 'cline'
  | 'kiro'
  | 'continue'
  | 'qwen-code'
  | 'amp'
  | 'zed'
  | 'junie'
  | 'augment'
  | 'trae'
  | 'roo-code'
  | 'kilo-code'
  | 'opencode';

/** One rule, whatever assistant's format it was written in. */
export interface Rule {
  /** The format it was read as. */
  format: RuleFormatName;
  /** The file's label: relative to the workspace directory, `~/...` for a user-level rule. */
  path: string;
  /** The file name without its extensions (`api` for `.cursor/rules/api.mdc`): what `@name` mentions. */
  name: string;
  scope: RuleScope;
  /** For `files` rules: the valid globs, relative to `base`. */
  globs?: string[];
  /** The rule's own description, when its format has one. */
  description?: string;
  /** The text after the frontmatter. */
  body: string;
  /** Label of the directory `globs` are relative to (`.` for the workspace directory). */
  base: string;
  /** `project` (found walking up from the workspace directory) or `user` (under `userDirectory`). */
  level: 'project' | 'user';
}

/** A rule with what matching and delivery need; `loadRules` returns these. */
export interface LoadedRule extends Rule {
  /** Absolute POSIX path of the file (inside the user directory for user-level rules). */
  absolutePath: string;
  /** Absolute POSIX path of the directory `globs` are relative to. */
  baseDirectory: string;
  /** Hex sha-256 of the body with line endings and surrounding blank lines normalised (the dedup key). */
  sha256: string;
}
