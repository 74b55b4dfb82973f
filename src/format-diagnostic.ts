import type { Diagnostic } from './diagnostics.js';
import { type Painter, painter } from './shared/painter.js';

/**
 * One diagnostic as one line, the way every `agent-context` command prints it: the severity
 * (coloured when `paint` colours), the file concerned when the message does not name it already,
 * the message on one line, the code in brackets.
 *
 * @example
 * formatDiagnostic({ severity: 'warning', code: 'over-budget', message: 'Cut AGENTS.md.' });
 * // 'warning: Cut AGENTS.md. [over-budget]'
 * formatDiagnostic({ severity: 'info', code: 'frontmatter-lenient', message: 'Read leniently.', path: '.cursor/rules/a.mdc' });
 * // 'info: .cursor/rules/a.mdc: Read leniently. [frontmatter-lenient]'
 */
export function formatDiagnostic(diagnostic: Diagnostic, paint: Painter = painter(false)): string {
  const color = { error: paint.red, warning: paint.yellow, info: paint.cyan }[diagnostic.severity];
  const message = diagnostic.message.replace(/\s+/g, ' ').trim();
  const path = diagnostic.path;
  const where = path === undefined || path === '' || message.includes(path) ? '' : `${path}: `;
  return `${color(`${diagnostic.severity}:`)} ${where}${message} ${paint.dim(`[${diagnostic.code}]`)}`;
}
