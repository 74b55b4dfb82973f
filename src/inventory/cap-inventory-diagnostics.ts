import { type DiagnosticLimits, diagnosticLimits } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import type { InventoryResult, InventoryRoot } from './inventory-result.js';

/** Where the inventory's output says how to see every diagnostic it left out. */
export const allInventoryDiagnosticsHint =
  '`agent-context inventory --all-diagnostics` lists every one, as `scanInventory()` returns them';

/**
 * The inventory as a report shows it: the diagnostics on its skills, agents, commands and output
 * styles kept to at most `perFile` per entry and `total` in all (20 and 1,000 by default), in the
 * result's order, so a repository of thousands of broken files does not flood the output. Nothing is
 * dropped silently: an entry with more than its share ends with one `diagnostics-capped` info saying
 * how many of its own were left out, and a root whose entries lost diagnostics to the total gets
 * one saying how many, each naming how to see them all. Entries are all kept; the roots' own,
 * settings and rule diagnostics are already capped where they are read. Returns a new result; the
 * one given is not changed. A result within the caps is returned as it is.
 */
export function capInventoryDiagnostics(
  result: InventoryResult,
  limits: DiagnosticLimits = diagnosticLimits,
): InventoryResult {
  let shown = 0;
  let changed = false;
  const capEntry = <Entry extends { path: string; diagnostics: Diagnostic[] }>(
    entry: Entry,
    leftOutOfRoot: { count: number },
  ): Entry => {
    const counted = entry.diagnostics;
    const own = Math.min(counted.length, limits.perFile);
    const kept = Math.min(own, Math.max(0, limits.total - shown));
    shown += kept;
    leftOutOfRoot.count += own - kept;
    if (kept === counted.length) return entry;
    changed = true;
    const diagnostics = counted.slice(0, kept);
    const overShare = counted.length - own;
    if (kept > 0 && overShare > 0)
      diagnostics.push({
        severity: 'info',
        code: 'diagnostics-capped',
        message: `${more(overShare)} of this file left out (at most ${limits.perFile.toLocaleString('en-US')} per file are shown; ${allInventoryDiagnosticsHint}).`,
        path: entry.path,
      });
    else leftOutOfRoot.count += overShare;
    return { ...entry, diagnostics };
  };
  const roots = result.roots.map((root): InventoryRoot => {
    const leftOut = { count: 0 };
    const capped: InventoryRoot = {
      ...root,
      skills: root.skills.map((entry) => capEntry(entry, leftOut)),
      agents: root.agents.map((entry) => capEntry(entry, leftOut)),
      commands: root.commands.map((entry) => capEntry(entry, leftOut)),
      ...(root.outputStyles === undefined
        ? {}
        : { outputStyles: root.outputStyles.map((entry) => capEntry(entry, leftOut)) }),
    };
    if (leftOut.count === 0) return capped;
    const line: Diagnostic = {
      severity: 'info',
      code: 'diagnostics-capped',
      message: `${more(leftOut.count)} of the skills, agents, commands and output styles of ${root.root} left out (at most ${limits.total.toLocaleString('en-US')} are shown at once; ${allInventoryDiagnosticsHint}).`,
    };
    return { ...capped, diagnostics: [...root.diagnostics, line] };
  });
  return changed ? { ...result, roots } : result;
}

const more = (count: number) =>
  `${count.toLocaleString('en-US')} more ${count === 1 ? 'diagnostic' : 'diagnostics'}`;
