import type { CommandSource } from './command.js';

/** Whether one shell line of a command may run under the command's own permissions, and why not. */
export type ShellLinePermission = { allowed: true } | { allowed: false; reason: string };

/**
 * Commands Claude Code runs from a template with no permission rule: they only read (recorded on
 * Claude Code 2.1.332: `` !`echo hi` `` ran with and without `allowed-tools`, `` !`touch X` `` was
 * refused). Kept short on purpose: a command missing here needs an `allowed-tools` rule, the safe side.
 */
const readOnlyCommands: readonly string[] = [
  'echo',
  'printf',
  'pwd',
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'date',
  'whoami',
  'true',
  'git status',
  'git diff',
  'git log',
  'git show',
  'git branch',
  'git rev-parse',
];

/**
 * Decide whether a template's shell line runs under the command's own permissions, as its assistant
 * decides when the user has approved nothing:
 *
 * - Claude Code commands and skills: every part of the line (split at `&&`, `||`, `;`, `|` and line
 *   breaks) is a read-only command (`echo`, `git status`, ...: see `readOnlyCommands`) or matches a
 *   `Bash` rule of `allowed-tools`: `Bash` or `Bash(*)` (any), `Bash(git add:*)` (that prefix, as
 *   a whole word), `Bash(npm run *)` (`*` any text), `Bash(git status)` (exactly). A part with output
 *   redirection (`>`), command substitution (`$(`, backquotes) or a subshell needs a rule that
 *   matches it; read-only does not cover it.
 * - Gemini CLI `!{...}`: refused; Gemini CLI asks the user for every shell command of a custom
 *   command outside its yolo mode, and a command file carries no permission of its own.
 * - OpenCode: allowed (its permission for shell commands is `allow` unless its config says otherwise).
 *
 * A host that decides each line itself (`commands({ run: (line) => ... })`) is the user's approval
 * and is not asked this.
 */
export function shellLinePermission(
  line: string,
  format: CommandSource,
  allowedTools: readonly string[] | null,
): ShellLinePermission {
  if (format === 'opencode') return { allowed: true };
  if (format === 'gemini') {
    return {
      allowed: false,
      reason: 'Gemini CLI asks before every shell command of a custom command (outside its yolo mode)',
    };
  }
  const rules = (allowedTools ?? []).flatMap((tool) => bashRuleOf(tool));
  for (const part of commandParts(line)) {
    if (rules.some((rule) => rule(part))) continue;
    if (isReadOnly(part)) continue;
    const declared =
      rules.length === 0 ? 'allowed-tools has no Bash rule' : 'no Bash rule of allowed-tools matches it';
    return { allowed: false, reason: `\`${part}\` needs permission: it is not read-only and ${declared}` };
  }
  return { allowed: true };
}

/** A `Bash` rule of `allowed-tools` as a test of one command part; nothing for other tools. */
function bashRuleOf(tool: string): Array<(part: string) => boolean> {
  const trimmed = tool.trim();
  if (trimmed === 'Bash' || trimmed === 'Bash(*)') return [() => true];
  const inner = /^Bash\((.*)\)$/s.exec(trimmed)?.[1]?.trim();
  if (inner === undefined || inner === '') return [];
  if (inner.endsWith(':*')) {
    const prefix = inner.slice(0, -2).trim();
    return [(part) => part === prefix || part.startsWith(`${prefix} `)];
  }
  if (inner.includes('*')) {
    const pieces = inner.split('*');
    return [(part) => matchesWildcards(part, pieces)];
  }
  return [(part) => part === inner];
}

/** Whether `text` is `pieces` joined by any texts (the `*` of a rule), in one linear pass per piece. */
function matchesWildcards(text: string, pieces: readonly string[]): boolean {
  const first = pieces[0] ?? '';
  const last = pieces.at(-1) ?? '';
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let from = first.length;
  for (const piece of pieces.slice(1, -1)) {
    const at = text.indexOf(piece, from);
    if (at === -1) return false;
    from = at + piece.length;
  }
  return text.length - last.length >= from && text.endsWith(last);
}

/** The commands of a line, split at its control operators, each trimmed; quotes respected. */
export function commandParts(line: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (quote !== undefined) {
      current += character;
      if (character === quote) quote = undefined;
      else if (character === '\\' && quote === '"' && index + 1 < line.length) current += line[++index];
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      current += character;
      continue;
    }
    if (character === '\\' && index + 1 < line.length) {
      current += character + line[++index];
      continue;
    }
    const pair = line.slice(index, index + 2);
    if (pair === '&&' || pair === '||') {
      parts.push(current);
      current = '';
      index += 1;
      continue;
    }
    if (character === ';' || character === '|' || character === '\n' || character === '&') {
      parts.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** A read-only command without redirection, substitution or subshell. */
function isReadOnly(part: string): boolean {
  // Substitution runs inside double quotes too; only single quotes make it text.
  const outsideSingleQuotes = part.replace(/'[^']*'/g, "''");
  // `$(...)` runs a command; `$((...))` is arithmetic and runs none.
  if (/`|\$\((?!\()/.test(outsideSingleQuotes)) return false;
  if (/[<>]|^\(/.test(outsideSingleQuotes.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return false;
  return readOnlyCommands.some((command) => part === command || part.startsWith(`${command} `));
}
