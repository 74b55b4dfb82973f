import { capPerFile } from '../cap-diagnostics.js';
import { AgentContextError } from '../errors.js';
import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { inventoryListRequests } from '../inventory/inventory-list-requests.js';
import type { InventoryResult } from '../inventory/inventory-result.js';
import { firstBodyLine } from '../inventory/read-command-file.js';
import { renderSkillsCatalog } from '../inventory/render-skills-catalog.js';
import { inventoryPluginRequests, scanInventory } from '../inventory/scan-inventory.js';
import { assistantReading } from '../rules/assistants/index.js';
import type { Capability, Run } from '../session/capability.js';
import { declareRunStartRequests, runStartWorkspace } from '../session/run-start-listing.js';
import { plural } from '../text/plural.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { readOnlyWorkspace } from '../workspace/read-only-workspace.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { type LoadableSkill, loadSkillTool } from './load-skill-tool.js';
import { skillsDefaults } from './skills-defaults.js';
import { type SkillsOfRun, skillsOffer } from './skills-offer.js';
import { type SkippedSkill, selectUsableSkills } from './usable-skills.js';

export type { LoadableSkill } from './load-skill-tool.js';

/** Asset roots read under `userDirectory`, in this order. */
export const userSkillRoots: readonly string[] = ['.claude', '.agents', '.codex'];

/** Options of {@link skills}. */
export interface SkillsOptions {
  /** Asset roots, as the inventory takes them. Default `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. */
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
  /**
   * Offer the skills as one assistant does (see docs/assistants.md): its asset roots in place of
   * `roots` (refused beside it), and for Claude Code and Copilot CLI a skill without `description`
   * listed by the first line of its body, and the project commands of `.claude/commands` listed with
   * the skills (`load_skill` gives a command's template), as they list them. Default: none (every root; a skill without
   * description stays out of the catalog, as the Agent Skills spec requires one).
   */
  assistant?: AssistantName;
}

/** The {@link skills} capability: a capability, and the run's skills for the `commands()` capability. */
export interface SkillsCapability extends Capability {
  /**
   * Every usable skill of the run (catalog order), those kept out of the model's catalog too
   * (`disable-model-invocation`, no description, `paths`): `commands()` offers them as `/name`.
   * Scanned once per run.
   */
  usableSkills(run: Run): Promise<readonly LoadableSkill[]>;
  /** The name of the tool that loads a skill (`load_skill` unless `toolName` says otherwise). */
  readonly toolName: string;
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
 *   is shadowed. Skills with an `error` diagnostic or a name that breaks the naming rule are left
 *   out with a `skipped` event (reason `skill`); other warnings do not exclude.
 * - Instructions: `<available_skills>` (see `renderSkillsCatalog`), nearest root first then by
 *   name, inside `maxChars`; read once per run, so the prefix is identical for every call of a run
 *   and across runs while the files are unchanged. Kept out of it, each with a `skipped` event: a
 *   skill without a description, and one with `disable-model-invocation: true` (the user invokes it
 *   as `/name` through `commands()`). A skill with `paths` is not in it either: it is offered in a
 *   hidden message after the first touch of a matching file (once per session), so the catalog
 *   bytes never change mid-run.
 * - Tool `load_skill({ name })`: see `loadSkillTool`; it loads the skills of the catalog and those
 *   with `paths`. Its folder counts as touched.
 * - `allowed-tools` is shown to the model, never enforced; scripts in a skill are never run.
 *
 * @example
 * createContextSession({ workspace, capabilities: [fileTools(), skills()] });
 */
export function skills(options: SkillsOptions = {}): SkillsCapability {
  const name = 'skills';
  const toolName = options.toolName ?? skillsDefaults.toolName;
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  if (reading !== undefined && options.roots !== undefined) {
    const message =
      "skills: `roots` cannot be combined with `assistant`: the assistant's reading decides them.";
    throw new AgentContextError(message, { code: 'invalid-option', reason: 'roots' });
  }
  const roots = reading?.assetRoots ?? options.roots;
  const userWorkspace =
    options.userDirectory === undefined
      ? undefined
      : readOnlyWorkspace(localWorkspace(options.userDirectory));
  const perRun = new WeakMap<Run, Promise<LoadableSkill[]>>();
  const modelSkills = new WeakMap<Run, Promise<LoadableSkill[]>>();
  /** The project commands of the run the assistant offers with its skills (`offersProjectCommands`). */
  const offeredCommands = new WeakMap<Run, LoadableSkill[]>();

  /** The project scan's options; the run start lists what it reads ahead (see the declaration below). */
  const projectScanOptions = (workspace: Workspace) => ({
    workspace,
    ...(roots === undefined ? {} : { roots }),
    ...(options.stopAt === undefined ? {} : { stopAt: options.stopAt }),
    ...(options.rootMarkers === undefined ? {} : { rootMarkers: options.rootMarkers }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
  });

  const collect = async (run: Run): Promise<LoadableSkill[]> => {
    const project = await scanInventory(projectScanOptions(await runStartWorkspace(run)));
    const user = userWorkspace
      ? await scanInventory({
          workspace: userWorkspace,
          roots: userSkillRoots,
          ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
        })
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
    if (reading?.offersProjectCommands) offeredCommands.set(run, commandsAsSkills(project, run.workspace));
    const selection = selectUsableSkills([project, user]);
    if (reading?.describesSkillsFromBody) {
      for (const skill of selection.skills) {
        if (hasDescription(skill.description)) continue;
        const inUser = userWorkspace !== undefined && userPaths.has(skill.path);
        const where = inUser ? (userWorkspace as Workspace) : run.workspace;
        const directory = inUser ? skill.directory.slice(2) : skill.directory;
        skill.description = await firstLineOfBody(where, `${directory}/SKILL.md`);
      }
    }
    const skipped: SkippedSkill[] = [...selection.skipped];
    for (const skill of selection.skills) {
      const left = catalogExclusion(skill);
      if (left === undefined) continue;
      skipped.push({
        path: skill.path,
        message: `Skill ${skill.name} (${skill.path}) is not in the catalog: ${left}.`,
      });
    }
    // At most 1,000 of them (a hostile repository may hold 100,000 broken skills), then a count.
    const reported = capPerFile(skipped, (entry) => entry.path);
    for (const entry of reported.kept) {
      run.emit({
        type: 'skipped',
        reason: 'skill',
        capability: name,
        path: entry.path,
        message: entry.message,
      });
    }
    for (const diagnostic of reported.leftOut) {
      run.emit({
        type: 'diagnostic',
        reason: 'skill',
        capability: name,
        message: diagnostic.message,
        diagnostic,
      });
    }
    return selection.skills.map((skill) =>
      userWorkspace && userPaths.has(skill.path)
        ? { skill, workspace: userWorkspace, directory: skill.directory.slice(2), inWorkspace: false }
        : { skill, workspace: run.workspace, directory: skill.directory, inWorkspace: true },
    );
  };
  const usableSkills = (run: Run): Promise<LoadableSkill[]> => {
    let found = perRun.get(run);
    if (!found) {
      found = collect(run);
      perRun.set(run, found);
    }
    return found;
  };
  // What the model may load: the catalog's skills and those offered on touch (`paths`), then the
  // project commands the assistant lists with its skills (found by the same scan).
  const skillsOf: SkillsOfRun = (run) => {
    let found = modelSkills.get(run);
    if (!found) {
      found = usableSkills(run).then((all) => {
        const offered = all.filter(({ skill }) => skill.modelInvocable && hasDescription(skill.description));
        const taken = new Set(offered.map(({ skill }) => skill.name));
        const commands = (offeredCommands.get(run) ?? []).filter(({ skill }) => !taken.has(skill.name));
        return [...offered, ...commands];
      });
      modelSkills.set(run, found);
    }
    return found;
  };
  const offer = skillsOffer({ capability: name, toolName, skillsOf });

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

  const capability: SkillsCapability = {
    name,
    usableSkills,
    toolName,
    async instructions(run) {
      const found = (await skillsOf(run)).filter(({ skill }) => skill.paths.length === 0);
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
      // Each skill the catalog lists is offered to the model: an event names it (the message's
      // `Offered skill NAME` is what `instructionsForPath` reads the name from).
      for (const { skill } of found.slice(0, catalog.listed)) {
        run.emit({
          type: 'surfaced',
          reason: 'skill',
          capability: name,
          path: skill.path,
          message: `Offered skill ${skill.name} (${skill.path}) in the skills catalog.`,
        });
      }
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
    afterToolCall: offer.afterToolCall,
    onTouch: offer.onTouch,
  };
  // The run start's scan comes from its one listing, its plugin folders from the one after it.
  return declareRunStartRequests(
    capability,
    (run) => inventoryListRequests(projectScanOptions(run.workspace)),
    (_run, listed) => inventoryPluginRequests(projectScanOptions(listed)),
  );
}

/** Why a usable skill stays out of the run-start catalog, or `undefined` when it is in it. */
function catalogExclusion(skill: LoadableSkill['skill']): string | undefined {
  if (!skill.modelInvocable)
    return `\`disable-model-invocation: true\` (the user invokes it as /${skill.name})`;
  if (!hasDescription(skill.description))
    return 'it has no `description`, which the model needs to choose it';
  if (skill.paths.length > 0)
    return `it has \`paths\` (${skill.paths.join(', ')}): it is offered when a matching file is touched`;
  return undefined;
}

/**
 * The Claude Code commands of a scan (`ROOT/commands/*.md` of the `.claude` roots) as skills the model
 * may load: each with a description (its own, or its first body line), not shadowed by an earlier
 * command of the same name, and not `disable-model-invocation: true`.
 */
function commandsAsSkills(scan: InventoryResult, workspace: Workspace): LoadableSkill[] {
  const entries: LoadableSkill[] = [];
  for (const root of scan.roots) {
    if (root.root !== '.claude' && !root.root.endsWith('/.claude')) continue;
    for (const command of root.commands) {
      if (command.name === null || command.shadowedBy !== undefined || !hasDescription(command.description))
        continue;
      if (command.attributes['disable-model-invocation'] === true) continue;
      const directory = command.path.slice(0, Math.max(0, command.path.lastIndexOf('/'))) || '.';
      const hint = command.attributes['argument-hint'];
      entries.push({
        skill: {
          name: command.name,
          description: command.description,
          path: command.path,
          directory,
          attributes: {},
          modelInvocable: true,
          userInvocable: true,
          paths: [],
          argumentHint: typeof hint === 'string' ? hint : null,
        },
        workspace,
        directory,
        inWorkspace: true,
        commandFile: command.path,
      });
    }
  }
  return entries;
}

/** The first line of a skill file's body (after its frontmatter), or `null` when it cannot be read or has none. */
async function firstLineOfBody(workspace: Workspace, file: string): Promise<string | null> {
  try {
    const read = await readTextFile(workspace, file, { maxBytes: 256 * 1024 });
    if (read.binary) return null;
    return firstBodyLine(parseFrontmatter(read.text, file).body);
  } catch {
    return null;
  }
}

function hasDescription(description: string | null): boolean {
  return description !== null && description.trim() !== '';
}
