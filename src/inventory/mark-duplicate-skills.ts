import type { InventoryRoot, InventorySkill } from './inventory-result.js';

/**
 * Mark skills that share a name, across roots and within one, in scan order (roots in the configured
 * order, paths sorted): the first keeps `duplicateOf: null`, each later one points at the first, and
 * every one lists the others in `alsoIn`. Later ones get an `info` diagnostic: the same skill in
 * `.claude` and `.agents` is common and not an error, but a tool reading both sees it twice.
 */
export function markDuplicateSkills(roots: InventoryRoot[]): void {
  const byName = new Map<string, InventorySkill[]>();
  for (const root of roots) {
    for (const skill of root.skills) {
      if (skill.name === null) continue;
      const group = byName.get(skill.name);
      if (group) group.push(skill);
      else byName.set(skill.name, [skill]);
    }
  }
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    const first = group[0]!;
    for (const skill of group) {
      skill.alsoIn = group.filter((other) => other !== skill).map((other) => other.path);
      if (skill === first) continue;
      skill.duplicateOf = first.path;
      skill.diagnostics.push({
        severity: 'info',
        code: 'duplicate-skill-name',
        message: `The skill name "${name}" is also defined in ${first.path}.`,
        path: skill.path,
      });
    }
  }
}
