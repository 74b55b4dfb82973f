import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { mapWithLimit } from '../shared/map-with-limit.js';
import { toLabel } from '../workspace/labels.js';
import { compareCodePoints, isInside } from '../workspace/paths.js';
import type { Workspace } from '../workspace/workspace.js';
import { diagnosticFromError } from './diagnostic-from-error.js';
import { DEFAULT_SKILL_DEPTH, findSkillFiles } from './find-skill-files.js';
import type { InventoryAgent, InventoryResult, InventoryRoot, InventorySkill } from './inventory-result.js';
import { markDuplicateSkills } from './mark-duplicate-skills.js';
import { DEFAULT_ASSET_MAX_BYTES, readAssetFile } from './read-asset-file.js';
import { READ_CONCURRENCY } from './read-concurrency.js';
import { readSettings } from './read-settings.js';
import { scanCommands } from './scan-commands.js';
import { statKind } from './stat-kind.js';

/** The asset roots scanned by default, in this order. `.cursor`, `.gemini`, `.github` can be named too. */
export const DEFAULT_ASSET_ROOTS: readonly string[] = ['.claude', '.agents', '.codex', '.grok'];

/** Options of {@link scanInventory}. */
export interface ScanInventoryOptions {
  /** Where to read. Roots resolve against `workspace.cwd`. */
  workspace: Workspace;
  /**
   * Asset roots, relative to `workspace.cwd`, in the order reported. Default {@link DEFAULT_ASSET_ROOTS}.
   * A root given twice is scanned once. An absolute root, or one that leaves `workspace.cwd`, throws
   * `AgentContextError` (`invalid-option`).
   */
  roots?: readonly string[];
  /** Depth bound of the skills and commands walks (default 8: `skills/` or `commands/` plus 8 folders). */
  maxDepth?: number;
  /** Bytes read of each `SKILL.md`, agent and command file (default 64 KiB); the frontmatter must close within them. */
  maxFileBytes?: number;
}

/**
 * Map a repository's coding-assistant setup: for each asset root, its skills (`skills/**\/SKILL.md`),
 * sub-agents (`agents/*.md`), slash commands (`commands/**\/*.md`) and hooks (`settings.json`), with
 * frontmatter parsed and checked.
 *
 * Only the asset roots under `workspace.cwd` are read, never the rest of the tree, so the cost does
 * not depend on the repository's size. Paths are POSIX labels relative to `workspace.cwd`, sorted by
 * code point. Never throws for what it finds: every problem is a diagnostic on its entry (see
 * {@link InventoryResult}). Skills of the same name in several places say so (`duplicateOf`, `alsoIn`).
 *
 * @example
 * const { roots } = await scanInventory({ workspace: localWorkspace('/repo') });
 * // roots[0] -> { root: '.claude', exists: true, skills: [{ path: '.claude/skills/pdf/SKILL.md', name: 'pdf', ... }], ... }
 */
export async function scanInventory(options: ScanInventoryOptions): Promise<InventoryResult> {
  const { workspace } = options;
  const settings = {
    maxDepth: options.maxDepth ?? DEFAULT_SKILL_DEPTH,
    maxBytes: options.maxFileBytes ?? DEFAULT_ASSET_MAX_BYTES,
  };
  const directories = resolveRoots(workspace, options.roots ?? DEFAULT_ASSET_ROOTS);
  const roots = await Promise.all(directories.map((directory) => scanRoot(workspace, directory, settings)));
  markDuplicateSkills(roots);
  return { roots };
}

/** Absolute root directories, checked and deduplicated, in the order given. */
function resolveRoots(workspace: Workspace, roots: readonly string[]): string[] {
  const resolved: string[] = [];
  for (const root of roots) {
    const invalid = (reason: string) =>
      new AgentContextError(`Invalid asset root "${root}": ${reason}.`, {
        code: 'invalid-option',
        path: root,
        reason,
      });
    if (typeof root !== 'string' || root.trim() === '') throw invalid('give a folder name such as .claude');
    if (root.startsWith('/')) throw invalid('give a path relative to the workspace directory');
    let absolute: string;
    try {
      absolute = workspace.resolve(root);
    } catch (error) {
      throw new AgentContextError(`Invalid asset root "${root}": it is outside the workspace.`, {
        code: 'invalid-option',
        path: root,
        reason: 'outside the workspace',
        cause: error,
      });
    }
    if (!isInside(workspace.cwd, absolute)) throw invalid('it leaves the workspace directory');
    if (!resolved.includes(absolute)) resolved.push(absolute);
  }
  return resolved;
}

async function scanRoot(
  workspace: Workspace,
  directory: string,
  settings: { maxDepth: number; maxBytes: number },
): Promise<InventoryRoot> {
  const label = toLabel(workspace, directory);
  const result: InventoryRoot = {
    root: label,
    exists: false,
    skills: [],
    agents: [],
    commands: [],
    settings: null,
    diagnostics: [],
  };
  const kind = await statKind(workspace, directory, label, result.diagnostics);
  if (kind === undefined) return result;
  if (kind !== 'directory') {
    const message = `${label} is not a directory; it holds no assets.`;
    result.diagnostics.push({ severity: 'info', code: 'not-a-directory', message, path: label });
    return result;
  }
  result.exists = true;

  // Each part collects its own diagnostics, appended in a fixed order whatever finishes first.
  const parts = {
    skills: [] as Diagnostic[],
    agents: [] as Diagnostic[],
    commands: [] as Diagnostic[],
    settings: [] as Diagnostic[],
  };
  const [skills, agents, commands, settingsKind] = await Promise.all([
    scanSkills(workspace, `${directory}/skills`, settings, parts.skills),
    scanAgents(workspace, `${directory}/agents`, settings.maxBytes, parts.agents),
    scanCommands(workspace, `${directory}/commands`, settings, parts.commands),
    statKind(workspace, `${directory}/settings.json`, `${label}/settings.json`, parts.settings, 'file'),
  ]);
  result.diagnostics.push(...parts.skills, ...parts.agents, ...parts.commands, ...parts.settings);
  result.skills = skills;
  result.agents = agents;
  result.commands = commands;
  if (settingsKind === 'file') result.settings = await readSettings(workspace, `${directory}/settings.json`);
  return result;
}

async function scanSkills(
  workspace: Workspace,
  skillsDirectory: string,
  settings: { maxDepth: number; maxBytes: number },
  diagnostics: Diagnostic[],
): Promise<InventorySkill[]> {
  const kind = await statKind(workspace, skillsDirectory, toLabel(workspace, skillsDirectory), diagnostics);
  if (kind !== 'directory') return [];
  const found = await findSkillFiles(workspace, skillsDirectory, settings.maxDepth);
  diagnostics.push(...found.diagnostics);
  const skills = await mapWithLimit(found.locations, READ_CONCURRENCY, async (location) => {
    const directory = toLabel(workspace, location.directory);
    const folderName = location.directory.slice(location.directory.lastIndexOf('/') + 1);
    const fields = location.refused
      ? { path: directory, name: null, description: null, attributes: {}, diagnostics: [location.refused] }
      : await readAssetFile(workspace, location.path, {
          kind: 'skill',
          folderName,
          maxBytes: settings.maxBytes,
        });
    const { path, name, description, attributes, diagnostics } = fields;
    const skill: InventorySkill = {
      path,
      directory,
      name,
      description,
      attributes,
      duplicateOf: null,
      alsoIn: [],
      diagnostics,
    };
    return skill;
  });
  return skills.sort((left, right) => compareCodePoints(left.path, right.path));
}

async function scanAgents(
  workspace: Workspace,
  agentsDirectory: string,
  maxBytes: number,
  diagnostics: Diagnostic[],
): Promise<InventoryAgent[]> {
  const kind = await statKind(workspace, agentsDirectory, toLabel(workspace, agentsDirectory), diagnostics);
  if (kind !== 'directory') return [];
  let entries: Awaited<ReturnType<Workspace['readdir']>>;
  try {
    entries = await workspace.readdir(agentsDirectory);
  } catch (error) {
    diagnostics.push(diagnosticFromError(error, toLabel(workspace, agentsDirectory), 'directory'));
    return [];
  }
  // A README documents the folder; it is not an agent definition.
  const files = entries.filter(
    (entry) =>
      (entry.kind === 'file' || entry.kind === 'symlink') &&
      entry.name.endsWith('.md') &&
      entry.name.toLowerCase() !== 'readme.md',
  );
  const agents = await mapWithLimit(files, READ_CONCURRENCY, (entry) =>
    readAssetFile(workspace, `${agentsDirectory}/${entry.name}`, { kind: 'agent', maxBytes }),
  );
  return agents.sort((left, right) => compareCodePoints(left.path, right.path));
}
