/** How a command line is started: its own argument list, or `sh -c` with the whole line. */
export type CommandLaunch =
  | { type: 'direct'; file: string; args: string[] }
  | { type: 'shell'; file: string; args: string[] };

/** The shell every assistant runs a hook's command line with. */
export const shellPath = '/bin/sh';

/**
 * Characters that mean a line needs a shell: expansions, quotes, redirections, pipes, lists,
 * globs, comments, subshells, home and history expansion. One pass over the line.
 */
const shellCharacters = new Set([...'$`\'"\\|&;<>()*?[]#~{}!\n\r\t']);

/** Words a shell runs itself (builtins and keywords with no program of that name to start). */
const shellWords = new Set([
  '.',
  ':',
  'alias',
  'case',
  'cd',
  'eval',
  'exec',
  'exit',
  'export',
  'for',
  'if',
  'read',
  'return',
  'set',
  'shift',
  'source',
  'trap',
  'ulimit',
  'umask',
  'unset',
  'until',
  'wait',
  'while',
]);

/**
 * Decide how to start `command`: a line of plain words separated by spaces (`node scripts/check.js
 * --strict`) starts its first word directly with the rest as arguments, with no shell in between;
 * anything a shell would interpret (quotes, `$VAR`, pipes, redirections, `VAR=value` prefixes, globs,
 * builtins such as `cd`) runs as `sh -c COMMAND`, as the assistants run hook commands. Linear in the
 * line's length.
 */
export function commandLaunch(command: string): CommandLaunch {
  const words = command.split(' ').filter((word) => word !== '');
  const first = words[0];
  let plain = first !== undefined && !first.includes('=') && !shellWords.has(first);
  if (plain) {
    for (const character of command) {
      if (shellCharacters.has(character)) {
        plain = false;
        break;
      }
    }
  }
  if (plain && first !== undefined) return { type: 'direct', file: first, args: words.slice(1) };
  return { type: 'shell', file: shellPath, args: ['-c', command] };
}
