import type { Diagnostic } from './diagnostics.js';
import { type Painter, painter } from './shared/painter.js';

/**
 * One diagnostic as one line, the way every `agent-context` command prints it: the severity
 * (coloured when `paint` colours), the message on one line, the code in brackets.
 *
 * @example
 * formatDiagnostic({ severity: 'warning', code: 'over-budget', message: 'Cut AGENTS.md.' });
 * // 'warning: Cut AGENTS.md. [over-budget]'
 */
export function formatDiagnostic(diagnostic: Diagnostic, paint: Painter = painter(false)): string {
  const color = { error: paint.red, warning: paint.yellow, info: paint.cyan }[diagnostic.severity];
  const message = diagnostic.message.replace(/\s+/g, ' ').trim();
  return `${color(`${diagnostic.severity}:`)} ${message} ${paint.dim(`[${diagnostic.code}]`)}`;
}
