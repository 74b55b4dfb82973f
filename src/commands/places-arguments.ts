import type { CommandSource } from './command.js';

/**
 * Whether a command's template puts the typed arguments somewhere (rather than appending them, or
 * ignoring them): `$ARGUMENTS` or `$N` (Claude Code, OpenCode, skills), `{{args}}` (Gemini CLI),
 * `${input:NAME}` (Copilot). Cursor's commands only append. One linear scan.
 */
export function placesArguments(body: string, format: CommandSource): boolean {
  switch (format) {
    case 'gemini':
      return body.includes('{{args}}');
    case 'copilot':
      return body.includes('${input:');
    case 'cursor':
      return false;
    default:
      return /\$(?:ARGUMENTS|\d)/.test(body);
  }
}
