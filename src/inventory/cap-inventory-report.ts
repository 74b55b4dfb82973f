import { type DiagnosticLimits, diagnosticLimits } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import type { InventoryResult, InventoryRoot } from './inventory-result.js';

/** Where the inventory's output says how to see everything it left out. */
export const uncappedInventoryHint =
  '`agent-context inventory --uncapped` lists every one, as `scanInventory()` returns them';

/** Paths a skill's `alsoIn` keeps in a report. */
export const maxAlsoInShown = 20;

/**
 * The inventory as a report shows it: the diagnostics on its skills, agents, commands and output
 * styles kept to at most `perFile` per entry and `total` in all (20 and 1,000 by default), in the
 * result's order, so a repository of thousands of broken files does not flood the output. Nothing is
 * dropped silently: an entry with more than its share ends with one `diagnostics-capped` info saying
 * how many of its own were left out, and a root whose entries lost diagnostics to the total gets
 * one saying how many, each naming how to see them all. A skill's `alsoIn` keeps its first 20
 * paths (thousands of skills of one name would list each other quadratically), and a root whose
 * skills lost paths gets one `also-in-capped` info counting them. Entries are all kept; the roots'
 * own, settings and rule diagnostics are already capped where they are read. Returns a new result;
 * the one given is not changed. A result within the caps is returned as it is.
 */
export function capInventoryReport(
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
        message: `${more(overShare)} of this file left out (at most ${limits.perFile.toLocaleString('en-US')} per file are shown; ${uncappedInventoryHint}).`,
        path: entry.path,
      });
    else leftOutOfRoot.count += overShare;
    return { ...entry, diagnostics };
  };
  const roots = result.roots.map((root): InventoryRoot => {
    const leftOut = { count: 0 };
    let pathsLeftOut = 0;
    const capped: InventoryRoot = {
      ...root,
      skills: root.skills.map((entry) => {
        const skill = capEntry(entry, leftOut);
        if (skill.alsoIn.length <= maxAlsoInShown) return skill;
        changed = true;
        pathsLeftOut += skill.alsoIn.length - maxAlsoInShown;
        return { ...skill, alsoIn: skill.alsoIn.slice(0, maxAlsoInShown) };
      }),
      agents: root.agents.map((entry) => capEntry(entry, leftOut)),
      commands: root.commands.map((entry) => capEntry(entry, leftOut)),
      ...(root.outputStyles === undefined
        ? {}
        : { outputStyles: root.outputStyles.map((entry) => capEntry(entry, leftOut)) }),
    };
    const lines: Diagnostic[] = [];
    if (leftOut.count > 0)
      lines.push({
        severity: 'info',
        code: 'diagnostics-capped',
        message: `${more(leftOut.count)} of the skills, agents, commands and output styles of ${root.root} left out (at most ${limits.total.toLocaleString('en-US')} are shown at once; ${uncappedInventoryHint}).`,
      });
    if (pathsLeftOut > 0)
      lines.push({
        severity: 'info',
        code: 'also-in-capped',
        message: `${pathsLeftOut.toLocaleString('en-US')} more ${pathsLeftOut === 1 ? 'path' : 'paths'} of the skills' \`alsoIn\` in ${root.root} left out (at most ${maxAlsoInShown} per skill are shown; ${uncappedInventoryHint}).`,
      });
    return lines.length === 0 ? capped : { ...capped, diagnostics: [...root.diagnostics, ...lines] };
  });
  return changed ? { ...result, roots } : result;
}

const more = (count: number) =>
  `${count.toLocaleString('en-US')} more ${count === 1 ? 'diagnostic' : 'diagnostics'}`;
