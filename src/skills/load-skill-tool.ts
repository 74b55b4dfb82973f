import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import type { Run, ToolDefinition } from '../session/capability.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { omittedBytes, truncationMarker } from '../text/cut-text.js';
import { toolError } from '../tools/tool-error.js';
import { isInside } from '../workspace/paths.js';
import { prefetchWorkspace } from '../workspace/prefetch-workspace.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { closestNames } from './closest-names.js';
import { bundledSkippedDirectories, defaultBundledDepth, listBundledFiles } from './list-bundled-files.js';
import { renderLoadedSkill } from './render-skill.js';
import { skillsDefaults } from './skills-defaults.js';
import { maximumSkillNameLength, type UsableSkill } from './usable-skills.js';

/** Bytes of a `SKILL.md` (or a bundled file through `file`) returned at most. */
export const maxSkillFileBytes = 256 * 1024;

/** A usable skill and where to read it. */
export interface LoadableSkill {
  skill: UsableSkill;
  /** The workspace its files are read through: the session's, or the user-level one. */
  workspace: Workspace;
  /** Its folder as `workspace` takes it. */
  directory: string;
  /** True when the session's file tools can read it (the skill is in the session's workspace). */
  inWorkspace: boolean;
  /**
   * Set for a project command the assistant offers with its skills (Claude Code's `.claude/commands`):
   * the command file `load_skill` reads (as the workspace takes it), in place of `DIRECTORY/SKILL.md`;
   * it has no folder of its own, so no bundled files.
   */
  commandFile?: string;
}

/** Options of {@link loadSkillTool}. */
export interface LoadSkillToolOptions {
  /** The tool's name. Default `load_skill`. */
  toolName?: string;
  /** Offer the `file` argument, for skills outside the workspace. Default `false`. */
  file?: boolean;
  /** Emit the `loaded` event of a skill. */
  onLoaded?(skill: LoadableSkill, run: Run, callId: string): void;
}

const nameInput = zodSchemaOnFirstUse((z) =>
  z.object({
    name: z
      .string()
      .min(1)
      .max(maximumSkillNameLength)
      .describe('The skill name, exactly as the catalog lists it.'),
  }),
);
const fileInput = zodSchemaOnFirstUse((z) =>
  nameInput().extend({
    file: z
      .string()
      .min(1)
      .optional()
      .describe('Instead of the instructions: a bundled file of a user-level skill, relative to its folder.'),
  }),
);

/**
 * `load_skill({ name })`: the instructions of one skill of the run's catalog (`skillsOf(run)`, fixed
 * for the run, so a call reads one `SKILL.md` and lists one folder, and never scans again).
 * Returns the body of its `SKILL.md` without frontmatter, after a header made by `renderLoadedSkill`.
 * A skill in the workspace counts as a touch of its folder, so its nested instructions apply; the
 * touch's reads join the tool's own request (`context.prefetch`).
 * An unknown name is a tool error that lists the closest names.
 */
export function loadSkillTool(
  skillsOf: (run: Run) => Promise<readonly LoadableSkill[]>,
  options: LoadSkillToolOptions = {},
): ToolDefinition<{ name: string; file?: string }, string> {
  const toolName = options.toolName ?? skillsDefaults.toolName;
  return {
    name: toolName,
    description:
      "Load a skill's instructions by name (the names are in <available_skills>). Returns its SKILL.md " +
      'body after a header listing the files the skill bundles and how to read them. Load a skill before ' +
      'doing a task its description matches.',
    inputSchema: options.file ? fileInput() : nameInput(),
    async execute(input, context) {
      const skills = await skillsOf(context.run);
      const found = skills.find((entry) => entry.skill.name === input.name);
      if (!found) throw new Error(unknownSkill(input.name, skills));
      const { skill, directory } = found;
      if (found.commandFile !== undefined) {
        const text = await loadCommandText(found, found.commandFile);
        options.onLoaded?.(found, context.run, context.callId);
        return text;
      }
      if (options.file && input.file !== undefined) return readBundledFile(found, input.file);
      const folder = {
        path: directory,
        depth: defaultBundledDepth + 1,
        skip: [...bundledSkippedDirectories],
        read: { maxBytes: maxSkillFileBytes, endings: ['SKILL.md'] },
      };
      // A skill in the workspace is a touch of its folder, reported first: the SKILL.md, the
      // folder's listing and what the touch reads (nested instructions of the new folder) go in one
      // request, one round trip on a sandbox. The touch counts only if the call succeeds.
      if (found.inWorkspace) context.touch?.(skill.directory, 'directory');
      const workspace =
        found.inWorkspace && context.prefetch !== undefined && found.workspace === context.run.workspace
          ? await context.prefetch([folder])
          : await prefetchWorkspace(found.workspace, [folder]);

      let file: Awaited<ReturnType<typeof readTextFile>>;
      try {
        file = await readTextFile(workspace, `${directory}/SKILL.md`, { maxBytes: maxSkillFileBytes });
      } catch (error) {
        throw toolError(error, skill.path);
      }
      if (file.binary) throw new Error(`${skill.path} is now a binary file; the skill cannot be loaded.`);
      const cut = file.truncated
        ? `\n\n${truncationMarker(skill.path, omittedBytes(file.size, file.text))}`
        : '';
      const body = parseFrontmatter(file.text, skill.path)
        .body.replace(/^(?:[ \t]*\r?\n)+/, '')
        .trimEnd();
      // Outside the workspace only load_skill can read a bundled file: list only those it will read.
      const bundled = await listBundledFiles(workspace, directory, { withinFolder: !found.inWorkspace });
      options.onLoaded?.(found, context.run, context.callId);
      return renderLoadedSkill(
        skill,
        body + cut,
        bundled,
        found.inWorkspace ? { tool: 'read_file' } : { tool: 'load_skill', toolName },
      );
    },
  };
}

/**
 * A project command offered as a skill, as `load_skill` gives it: a header naming the command and its
 * file, then its template without frontmatter (its `$ARGUMENTS` and other placeholders as written:
 * the model fills them in as it follows the command).
 */
async function loadCommandText(found: LoadableSkill, file: string): Promise<string> {
  let read: Awaited<ReturnType<typeof readTextFile>>;
  try {
    read = await readTextFile(found.workspace, file, { maxBytes: maxSkillFileBytes });
  } catch (error) {
    throw toolError(error, found.skill.path);
  }
  if (read.binary) throw new Error(`${found.skill.path} is now a binary file; the command cannot be loaded.`);
  const cut = read.truncated
    ? `\n\n${truncationMarker(found.skill.path, omittedBytes(read.size, read.text))}`
    : '';
  const body = parseFrontmatter(read.text, found.skill.path)
    .body.replace(/^(?:[ \t]*\r?\n)+/, '')
    .trimEnd();
  return `[command /${found.skill.name} from ${found.skill.path}]\n\n${body}${cut}`;
}

/**
 * A bundled file of a skill, read through the skill's own workspace; never outside the skill folder,
 * by name or by real path: a link inside the folder to a file elsewhere (`key.txt ->
 * ../../../.ssh/id_rsa` in a user-level skill, whose workspace is the whole home directory) is
 * refused. The file read is the real path checked, so a link swapped in afterwards is not followed.
 */
async function readBundledFile(found: LoadableSkill, file: string): Promise<string> {
  const { skill, workspace, directory } = found;
  const shown = `${skill.directory}/${file}`;
  const outside = () =>
    new Error(`${JSON.stringify(file)} is outside the folder of the skill "${skill.name}".`);
  let real: string;
  try {
    const absolute = workspace.resolve(`${directory}/${file}`);
    if (!isInside(workspace.resolve(directory), absolute)) throw outside();
    const folder = await workspace.realpath(directory);
    real = await workspace.realpath(absolute);
    if (!isInside(folder, real)) throw outside();
  } catch (error) {
    throw toolError(error, shown);
  }
  let read: Awaited<ReturnType<typeof readTextFile>>;
  try {
    read = await readTextFile(workspace, real, { maxBytes: maxSkillFileBytes });
  } catch (error) {
    throw toolError(error, shown);
  }
  if (read.binary) throw new Error(`${shown} is a binary file; only text is shown.`);
  const cut = read.truncated ? `\n\n${truncationMarker(shown, omittedBytes(read.size, read.text))}` : '';
  return read.text + cut;
}

function unknownSkill(name: string, skills: readonly LoadableSkill[]): string {
  const names = skills.map((entry) => entry.skill.name);
  // The schema says so, but a host may call `execute` without checking it: no search for such a name.
  if (name.length > maximumSkillNameLength) {
    return `No skill is named that: skill names are at most ${maximumSkillNameLength} characters.`;
  }
  if (names.length === 0) return `No skill is named ${JSON.stringify(name)}: no skills are available.`;
  const closest = closestNames(name, names);
  const hint =
    closest.length > 0
      ? `Closest names: ${closest.join(', ')}.`
      : `Available: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ', ...' : ''}.`;
  return `No skill is named ${JSON.stringify(name)}. ${hint}`;
}
