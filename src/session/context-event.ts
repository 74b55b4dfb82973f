import type { Diagnostic } from '../diagnostics.js';

/** Why something was loaded, cut, skipped or placed. */
export type EventReason =
  | 'session-start'
  | 'run-start'
  | 'nested'
  | 'import'
  | 'include'
  | 'listing'
  | 'inventory'
  | 'offload'
  | 'authoring'
  | 'compaction'
  | 'reset'
  | 'dispose'
  | 'tool-call'
  | 'touch'
  | 'skill'
  | 'rule'
  | 'hook'
  | 'command'
  | 'sub-agent'
  | 'restore';

/** Every load, skip, cut, offload and authoring step is an event. Nothing is silent. */
export interface ContextEvent {
  /** What happened. */
  type:
    | 'loaded'
    | 'skipped'
    | 'cut'
    | 'surfaced'
    | 'offloaded'
    | 'authored'
    | 'diagnostic'
    | 'reset'
    | 'disposed'
    | 'compacted'
    | 'run-started'
    | 'blocked'
    | 'redelivered'
    | 'restored'
    | 'reconciled'
    | 'hook-ran'
    | 'shell-ran';
  reason: EventReason;
  /** The capability that emitted it (`session` for the session's own events). */
  capability: string;
  /** The file concerned, as a label. */
  path?: string;
  /** What triggered it (a tool-call id, `session.touch`, user input...). */
  trigger?: string;
  message: string;
  diagnostic?: Diagnostic;
}
