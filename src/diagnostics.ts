/** How bad a {@link Diagnostic} is. `error`: something was not loaded; `warning`: loaded, but changed
 * (cut, replaced); `info`: worth knowing (a duplicate skipped). */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/**
 * A problem with one input, reported instead of thrown. Loaders return `{ items, diagnostics }`;
 * one bad file never stops the rest.
 */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  /** Stable kebab-case identifier, e.g. `binary-file`, `import-failed`, `truncated`, `symlink-refused`. */
  code: string;
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
