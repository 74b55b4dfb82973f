/** The assistants whose command files agent-context reads, each with its own template syntax. */
export type CommandFormatName = 'claude' | 'copilot' | 'gemini' | 'cursor' | 'opencode';

/** Where a command comes from: a command file of one format, or a skill (invocable as `/name`). */
export type CommandSource = CommandFormatName | 'skill';

/**
 * One slash command, whatever the assistant that owns it: what a user types after `/`, and the
 * template its input is expanded into.
 *
 * @example { name: 'git:commit', namespace: 'git', description: 'Write a commit message.', argumentHint: null, body: 'Write a commit message for {{args}}.', format: 'gemini', path: '.gemini/commands/git/commit.toml' }
 */
export interface Command {
  /**
   * The command as typed, without the slash, as its assistant names it: the file name for Claude
   * Code, Cursor and Copilot (`review`), the path below the folder joined with `:` for Gemini CLI
   * (`git:commit`) and with `/` for OpenCode (`team/review`); a skill's `name`. A plugin's command
   * is prefixed with the plugin's name (`review:check`).
   */
  name: string;
  /** The subfolders of the commands folder (`git`, `frontend/forms`); `null` at the top. */
  namespace: string | null;
  /** The frontmatter's (or TOML's) `description`; else the first body line for Claude Code; else `null`. */
  description: string | null;
  /** `argument-hint` (shown with the command in a UI); `null` when none. */
  argumentHint: string | null;
  /**
   * `allowed-tools` of the frontmatter (Claude Code commands and skills): what the command may use
   * without asking, as written (`Bash(git add:*)`, `Read`), one entry each; `null` when none. Its
   * `Bash` rules decide which shell lines run under `commands({ run: true })`.
   */
  allowedTools: string[] | null;
  /** The template: the Markdown body without frontmatter, Gemini's `prompt`, a skill's `SKILL.md` body. */
  body: string;
  /** Whose syntax the template uses. */
  format: CommandSource;
  /** Label of the file (`.claude/commands/review.md`; a skill's `SKILL.md`). */
  path: string;
}

export type { CommandExpansion } from '../session/capability.js';

/**
 * An `allowed-tools` value as its entries: a list of strings, or one string of entries separated by
 * commas or by spaces outside parentheses (`Bash(git add:*) Read`, `Read, Grep`); `null` when absent,
 * empty or of another type.
 */
export function allowedToolsOf(value: unknown): string[] | null {
  const entries: string[] = [];
  const add = (text: string) => {
    let depth = 0;
    let current = '';
    for (const character of text) {
      if (character === '(') depth += 1;
      if (character === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (character === ',' || /\s/.test(character))) {
        if (current.trim() !== '') entries.push(current.trim());
        current = '';
        continue;
      }
      current += character;
    }
    if (current.trim() !== '') entries.push(current.trim());
  };
  if (typeof value === 'string') add(value);
  else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') add(item);
  return entries.length === 0 ? null : entries;
}
