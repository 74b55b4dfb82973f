import { cutWithEllipsis } from '../text/cut-text.js';
import { isValidSkillName } from './check-asset-fields.js';
import { inventoryDefaults } from './inventory-defaults.js';
import type { InventoryResult } from './inventory-result.js';

/** One skill as the catalog lists it. */
export interface CatalogSkill {
  name: string;
  /** Shown collapsed to one line; `null` or empty: the skill is listed without a description. */
  description: string | null;
  /** Where the skill lives: the label of its `SKILL.md`. */
  location: string;
}

/** Options of {@link renderSkillsCatalog}. */
export interface SkillsCatalogOptions {
  /** Budget for the whole catalog text, in UTF-16 characters (as `string.length` counts). Default 8,000. */
  maxChars?: number;
  /** The line before the list, saying how to use a skill. Default: read the skill's file before using it. */
  lead?: string;
  /** Named in the note on dropped skills, so the model knows how to see them. Default: no tool named. */
  toolName?: string;
}

/** Result of {@link renderSkillsCatalog}. */
export interface SkillsCatalog {
  /** The catalog, or `''` when there is no skill to list or not even one fits. */
  text: string;
  /** Skills listed. */
  listed: number;
  /** Descriptions shortened to fit the budget. */
  shortened: number;
  /** Skills left out because the budget could not hold them even without descriptions. */
  omitted: number;
}

/** The default lead line: for a catalog without a tool that loads skills. */
export const skillsCatalogLead =
  "Skills this repository defines. Read a skill's file (its location) before using it.";

/**
 * Render a catalog of skills in the shape the Agent Skills integration guide recommends, one skill per
 * line, in the order given:
 *
 * ```text
 * LEAD
 * <available_skills>
 * <skill><name>pdf</name><description>Fill PDF forms.</description><location>.claude/skills/pdf/SKILL.md</location></skill>
 * </available_skills>
 * ```
 *
 * Over `maxChars` (default 8,000), every description is cut to the same, largest length that fits
 * (cuts end with `…`); only when the names and locations alone do not fit are skills dropped, from
 * the end, with a final `[N more skills ...]` line. `&`, `<` and `>` are escaped. The result depends
 * only on the skills and the options, never on usage, so the prompt prefix stays stable between runs.
 */
export function renderSkillsCatalog(
  skills: readonly CatalogSkill[],
  options: SkillsCatalogOptions = {},
): SkillsCatalog {
  const maxChars = options.maxChars ?? inventoryDefaults.catalogMaxChars;
  const lead = options.lead ?? skillsCatalogLead;
  const empty = { text: '', listed: 0, shortened: 0, omitted: skills.length };
  if (skills.length === 0) return empty;

  const descriptions = skills.map((skill) => collapse(skill.description ?? ''));
  const lengths = descriptions.map((text) => Array.from(text).length);
  const longest = Math.max(...lengths);
  const render = (cap: number, count: number, omitted: number) => {
    const lines = skills.slice(0, count).map((skill, index) => {
      const description = cutWithEllipsis(descriptions[index] ?? '', cap);
      const shown =
        description === '' || cap === 0 ? '' : `<description>${escapeMarkup(description)}</description>`;
      return `<skill><name>${escapeMarkup(skill.name)}</name>${shown}<location>${escapeMarkup(skill.location)}</location></skill>`;
    });
    const note = omitted > 0 ? [omittedNote(omitted, options.toolName)] : [];
    return [lead, '<available_skills>', ...lines, '</available_skills>', ...note].join('\n');
  };
  const shortenedAt = (cap: number) => lengths.filter((length) => length > cap).length;

  const full = render(longest, skills.length, 0);
  if (full.length <= maxChars) return { text: full, listed: skills.length, shortened: 0, omitted: 0 };
  if (render(0, skills.length, 0).length <= maxChars) {
    const cap = largestFitting(
      0,
      longest,
      (candidate) => render(candidate, skills.length, 0).length <= maxChars,
    );
    return {
      text: render(cap, skills.length, 0),
      listed: skills.length,
      shortened: shortenedAt(cap),
      omitted: 0,
    };
  }
  // Names and locations alone are over budget: keep the longest run of skills from the start that fits.
  const count = largestFitting(0, skills.length - 1, (candidate) => {
    return candidate === 0 || render(0, candidate, skills.length - candidate).length <= maxChars;
  });
  if (count > 0) {
    const shortened = descriptions.slice(0, count).filter((text) => text.length > 0).length;
    return {
      text: render(0, count, skills.length - count),
      listed: count,
      shortened,
      omitted: skills.length - count,
    };
  }
  return empty;
}

/** A skill an inventory's catalog leaves out, and why (a sentence for a `skipped` event). */
export interface CatalogExclusion {
  path: string;
  message: string;
}

/**
 * The skills of an inventory a catalog lists, in scan order: skills with a name, leaving out those
 * whose name an earlier one already has (`duplicateOf`), and, each pushed to `excluded` with its
 * reason, a skill whose name breaks the Agent Skills naming rule (`isValidSkillName`), one without a
 * description (the specification's client guide: skip it) and one that says
 * `disable-model-invocation: true` (only the user invokes it).
 */
export function inventoryCatalogSkills(
  result: InventoryResult,
  excluded: CatalogExclusion[] = [],
): CatalogSkill[] {
  const listed: CatalogSkill[] = [];
  for (const skill of result.roots.flatMap((root) => root.skills)) {
    if (skill.name === null || skill.duplicateOf !== null) continue;
    const reason = !isValidSkillName(skill.name)
      ? `its name "${skill.name}" breaks the Agent Skills naming rule`
      : skill.description === null || skill.description.trim() === ''
        ? 'it has no `description`, which the model needs to choose it'
        : isTrue(skill.attributes['disable-model-invocation'])
          ? '`disable-model-invocation: true` (only the user invokes it)'
          : undefined;
    if (reason === undefined)
      listed.push({ name: skill.name, description: skill.description, location: skill.path });
    else
      excluded.push({ path: skill.path, message: `Skill ${skill.path} is not in the catalog: ${reason}.` });
  }
  return listed;
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** The largest value in `[lowest, highest]` that `fits`, assuming `fits` holds up to some value and fails after; `lowest` when none fits. */
function largestFitting(lowest: number, highest: number, fits: (value: number) => boolean): number {
  let low = lowest;
  let high = highest;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

function omittedNote(omitted: number, toolName: string | undefined): string {
  const more = `${omitted} more skill${omitted === 1 ? '' : 's'}`;
  return toolName ? `[${more}: call ${toolName} to see them all]` : `[${more} not shown]`;
}

/** One line per skill: newlines and runs of spaces in a description become single spaces. */
function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
