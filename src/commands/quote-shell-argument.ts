/**
 * `text` as one word of a POSIX shell line: in single quotes, each `'` written `'\''`, so nothing in
 * it (spaces, `$`, `;`, backticks) is shell syntax. `''` for an empty text.
 *
 * @example quoteShellArgument("It's complicated") // 'It'\''s complicated'
 */
export function quoteShellArgument(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
