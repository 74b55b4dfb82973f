/** A tool name as an agent, command or settings file writes it: `Bash`, or `Bash(git diff:*)`. */
export interface ToolPattern {
  /** The tool name (`Bash`). */
  name: string;
  /** What is in the parentheses (`git diff:*`), which narrows the tool to some inputs; absent without. */
  specifier?: string;
}

/**
 * Split `Name(specifier)` (Claude Code and Cursor permission syntax) into the tool name and its
 * specifier; any other text is a name as written, trimmed.
 *
 * @example parseToolPattern('Bash(git diff:*)') // { name: 'Bash', specifier: 'git diff:*' }
 */
export function parseToolPattern(text: string): ToolPattern {
  const trimmed = text.trim();
  const open = trimmed.indexOf('(');
  if (open > 0 && trimmed.endsWith(')')) {
    return { name: trimmed.slice(0, open).trim(), specifier: trimmed.slice(open + 1, -1) };
  }
  return { name: trimmed };
}
