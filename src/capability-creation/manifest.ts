import { isCapabilityName } from './capability-name.js';

/** `active`: loaded at every run start; `disabled`: kept on disk, never loaded until enabled. */
export type CapabilityStatus = 'active' | 'disabled';

/**
 * One authored capability in `manifest.json`. Keys are written in this order.
 *
 * `status` is the user's intent and `lastError` is the module's health: an active record with a
 * `lastError` is retried at every load and skipped while it fails, so a module fixed on disk comes
 * back without re-authoring.
 */
export interface CapabilityRecord {
  /** The capability name, `^[a-z][a-z0-9_]*$`. */
  name: string;
  /** The module file, relative to the store directory: `<name>.ts` (or `.mts`, `.js`, `.mjs`). */
  moduleFile: string;
  /** The export holding the capability (`default` or a named export); `null` until one validated. */
  exportName: string | null;
  status: CapabilityStatus;
  /** Why the module last failed validation or loading; `null` when it last passed. */
  lastError: string | null;
  /** Hex SHA-256 of the module file's bytes when the record was last updated. */
  sha256: string | null;
  /** ISO 8601 time of the last change to this record. */
  updatedAt: string;
}

/** Format version written into `manifest.json`. */
export const manifestVersion = 1;

/** File extensions a module file may have, in the order a rebuild prefers them. */
export const moduleExtensions = ['.ts', '.mts', '.js', '.mjs'] as const;

/** The outcome of {@link parseManifest}: the trustworthy records, and what was wrong with the rest. */
export interface ParsedManifest {
  records: CapabilityRecord[];
  /** Empty when the whole file was valid. */
  problems: string[];
}

/**
 * Parse the text of `manifest.json`. Never throws. A file that is not JSON, or not an object with a
 * `capabilities` list, yields no records and one problem; a record that breaks the format (bad name,
 * a module file that is not `<name>.<extension>`, a duplicate) is dropped with a problem, so one
 * damaged record never discards the others.
 */
export function parseManifest(text: string): ParsedManifest {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { records: [], problems: [`not valid JSON (${(error as Error).message})`] };
  }
  if (!isPlainObject(document) || !Array.isArray(document.capabilities)) {
    return { records: [], problems: ['expected an object with a "capabilities" list'] };
  }
  const records: CapabilityRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  document.capabilities.forEach((entry: unknown, index: number) => {
    const problem = recordProblem(entry);
    if (problem !== undefined) {
      problems.push(`record ${index + 1}: ${problem}`);
      return;
    }
    const record = normaliseRecord(entry as CapabilityRecord);
    if (seen.has(record.name)) {
      problems.push(`record ${index + 1}: duplicate name "${record.name}"`);
      return;
    }
    seen.add(record.name);
    records.push(record);
  });
  return { records, problems };
}

/** The text of `manifest.json` for these records: 2-space indent, fixed key order, final newline. */
export function serializeManifest(records: readonly CapabilityRecord[]): string {
  const capabilities = records.map(normaliseRecord);
  return `${JSON.stringify({ version: manifestVersion, capabilities }, null, 2)}\n`;
}

/** True when `moduleFile` is `<name>` plus a known extension: no directories, no other names. */
export function isModuleFileOf(name: string, moduleFile: string): boolean {
  return moduleExtensions.some((extension) => moduleFile === `${name}${extension}`);
}

function recordProblem(entry: unknown): string | undefined {
  if (!isPlainObject(entry)) return 'not an object';
  if (!isCapabilityName(entry.name)) return 'invalid "name"';
  if (typeof entry.moduleFile !== 'string' || !isModuleFileOf(entry.name, entry.moduleFile)) {
    return `"moduleFile" must be "${entry.name}" plus one of ${moduleExtensions.join(', ')}`;
  }
  if (entry.status !== 'active' && entry.status !== 'disabled')
    return '"status" must be "active" or "disabled"';
  if (!isOptionalString(entry.exportName)) return '"exportName" must be a string or null';
  if (!isOptionalString(entry.lastError)) return '"lastError" must be a string or null';
  if (!isOptionalString(entry.sha256)) return '"sha256" must be a string or null';
  if (typeof entry.updatedAt !== 'string') return '"updatedAt" must be a string';
  return undefined;
}

function normaliseRecord(record: CapabilityRecord): CapabilityRecord {
  return {
    name: record.name,
    moduleFile: record.moduleFile,
    exportName: record.exportName ?? null,
    status: record.status,
    lastError: record.lastError ?? null,
    sha256: record.sha256 ?? null,
    updatedAt: record.updatedAt,
  };
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
