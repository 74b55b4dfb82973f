import { isValidSkillName } from '../inventory/check-asset-fields.js';
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
  /** False when the frontmatter says `disable-model-invocation: true`: only the user invokes it, as `/name`. */
  modelInvocable: boolean;
  /** False when the frontmatter says `user-invocable: false`: not a `/name` command. */
  userInvocable: boolean;
  /**
   * The `paths` globs (a list, or one comma-separated text): the skill is offered when a matching file
   * is touched, not in the run-start catalog. `[]` when none.
   */
  paths: string[];
  /** `argument-hint`, shown with commands; `null` when none. */
  argumentHint: string | null;
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
export const maximumSkillNameLength = 128;

/**
 * The skills of one or more inventories an agent may use, in catalog order: inventories in the order
 * given, roots in each inventory's order (nearest first), then by name (then path) within a root.
 *
 * Left out, each with a reason: a skill with an `error` diagnostic (unreadable, binary, broken
 * frontmatter), a skill without a name, a skill whose name breaks the Agent Skills naming rule (see
 * `isValidSkillName`: no assistant would load it under that name), and a skill whose name an earlier
 * usable skill already has (the nearer one shadows it). Other warnings (a name that differs from its
 * folder, a long description) do not exclude a skill. Whether a usable skill is in the model's
 * catalog (description, `disable-model-invocation`, `paths`) is the caller's choice.
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
        if (!isValidSkillName(skill.name)) {
          const message = `Skill ${skill.path} skipped: its name "${skill.name}" breaks the Agent Skills naming rule (lowercase letters, digits and single hyphens, at most 64 characters).`;
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
          modelInvocable: readFlag(skill.attributes['disable-model-invocation']) !== true,
          userInvocable: readFlag(skill.attributes['user-invocable']) !== false,
          paths: readGlobs(skill.attributes.paths),
          argumentHint: readText(skill.attributes['argument-hint']),
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

/** A YAML boolean, or the text `true` / `false` (any case) as a lenient read gives it; else `undefined`. */
export function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** Globs as a list, or one text of comma-separated globs; blank entries dropped. */
export function readGlobs(value: unknown): string[] {
  const entries = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return entries
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A non-blank text (numbers as written in YAML are read by their value), else `null`. */
function readText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
