/**
 * One line of a printed report kept on one line: a line break inside a field (a file or plugin
 * name, a glob, a hook matcher, a diagnostic message quoting any of them) is shown as `\n` (or `\r`
 * for a lone carriage return), so text from a repository can never start a line of its own that
 * looks like an entry of the report. Linear in the line's length.
 */
export function showLineBreaks(line: string): string {
  // Most lines have no break: a test is cheaper than a replace with a function.
  if (!anyLineBreak.test(line)) return line;
  return line.replace(/\r\n|[\n\r\u2028\u2029]/g, (lineBreak) => (lineBreak === '\r' ? '\\r' : '\\n'));
}

const anyLineBreak = /[\n\r\u2028\u2029]/;
