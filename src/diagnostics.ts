import type { DiagnosticCode, DiagnosticSeverity } from './diagnostic-codes.js';

export type { DiagnosticCode, DiagnosticSeverity };

/**
 * A problem with one input, reported instead of thrown. Loaders return `{ items, diagnostics }`;
 * one bad file never stops the rest.
 */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  /** Stable kebab-case identifier, e.g. `binary-file`, `import-failed`, `truncated`; docs/diagnostics.md lists them all. */
  code: DiagnosticCode;
  /** A sentence a person can act on. */
  message: string;
  /** The file or directory concerned, as a label (relative POSIX path, or absolute outside the workspace). */
  path?: string;
}

/** The return shape of every loader: what was found, and what went wrong on the way. */
export interface LoadResult<Item> {
  items: Item[];
  diagnostics: Diagnostic[];
}
