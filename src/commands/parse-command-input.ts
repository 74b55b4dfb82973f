/** A user input that calls a command: `/review 123` is `{ name: 'review', arguments: '123' }`. */
export interface CommandInput {
  /** The name typed after the slash (`review`, `git:commit`, `team/review`). */
  name: string;
  /** Everything after the name and the whitespace that follows it (`''` when none), as typed. */
  arguments: string;
}

// A slash at the very start, a name (no whitespace), then optional whitespace and the arguments.
const commandPattern = /^\/([^\s/][^\s]*)(?:\s+([\s\S]*))?$/;

/**
 * Read `/name arguments` from a user input, or `undefined` when the text does not start with a
 * slash followed by a name. Trailing whitespace of the arguments is dropped; the rest is as typed.
 */
export function parseCommandInput(text: string): CommandInput | undefined {
  const match = commandPattern.exec(text);
  if (!match?.[1]) return undefined;
  return { name: match[1], arguments: (match[2] ?? '').trimEnd() };
}
