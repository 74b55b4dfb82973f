import type { ComparisonName } from '../bench-options.js';
import type { Table } from './table.js';

/** What every comparison hands back to the runner: data for the JSON file, tables for people. */
export interface ComparisonReport {
  name: ComparisonName;
  title: string;
  /** Everything measured, JSON-serialisable; written to `results/<name>.json`. */
  data: unknown;
  tables: Table[];
  /** One-line findings printed under the tables (goals met or not, caveats). */
  notes: string[];
  /** Alternating rounds actually run, when not the size's default. */
  rounds?: number;
  /** Extra files written beside the JSON (e.g. a chart), by file name. */
  files?: Array<{ name: string; content: string }>;
}
