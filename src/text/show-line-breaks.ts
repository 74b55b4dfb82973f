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

/**
 * `lines`, each through {@link showLineBreaks}, joined with `\n`: the same text, found in one pass
 * over the joined text when no line holds a break (the usual case, and a big report's lines are not
 * each tested), line by line otherwise.
 */
export function joinShownLines(lines: readonly string[]): string {
  const joined = lines.join('\n');
  if (holdsOtherLineBreak(joined)) return lines.map(showLineBreaks).join('\n');
  // Only the joins' line feeds: no line holds one of its own.
  let feeds = 0;
  for (let at = joined.indexOf('\n'); at !== -1; at = joined.indexOf('\n', at + 1)) feeds += 1;
  return feeds === Math.max(0, lines.length - 1) ? joined : lines.map(showLineBreaks).join('\n');
}

/**
 * True when `text` holds a carriage return or a line or paragraph separator. Three searches for one
 * character each: on a report's text they take a third of the time of one search for any of them.
 */
function holdsOtherLineBreak(text: string): boolean {
  return text.includes('\r') || text.includes('\u2028') || text.includes('\u2029');
}
