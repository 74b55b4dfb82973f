import type { Diagnostic } from './diagnostics.js';

/** How many diagnostics one list keeps, for one file and in all. */
export interface DiagnosticLimits {
  /** Diagnostics kept for one `path` (those with no path count as one place). Default 20. */
  perFile: number;
  /** Diagnostics kept in the whole list. Default 1,000. */
  total: number;
}

/** The caps every loader applies to the diagnostics it returns. */
export const diagnosticLimits: DiagnosticLimits = { perFile: 20, total: 1000 };

/** Result of {@link capPerFile}: what is kept, in order, and one `diagnostics-capped` info per cut. */
export interface CappedList<Item> {
  kept: Item[];
  /** One line per file that had more than its share, then one for the list as a whole; `[]` when nothing was left out. */
  leftOut: Diagnostic[];
}

/**
 * At most `perFile` items for each file and `total` in all, in their order, for any list of reports
 * that name a file (diagnostics, `skipped` events). Whatever is left out is counted, never dropped
 * silently: each file that had more gets one `diagnostics-capped` info saying how many of its
 * reports were left out, and so does the list as a whole. Items for which `passes` says true are
 * kept where they are and do not count. Linear in the number of items.
 */
export function capPerFile<Item>(
  items: readonly Item[],
  pathOf: (item: Item) => string | undefined,
  limits: DiagnosticLimits = diagnosticLimits,
  passes: (item: Item) => boolean = () => false,
): CappedList<Item> {
  if (items.length <= Math.min(limits.perFile, limits.total)) return { kept: [...items], leftOut: [] };
  const keptPerFile = new Map<string, number>();
  const leftOutPerFile = new Map<string, { path: string | undefined; count: number }>();
  const kept: Item[] = [];
  let keptInAll = 0;
  let leftOutInAll = 0;
  for (const item of items) {
    if (passes(item)) {
      kept.push(item);
      continue;
    }
    const path = pathOf(item);
    const place = path ?? '';
    const forFile = keptPerFile.get(place) ?? 0;
    if (forFile >= limits.perFile) {
      const leftOut = leftOutPerFile.get(place) ?? { path, count: 0 };
      leftOut.count += 1;
      leftOutPerFile.set(place, leftOut);
      continue;
    }
    if (keptInAll >= limits.total) {
      leftOutInAll += 1;
      continue;
    }
    keptPerFile.set(place, forFile + 1);
    keptInAll += 1;
    kept.push(item);
  }
  const leftOut: Diagnostic[] = [];
  for (const { path, count } of leftOutPerFile.values()) {
    leftOut.push({
      severity: 'info',
      code: 'diagnostics-capped',
      message: `${count.toLocaleString('en-US')} more ${count === 1 ? 'diagnostic' : 'diagnostics'} ${
        path === undefined || path === '' ? 'that name no file' : 'of this file'
      } left out (at most ${limits.perFile.toLocaleString('en-US')} per file are reported).`,
      ...(path === undefined ? {} : { path }),
    });
  }
  if (leftOutInAll > 0) {
    leftOut.push({
      severity: 'info',
      code: 'diagnostics-capped',
      message: `${leftOutInAll.toLocaleString('en-US')} more ${
        leftOutInAll === 1 ? 'diagnostic' : 'diagnostics'
      } left out (at most ${limits.total.toLocaleString('en-US')} are reported at once).`,
    });
  }
  return { kept, leftOut };
}

/**
 * The diagnostics of one operation with at most `perFile` for each file and `total` in all, in their
 * order, each cut counted by one `diagnostics-capped` info at the end (see {@link capPerFile}). A
 * list within the caps is returned unchanged, and a list already capped is not capped again (the
 * `diagnostics-capped` lines pass through and do not count).
 *
 * @example
 * capDiagnostics(sixtyThousandFromOneFile); // 20 of them, then "59,980 more diagnostics of this file were left out"
 */
export function capDiagnostics(
  diagnostics: readonly Diagnostic[],
  limits: DiagnosticLimits = diagnosticLimits,
): Diagnostic[] {
  const { kept, leftOut } = capPerFile(
    diagnostics,
    (diagnostic) => diagnostic.path,
    limits,
    (diagnostic) => diagnostic.code === 'diagnostics-capped',
  );
  return leftOut.length === 0 ? kept : [...kept, ...leftOut];
}
