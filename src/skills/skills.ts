import { renderSkillsCatalog } from '../inventory/render-skills-catalog.js';
import { scanInventory } from '../inventory/scan-inventory.js';
import type { Capability, Run } from '../session/capability.js';
import { plural } from '../text/plural.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { readOnlyWorkspace } from '../workspace/read-only-workspace.js';
import { type LoadableSkill, loadSkillTool } from './load-skill-tool.js';
import { skillsDefaults } from './skills-defaults.js';
import { selectUsableSkills } from './usable-skills.js';

/** Asset roots read under `userDirectory`, in this order. */
export const USER_SKILL_ROOTS: readonly string[] = ['.claude', '.agents', '.codex'];

/** Options of {@link skills}. */
export interface SkillsOptions {
  /** Asset roots, as the inventory takes them. Default `['.claude', '.agents', '.codex', '.grok']`. */
  roots?: readonly string[];
  /** Character budget of the catalog. Default 8,000. */
  maxChars?: number;
  /** Name of the tool that loads a skill. Default `load_skill`. */
  toolName?: string;
  /**
   * The user's home directory: adds the user-level skills of `~/.claude/skills`, `~/.agents/skills`
   * and `~/.codex/skills` after the repository's, read through their own read-only contained
   * workspace. Default: none (user-level files are never read unless asked).
   */
  userDirectory?: string;
  /**
   * The highest directory whose asset roots are read (absolute, or relative to the working
   * directory); `'.'` reads the working directory's roots only. Default: the project root (`rootMarkers`).
   */
  stopAt?: string;
  /** Names that mark the project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** Depth bound of the skills walk. Default 8. */
  maxDepth?: number;
}

/** The catalog lead: what a skill is for, and how to load one. */
export function skillsCatalogGuidance(toolName: string): string {
  return (
    "Skills are instructions for specific tasks. When a task matches a skill's description, " +
    `call \`${toolName}\` with the skill's name before you start, then follow what it says.`
  );
}

/**
 * Skills by progressive disclosure, the Agent Skills way: a catalog of every usable skill in the
 * instructions, and a tool that loads one skill's instructions when a task needs them.
 *
 * - Which skills: those the inventory finds under the asset roots of the working directory and its
 *   ancestors up to `stopAt` or the project root (see `scanInventory`), then, with
 *   `userDirectory`, the user-level ones. Nearer roots first; a name already taken by a nearer skill
 *   is shadowed. Skills with an `error` diagnostic are left out with a `skipped` event (reason
 *   `skill`); warnings do not exclude.
 * - Instructions: `<available_skills>` (see `renderSkillsCatalog`), nearest root first then by
 *   name, inside `maxChars`; read once per run, so the prefix is identical for every call of a run
 *   and across runs while the files are unchanged.
 * - Tool `load_skill({ name })`: see `loadSkillTool`. Its folder counts as touched.
 * - `allowed-tools` is shown to the model, never enforced; scripts in a skill are never run.
 *
 * @example
 * createContextSession({ workspace, capabilities: [fileTools(), skills()] });
 */
export function skills(options: SkillsOptions = {}): Capability {
  const name = 'skills';
  const toolName = options.toolName ?? skillsDefaults.toolName;
  const userWorkspace =
    options.userDirectory === undefined
      ? undefined
      : readOnlyWorkspace(localWorkspace(options.userDirectory));
  const perRun = new WeakMap<Run, Promise<LoadableSkill[]>>();

  const collect = async (run: Run): Promise<LoadableSkill[]> => {
    const scanOptions = options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth };
    const project = await scanInventory({
      workspace: run.workspace,
      ...(options.roots === undefined ? {} : { roots: options.roots }),
      ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
      ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
      ...scanOptions,
    });
    const user = userWorkspace
      ? await scanInventory({ workspace: userWorkspace, roots: USER_SKILL_ROOTS, ...scanOptions })
      : { roots: [] };
    // User-level skills are labelled from the home directory (`~/.claude/skills/x`), never by host path.
    const userPaths = new Set<string>();
    for (const root of user.roots) {
      for (const skill of root.skills) {
        skill.path = `~/${skill.path}`;
        skill.directory = `~/${skill.directory}`;
        userPaths.add(skill.path);
      }
    }
    const selection = selectUsableSkills([project, user]);
    for (const skipped of selection.skipped) {
      run.emit({
        type: 'skipped',
        reason: 'skill',
        capability: name,
        path: skipped.path,
        message: skipped.message,
      });
    }
    return selection.skills.map((skill) =>
      userWorkspace && userPaths.has(skill.path)
        ? { skill, workspace: userWorkspace, directory: skill.directory.slice(2), inWorkspace: false }
        : { skill, workspace: run.workspace, directory: skill.directory, inWorkspace: true },
    );
  };
  const skillsOf = (run: Run): Promise<LoadableSkill[]> => {
    let found = perRun.get(run);
    if (!found) {
      found = collect(run);
      perRun.set(run, found);
    }
    return found;
  };

  const tool = loadSkillTool(skillsOf, {
    toolName,
    file: userWorkspace !== undefined,
    onLoaded(found, run, callId) {
      run.emit({
        type: 'loaded',
        reason: 'skill',
        capability: name,
        path: found.skill.path,
        trigger: `${toolName} ${found.skill.name} (${callId})`,
        message: `Skill ${found.skill.name} loaded from ${found.skill.path}.`,
      });
    },
  });

  return {
    name,
    async instructions(run) {
      const found = await skillsOf(run);
      const catalog = renderSkillsCatalog(
        found.map(({ skill }) => ({
          name: skill.name,
          description: skill.description,
          location: skill.path,
        })),
        {
          lead: skillsCatalogGuidance(toolName),
          ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
        },
      );
      if (catalog.shortened > 0 || catalog.omitted > 0) {
        run.emit({
          type: 'cut',
          reason: 'skill',
          capability: name,
          message: `Skills catalog over budget: ${plural(catalog.shortened, 'description')} shortened, ${plural(catalog.omitted, 'skill')} left out.`,
        });
      }
      return catalog.text;
    },
    tools: () => [tool],
  };
}
