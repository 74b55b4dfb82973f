import type { BundledFiles } from './list-bundled-files.js';
import type { UsableSkill } from './usable-skills.js';

/** Bundled files listed by name in a loaded skill; the rest are counted. */
export const maxListedBundledFiles = 100;

/** How the model reads a skill's bundled files. */
export type BundledFileAccess =
  /** With `read_file` and the workspace path (`DIRECTORY/FILE`): the skill lives in the workspace. */
  | { tool: 'read_file' }
  /** With the loading tool and its `file` argument: the skill lives outside the workspace (user level). */
  | { tool: 'load_skill'; toolName: string };

/**
 * A loaded skill as the model sees it: a short header (the skill's folder, its `allowed-tools` and
 * `compatibility` when given, its bundled files relative to the folder, at most 100 then a count, and
 * how to read them), a blank line, then the body of `SKILL.md` without its frontmatter.
 *
 * @example
 * [skill pdf from .claude/skills/pdf]
 * Relative paths in this skill are relative to .claude/skills/pdf. Read a bundled file with read_file and the folder in front, e.g. read_file({"path":".claude/skills/pdf/forms.md"}).
 * allowed-tools (declared by the skill, not enforced): Read Bash
 * Bundled files (1):
 * - forms.md
 *
 * # PDF forms ...
 */
export function renderLoadedSkill(
  skill: UsableSkill,
  body: string,
  bundled: BundledFiles,
  access: BundledFileAccess,
): string {
  const lines = [`[skill ${skill.name} from ${skill.directory}]`];
  const example = bundled.files[0];
  const relative = `Relative paths in this skill are relative to ${skill.directory}`;
  if (example === undefined) lines.push(`${relative}.`);
  else if (access.tool === 'read_file') {
    const call = JSON.stringify({ path: `${skill.directory}/${example}` });
    lines.push(
      `${relative}. Read a bundled file with read_file and the folder in front, e.g. read_file(${call}).`,
    );
  } else {
    const call = JSON.stringify({ name: skill.name, file: example });
    lines.push(
      `${relative}, which is outside the workspace. Read a bundled file with ${access.toolName} and its relative path, e.g. ${access.toolName}(${call}).`,
    );
  }
  const allowedTools = attributeText(skill.attributes['allowed-tools']);
  if (allowedTools) lines.push(`allowed-tools (declared by the skill, not enforced): ${allowedTools}`);
  const compatibility = attributeText(skill.attributes.compatibility);
  if (compatibility) lines.push(`compatibility: ${compatibility}`);
  const total = bundled.complete
    ? `${bundled.files.length}`
    : `${bundled.files.length} found, listing incomplete`;
  if (bundled.files.length === 0)
    lines.push(bundled.complete ? 'Bundled files: none.' : `Bundled files: none found (listing incomplete).`);
  else {
    lines.push(`Bundled files (${total}):`);
    for (const file of bundled.files.slice(0, maxListedBundledFiles)) lines.push(`- ${file}`);
    const more = bundled.files.length - maxListedBundledFiles;
    if (more > 0) lines.push(`[${more} more file${more === 1 ? '' : 's'} not listed]`);
  }
  return `${lines.join('\n')}\n\n${body}`;
}

/** A frontmatter value as one line: strings collapsed, lists joined with spaces, anything else as JSON. */
function attributeText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (Array.isArray(value))
    return (
      value
        .map((item) => attributeText(item) ?? '')
        .join(' ')
        .trim() || undefined
    );
  return JSON.stringify(value);
}
