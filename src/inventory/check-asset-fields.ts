import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Diagnostic } from '../diagnostics.js';

/** The fields {@link checkAssetFields} read out of a frontmatter mapping. */
export interface CheckedAssetFields {
  name: string | null;
  description: string | null;
  /** Every key but `name` and `description`, values untouched. */
  attributes: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

/** Options of {@link checkAssetFields}. */
export interface CheckAssetFieldsOptions {
  /** The file's label, put on every diagnostic. */
  label: string;
  /**
   * For a skill: its folder name, which `name` must equal. Omit for agents (their file name is free).
   * Default: none (the name is not compared).
   */
  folderName?: string;
  /** `'skill'` or `'agent'`, used in messages. */
  kind: 'skill' | 'agent';
  /**
   * The name to use when the frontmatter gives none, with no `missing-name` warning: an agent file's
   * name without `.md` or `.agent.md`, the way OpenCode and Copilot name agents and the way
   * `loadAgentDefinitions` names every agent. Default: none (a missing name is warned about).
   */
  nameWhenMissing?: string;
  /** Report a missing `name` or `description`. Default `true`; off when the frontmatter was broken (already reported). */
  requireFields?: boolean;
  /**
   * The text as written of values YAML read as numbers or booleans (`ParsedFrontmatter.written`):
   * `name`, `description` and `compatibility` are read as that text (`name: 123` is the name `123`).
   * Default: none (the parsed values are used as they are).
   */
  written?: Record<string, string>;
}

/** Agent Skills limit on `name`, in characters. */
export const maxNameLength = 64;
/** Agent Skills limit on a skill's `description`, in characters (sub-agent descriptions have none). */
export const maxDescriptionLength = 1024;
/** Agent Skills limit on `compatibility`, in characters. */
export const maxCompatibilityLength = 500;

// Letters and digits (any script) in hyphen-separated runs: no leading, trailing or double hyphen.
// Lowercase is checked apart (a letter without case, such as 名, is allowed), as the specification's
// own validator does.
const namePattern = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/**
 * True when `name` follows the Agent Skills naming rule as the specification's validator reads it:
 * 1-64 characters (after NFKC normalisation), letters and digits of any script in lowercase, single
 * hyphens between them, none at either end. `pdf-tools`, `café`, `数据` pass; `PDF`, `a_b`, `-a` fail.
 */
export function isValidSkillName(name: string): boolean {
  const normalized = name.normalize('NFKC');
  return (
    [...normalized].length <= maxNameLength &&
    namePattern.test(normalized) &&
    normalized.toLowerCase() === normalized
  );
}

/**
 * Read `name` and `description` from frontmatter data and check them against the Agent Skills rules:
 * `name` 1-64 characters of lowercase letters (any script), digits and hyphens, no leading, trailing
 * or double hyphen (see {@link isValidSkillName}), equal to the skill's folder name; `description`
 * not empty, and for a skill 1-1,024 characters (a sub-agent's description has no limit); for a skill, `compatibility` 1-500 characters when given. Values are read as
 * the text written (`name: 123` is `123`). Lengths count Unicode code points. Each broken rule is a
 * `warning` on the entry (it is still listed); nothing throws.
 */
export function checkAssetFields(
  data: Record<string, unknown>,
  options: CheckAssetFieldsOptions,
): CheckedAssetFields {
  const { label, kind } = options;
  const requireFields = options.requireFields ?? true;
  const diagnostics: Diagnostic[] = [];
  const warn = (code: DiagnosticCode, message: string) =>
    diagnostics.push({ severity: 'warning', code, message, path: label });
  const text = (key: string): unknown => options.written?.[key] ?? data[key];
  const attributes = Object.fromEntries(
    Object.entries(data).filter(([key]) => key !== 'name' && key !== 'description'),
  );
  const rawName = text('name');
  const rawDescription = text('description');

  let name: string | null = null;
  if ((rawName === undefined || rawName === null) && options.nameWhenMissing !== undefined) {
    name = options.nameWhenMissing;
  } else if (rawName === undefined || rawName === null) {
    if (requireFields) warn('missing-name', `The ${kind} has no \`name\` in its frontmatter.`);
  } else if (typeof rawName !== 'string') {
    warn('invalid-name', `The ${kind} \`name\` must be a string, not ${describeType(rawName)}.`);
  } else {
    name = rawName;
    const length = [...rawName].length;
    if (length === 0) {
      warn('invalid-name', `The ${kind} \`name\` is empty.`);
    } else if (length > maxNameLength) {
      warn('name-too-long', `The ${kind} name is ${length} characters; the limit is ${maxNameLength}.`);
    }
    if (length > 0 && !namePattern.test(rawName.normalize('NFKC'))) {
      warn(
        'invalid-name',
        `The ${kind} name "${rawName}" must use lowercase letters, digits and single hyphens, not at the start or end.`,
      );
    } else if (length > 0 && rawName.normalize('NFKC').toLowerCase() !== rawName.normalize('NFKC')) {
      warn('invalid-name', `The ${kind} name "${rawName}" must be lowercase.`);
    }
    if (
      options.folderName !== undefined &&
      rawName.normalize('NFKC') !== options.folderName.normalize('NFKC')
    ) {
      warn(
        'name-folder-mismatch',
        `The ${kind} name "${rawName}" does not match its folder "${options.folderName}"; rename one of them.`,
      );
    }
  }

  let description: string | null = null;
  if (rawDescription === undefined || rawDescription === null) {
    if (requireFields) warn('missing-description', `The ${kind} has no \`description\` in its frontmatter.`);
  } else if (typeof rawDescription !== 'string') {
    warn(
      'invalid-description',
      `The ${kind} \`description\` must be a string, not ${describeType(rawDescription)}.`,
    );
  } else {
    description = rawDescription;
    const length = [...rawDescription].length;
    if (rawDescription.trim() === '') {
      warn('invalid-description', `The ${kind} \`description\` is empty.`);
    } else if (kind === 'skill' && length > maxDescriptionLength) {
      // The skills specification's limit; sub-agent formats set none.
      warn(
        'description-too-long',
        `The ${kind} description is ${length} characters; the limit is ${maxDescriptionLength}.`,
      );
    }
  }
  const compatibility = text('compatibility');
  if (kind === 'skill' && compatibility !== undefined && compatibility !== null) {
    if (typeof compatibility !== 'string') {
      warn(
        'invalid-compatibility',
        `The skill \`compatibility\` must be a string, not ${describeType(compatibility)}.`,
      );
    } else if (compatibility.trim() === '') {
      warn(
        'invalid-compatibility',
        'The skill `compatibility` is empty; give 1-500 characters or leave it out.',
      );
    } else if ([...compatibility].length > maxCompatibilityLength) {
      warn(
        'compatibility-too-long',
        `The skill compatibility is ${[...compatibility].length} characters; the limit is ${maxCompatibilityLength}.`,
      );
    }
  }
  return { name, description, attributes, diagnostics };
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}
