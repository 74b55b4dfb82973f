import type { InventorySkill } from './inventory-result.js';
import type { ScannedRoot } from './scanned-root.js';

/**
 * Mark skills that share a name, in scan order (nearest directory first, roots in the configured
 * order, paths sorted); the first of a name wins and every one lists the others in `alsoIn`.
 * - A later skill of a farther directory is shadowed: `shadowedBy` names the winner, with an `info`
 *   (`skill-shadowed`): the assistants load the nearer one.
 * - A later skill of the same directory is a duplicate: `duplicateOf` names the winner, with an
 *   `info` (`duplicate-skill-name`): the same skill in `.claude` and `.agents` is common and not an
 *   error, but a tool reading both sees it twice.
 * Plugin skills are compared only with skills of the same plugin (assistants namespace them).
 */
export function markDuplicateSkills(roots: ScannedRoot[]): void {
  const byName = new Map<string, { skill: InventorySkill; level: number }[]>();
  for (const { place, result } of roots) {
    for (const skill of result.skills) {
      if (skill.name === null) continue;
      const key = `${place.plugin ?? ''}\0${skill.name}`;
      const group = byName.get(key);
      if (group) group.push({ skill, level: place.level });
      else byName.set(key, [{ skill, level: place.level }]);
    }
  }
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const first = group[0]!;
    for (const { skill, level } of group) {
      skill.alsoIn = group.filter((other) => other.skill !== skill).map((other) => other.skill.path);
      if (skill === first.skill) continue;
      if (level > first.level) {
        skill.shadowedBy = first.skill.path;
        skill.diagnostics.push({
          severity: 'info',
          code: 'skill-shadowed',
          message: `The skill "${skill.name}" of ${first.skill.path}, in a nearer directory, is the one loaded; this one is shadowed.`,
          path: skill.path,
        });
      } else {
        skill.duplicateOf = first.skill.path;
        skill.diagnostics.push({
          severity: 'info',
          code: 'duplicate-skill-name',
          message: `The skill name "${skill.name}" is also defined in ${first.skill.path}.`,
          path: skill.path,
        });
      }
    }
  }
}
