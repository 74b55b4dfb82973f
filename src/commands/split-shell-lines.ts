/** A piece of a Claude Code (or OpenCode) template: text, or a shell line to run. */
export type TemplateSegment = { type: 'text'; text: string } | { type: 'shell'; command: string };

/**
 * Split a Claude Code template into text and shell lines, as Claude Code finds them (it reads the
 * template as plain text, so code spans and fences do not hide them):
 *
 * - `` !`cmd` `` where the `!` starts a line or follows blank space (so `KEY=!`x`` stays text), the
 *   command on one line;
 * - a fenced block opened with ```` ```! ````: everything up to the next ```` ``` ```` is one script.
 *
 * A command that is empty once trimmed stays text. Linear in the template's length: each search
 * moves forward only, and an unclosed fence ends the search for fences.
 */
export function splitShellLines(body: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let textStart = 0;
  let index = 0;
  let fencesClosed = true;
  // The next newline and backtick at or after a position, advanced only forward.
  let newline = -2;
  let backtick = -2;
  const nextNewline = (from: number) => {
    if (newline !== -1 && newline < from) newline = body.indexOf('\n', from);
    return newline === -1 ? body.length : newline;
  };
  const nextBacktick = (from: number) => {
    if (backtick !== -1 && backtick < from) backtick = body.indexOf('`', from);
    return backtick;
  };
  const push = (start: number, end: number, command: string) => {
    if (start > textStart) segments.push({ type: 'text', text: body.slice(textStart, start) });
    segments.push({ type: 'shell', command });
    textStart = end;
  };

  while (index < body.length) {
    const bang = body.indexOf('!', index);
    if (bang === -1) break;
    index = bang + 1;
    if (fencesClosed && bang >= 3 && body.startsWith('```', bang - 3)) {
      const close = body.indexOf('```', bang + 1);
      if (close === -1) {
        fencesClosed = false;
        continue;
      }
      const script = body.slice(bang + 1, close).trim();
      if (script !== '') push(bang - 3, close + 3, script);
      index = close + 3;
      continue;
    }
    if (body[bang + 1] !== '`' || (bang > 0 && !/\s/.test(body[bang - 1] ?? ''))) continue;
    const close = nextBacktick(bang + 2);
    if (close === -1 || close > nextNewline(bang + 2)) continue;
    const command = body.slice(bang + 2, close).trim();
    if (command === '') continue;
    push(bang, close + 1, command);
    index = close + 1;
  }
  if (textStart < body.length || segments.length === 0)
    segments.push({ type: 'text', text: body.slice(textStart) });
  return segments;
}
