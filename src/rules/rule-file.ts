import path from 'node:path';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';
import type { RuleLocation } from './rule-format.js';

/** A file found through a {@link RuleLocation}. */
export interface RuleFile {
  /** Absolute POSIX path. */
  path: string;
  /** The file name without the location's extension (`api` for `api.mdc`). */
  name: string;
  location: RuleLocation;
  /** For a location with a `modePrefix`: the mode of the folder it was found in. */
  mode?: string;
}

/** The location's extension `name` ends with, if any (`.mdc` for `api.mdc`). */
export function extensionOf(name: string, location: RuleLocation): string | undefined {
  return (location.extensions ?? []).find((extension) => name.endsWith(extension) && name !== extension);
}

/** The file name without the location's extension and leading dots: what `@name` mentions. */
export function fileName(filePath: string, location: RuleLocation): string {
  const base = path.posix.basename(filePath);
  const extension = extensionOf(base, location) ?? path.posix.extname(base);
  const stem = extension === '' ? base : base.slice(0, -extension.length);
  return stem.replace(/^\.+/, '') || base;
}

/** The diagnostic of a rule file or folder that could not be used. */
export function problem(label: string, what: string, code: DiagnosticCode): Diagnostic {
  return { severity: 'error', code, message: `Skipped ${label}: it ${what}.`, path: label };
}
