/** One file to render: its label (see {@link renderContextFile}) and its decoded text. */
export interface ContextFileBlock {
  /** POSIX path relative to the workspace directory, or the absolute POSIX path when outside it. */
  label: string;
  /** The file body as the model should see it. */
  text: string;
}

/**
 * Render one file as a `<context-file>` block:
 *
 * ```
 * <context-file path="LABEL">
 * BODY
 * </context-file>
 * ```
 *
 * Trailing CR and LF characters of the body are stripped (so the closing tag always sits on its own
 * line, whatever the file ends with); trailing spaces and everything else are kept byte for byte.
 * In the label, `&`, `"` and `<` are written as `&amp;`, `&quot;` and `&lt;`, because a path may
 * legally contain a quote and must not end the attribute early; ordinary paths are unchanged.
 *
 * @example
 * renderContextFile({ label: 'AGENTS.md', text: 'Use pnpm.\n' })
 * // '<context-file path="AGENTS.md">\nUse pnpm.\n</context-file>'
 */
export function renderContextFile(file: ContextFileBlock): string {
  return `<context-file path="${escapeAttribute(file.label)}">\n${stripTrailingNewlines(file.text)}\n</context-file>`;
}

/**
 * Render files with {@link renderContextFile}, in the order given, joined by a blank line.
 * An empty list renders as the empty string.
 */
export function renderContextFiles(files: readonly ContextFileBlock[]): string {
  return files.map(renderContextFile).join('\n\n');
}

/** The body without its trailing run of `\r` and `\n` characters. */
export function stripTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0) {
    const code = text.charCodeAt(end - 1);
    if (code !== 10 && code !== 13) break;
    end -= 1;
  }
  return end === text.length ? text : text.slice(0, end);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<]/g, (character) =>
    character === '&' ? '&amp;' : character === '"' ? '&quot;' : '&lt;',
  );
}
