import type { Diagnostic } from '../diagnostics.js';
import type { ContextEvent } from '../session/capability.js';

/** An event before the capability adds its name; the renderers return these instead of emitting. */
export type ContextEventDraft = Omit<ContextEvent, 'capability'>;

/** A `skipped` or `cut` event carrying its diagnostic, whose message it shares. */
export function diagnosticEvent(
  type: 'skipped' | 'cut' | 'diagnostic',
  reason: ContextEvent['reason'],
  diagnostic: Diagnostic,
): ContextEventDraft {
  return {
    type,
    reason,
    message: diagnostic.message,
    diagnostic,
    ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
  };
}
