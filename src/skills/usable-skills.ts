import type { InventoryResult, InventorySkill } from '../inventory/inventory-result.js';
import { compareCodePoints } from '../workspace/paths.js';

/** A skill the agent can load: listed in the catalog, found by `load_skill`. */
export interface UsableSkill {
  name: string;
  /** `description` from the frontmatter; `null` when missing (the skill is still usable). */
  description: string | null;
  /** Label of its `SKILL.md`, e.g. `.claude/skills/pdf/SKILL.md`. */
  path: string;
  /** Label of its folder, e.g. `.claude/skills/pdf`: relative paths in the body start here. */
  directory: string;
  /** Every other frontmatter key as parsed (`allowed-tools`, `compatibility`, `license`...). */
  attributes: Record<string, unknown>;
}

/** A skill left out of the catalog, and why (a sentence for the `skipped` event). */
export interface SkippedSkill {
  path: string;
  message: string;
}

/** Result of {@link selectUsableSkills}. */
export interface SkillSelection {
  skills: UsableSkill[];
  skipped: SkippedSkill[];
}

/**
 * Longest skill name `load_skill` takes (its schema says so); a skill with a longer name is skipped.
 * The Agent Skills limit is 64; longer names are only warned about up to this one.
 */
export const MAXIMUM_SKILL_NAME_LENGTH = 128;

/**
 * The skills of one or more inventories an agent may use, in catalog order: inventories in the order
 * given, roots in each inventory's order (nearest first), then by name (then path) within a root.
 *
 * Left out, each with a reason: a skill with an `error` diagnostic (unreadable, binary, broken
 * frontmatter), a skill without a name or with one over {@link MAXIMUM_SKILL_NAME_LENGTH}
 * characters, and a skill whose name an earlier usable skill already has
 * (the nearer one shadows it). Warnings, such as a name that breaks the Agent Skills naming rules,
 * do not exclude a skill.
 */
export function selectUsableSkills(inventories: readonly InventoryResult[]): SkillSelection {
  const skills: UsableSkill[] = [];
  const skipped: SkippedSkill[] = [];
  const byName = new Map<string, UsableSkill>();
  for (const result of inventories) {
    for (const root of result.roots) {
      for (const skill of [...root.skills].sort(byNameThenPath)) {
        const error = skill.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
        if (error) {
          skipped.push({ path: skill.path, message: `Skill ${skill.path} skipped: ${error.message}` });
          continue;
        }
        if (skill.name === null) {
          const message = `Skill ${skill.path} skipped: it has no \`name\` in its frontmatter.`;
          skipped.push({ path: skill.path, message });
          continue;
        }
        if (skill.name.length > MAXIMUM_SKILL_NAME_LENGTH) {
          const message = `Skill ${skill.path} skipped: its name is ${skill.name.length} characters; \`load_skill\` takes at most ${MAXIMUM_SKILL_NAME_LENGTH}.`;
          skipped.push({ path: skill.path, message });
          continue;
        }
        const nearer = byName.get(skill.name);
        if (nearer) {
          const message = `Skill ${skill.path} skipped: the skill "${skill.name}" of ${nearer.path} shadows it.`;
          skipped.push({ path: skill.path, message });
          continue;
        }
        const usable: UsableSkill = {
          name: skill.name,
          description: skill.description,
          path: skill.path,
          directory: skill.directory,
          attributes: skill.attributes,
        };
        byName.set(skill.name, usable);
        skills.push(usable);
      }
    }
  }
  return { skills, skipped };
}

function byNameThenPath(left: InventorySkill, right: InventorySkill): number {
  return compareCodePoints(left.name ?? '', right.name ?? '') || compareCodePoints(left.path, right.path);
}
