/**
 * Text bound for a terminal, made harmless: repository content (a skill's description, a rule file's
 * name, a hook's matcher, a plugin's name) can hold escape sequences that move the cursor, clear the
 * screen, rewrite earlier lines, set the window title, make links or write the clipboard (ANSI CSI and
 * OSC sequences, and the other C0 and C1 control characters). Every such character is shown as a
 * visible escape instead (`\u001b`, `\u0007`, `\u009b`), so the sequence prints as inert text. The
 * escapes are JSON's own, so JSON output stays valid JSON with the same values.
 */

/** The styles the command line's own painter writes (bold, dim, red, yellow, cyan and their resets). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the painter's styles are control sequences.
const painterStyle = /^\u001b\[(?:1|2|22|31|33|36|39)m/;

/** Control characters: C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without line feed and tab, which a block of lines keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacterButLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Options of {@link terminalText}. */
export interface TerminalTextOptions {
  /**
   * Keep line feeds and tabs (a block of several lines). Default `true`; `false` escapes them too,
   * for a value shown on one line (a name, a description), so it cannot start a line of its own.
   */
  lines?: boolean;
  /**
   * Keep the exact styles the command line's painter writes (`ESC [ 1 m` and the few others), for
   * output the painter coloured; every other sequence is still escaped. Default `false`.
   */
  painterStyles?: boolean;
}

/**
 * `text` with every control character but line feed and tab (see `lines`) replaced by a visible
 * escape: ESC `[2J` prints as the nine characters `\u001b[2J` and clears nothing. A carriage
 * return, which could overwrite the start of a line, is escaped too (`\r`). Text without control
 * characters is returned as it is (one scan).
 *
 * @example
 * terminalText('name\u001b]0;owned\u0007'); // 'name\\u001b]0;owned\\u0007'
 * terminalText('a\nb', { lines: false }); // 'a\\nb'
 */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const lines = options.lines ?? true;
  // One native scan: a report of many lines has a line feed at once, and walking it by hand costs more.
  if (!(lines ? controlCharacterButLines : controlCharacter).test(text)) return text;
  const keepStyles = options.painterStyles ?? false;
  let result = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!(code < 0x20 || (code >= 0x7f && code <= 0x9f))) continue;
    if (lines && (code === 0x0a || code === 0x09)) continue;
    if (keepStyles && code === 0x1b) {
      const style = painterStyle.exec(text.slice(index, index + 5));
      if (style !== null) {
        index += style[0].length - 1;
        continue;
      }
    }
    result += `${text.slice(from, index)}${escapeOf(code)}`;
    from = index + 1;
  }
  return result + text.slice(from);
}

function escapeOf(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x09) return '\\t';
  if (code === 0x0d) return '\\r';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
