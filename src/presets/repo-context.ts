import { AgentContextError } from '../errors.js';
import { nestedInstructions } from '../instructions/nested/nested-instructions.js';
import { projectInstructions } from '../instructions/project-instructions.js';
import { inventory } from '../inventory/inventory.js';
import { inventoryDefaults } from '../inventory/inventory-defaults.js';
import { assistantReading } from '../rules/assistants/index.js';
import type { RuleFormatName } from '../rules/rule.js';
import type { Capability } from '../session/capability.js';
import { type CapabilityGroup, capabilityGroup } from '../session/capability-group.js';
import { type SkillsOptions, skills } from '../skills/skills.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { isInside } from '../workspace/paths.js';
import { realDirectory, realPathOrSelf } from '../workspace/real-directory.js';
import type { Workspace } from '../workspace/workspace.js';

/**
 * Options of {@link repoContext}: RepoContext's names and defaults, kept here only. Elsewhere the same
 * things are `stopAt` (for `homeDir`), `filenames` in the order `AGENTS.md`, `CLAUDE.md` (RepoContext
 * reads `CLAUDE.md` first), `inject` (for `nestedInject`). Give `workspaceDir` or `workspace`.
 */
export interface RepoContextOptions {
  /**
   * The agent's working directory on the local disk (absolute, or relative to `process.cwd()`).
   * Default: none (give this or `workspace`).
   */
  workspaceDir?: string;
  /**
   * Instead of `workspaceDir`: any workspace (memory, sandbox); the walk-up starts at its `cwd`.
   * Default: none (the local disk at `workspaceDir`).
   */
  workspace?: Workspace;
  /**
   * The highest directory whose instruction files load (inclusive). Default `undefined`: the
   * workspace directory only. A directory that is not an ancestor of the workspace directory also
   * means the workspace directory only. With `workspaceDir`, it becomes the containment root
   * (absolute, or relative to `process.cwd()`); with `workspace`, it is `projectInstructions`'
   * `stopAt` (absolute, or relative to `workspace.cwd`) and the walk never leaves `workspace.root`.
   */
  homeDir?: string;
  /** Instruction file names, in per-directory order; every one found is loaded. Default `['CLAUDE.md', 'AGENTS.md']`. */
  filenames?: readonly string[];
  /** Load the instruction files into the instructions at every run start. Default `true`. */
  autoloadInstructions?: boolean;
  /** Expose the inventory tool and its one-line hint. Default `true`. */
  exposeInventoryTool?: boolean;
  /** Name of the inventory tool. Default `'inventory_agent_context'`. */
  inventoryToolName?: string;
  /** Surface the instruction files of directories the agent touches. Default `false`. */
  nestedTraversal?: boolean;
  /** `'pointer'` (default): one line naming the file; `'contents'`: the file itself. */
  nestedInject?: 'pointer' | 'contents';
  /** Host tools whose path argument counts as a touch. Default `['list_directory', 'read_file']`. */
  traversalToolNames?: readonly string[];
  /** The argument of those tools that holds the path. Default `'path'`. */
  traversalPathArg?: string;
  /** Asset roots of the inventory, in order. Default `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. */
  assetRoots?: readonly string[];
  /**
   * The assistants' rule formats read, beyond RepoContext (which reads none): their `always` rules
   * join the instructions, their `described` rules are listed in a catalog, the inventory lists
   * their rules, and nested traversal delivers their `files` rules on touch. Default: every format
   * (`.claude/rules`, `.cursor/rules`, `.github/copilot-instructions.md`, ...); `[]` for none, as in
   * RepoContext. The instruction files are always `filenames`, whatever the formats.
   */
  formats?: readonly RuleFormatName[];
  /**
   * Add the skills capability (catalog and `load_skill`) over the same asset roots and the same
   * directories as the instructions (up to `homeDir`); an object gives its options. Default `false`.
   */
  skills?: boolean | SkillsOptions;
  /**
   * Read as one assistant does (see docs/assistants.md): its instruction files at start and on
   * touch, its rule formats and its asset roots, in place of `filenames`, `formats` and `assetRoots`
   * (giving one of them too throws `invalid-option`). Nested traversal then delivers the assistant's
   * files of every directory down to the touched one. Default: none, RepoContext's reading.
   */
  assistant?: AssistantName;
}

/**
 * What {@link repoContext} returns: one capability group (named `repo-context`) that also carries the
 * workspace it was built for. Put it in a session's `capabilities` list next to other capabilities,
 * or pass it to `createContextSession` as it is (it has the `workspace` and `capabilities` that takes).
 */
export interface RepoContext extends CapabilityGroup {
  /** The workspace given, or the one built from `workspaceDir` and `homeDir`. Give the session this one. */
  readonly workspace: Workspace;
  /** In order: `project-instructions`, `inventory`, `skills`, `nested-instructions`, each only when enabled. */
  readonly capabilities: readonly Capability[];
}

/**
 * RepoContext's setup as one value: project instructions (walk-up), the inventory tool and hint,
 * and optionally skills and nested instructions on touch, composed from `projectInstructions`,
 * `inventory`, `skills` and `nestedInstructions` with RepoContext's defaults.
 *
 * It is a capability group, so it stands in a `capabilities` list like one capability; it also
 * carries its workspace, because RepoContext takes directories, so the preset builds the workspace
 * too. Give the session that workspace: the walk-up ceiling is set for it.
 *
 * Mapping: `homeDir` is the walk-up ceiling (`stopAt`); without it only the workspace directory
 * loads (unlike `projectInstructions`, which climbs to the `.git` root). From `workspaceDir`, the
 * workspace is `localWorkspace(homeDir, { cwd: workspaceDir })` when `homeDir` is an ancestor, else
 * `localWorkspace(workspaceDir)`, contained either way. Nested instructions use RepoContext's
 * behaviour: the touched directory's own files (`scope: 'directory'`), the RepoContext pointer
 * line, delivered as a hidden message after the tool result.
 *
 * `workspaceDir` and `homeDir` are resolved to real paths before anything else (as the CLI does), so
 * a directory reached through a symlink loads its own files and walks its real ancestors.
 *
 * Throws `invalid-option` when neither or both of `workspaceDir` and `workspace` are given, and
 * `not-found` when `workspaceDir` is not an existing directory.
 *
 * @example
 * const context = repoContext({ workspaceDir: '/repo/packages/app', homeDir: '/repo' });
 * const session = createContextSession({ workspace: context.workspace, capabilities: [context, fileTools()] });
 * const run = await session.startRun(); // run.instructions: the CLAUDE.md / AGENTS.md chain, then the hint
 */
export function repoContext(options: RepoContextOptions): RepoContext {
  if (options.assistant !== undefined) return assistantRepoContext(options, options.assistant);
  const { workspace, stopAt } = chooseWorkspace(options);
  const filenames = [...(options.filenames ?? ['CLAUDE.md', 'AGENTS.md'])];
  const formats = options.formats === undefined ? {} : { formats: [...options.formats] };
  const capabilities: Capability[] = [];
  if (options.autoloadInstructions ?? true) {
    capabilities.push(projectInstructions({ filenames, perDirectory: 'all', stopAt, ...formats }));
  }
  if (options.exposeInventoryTool ?? true) {
    capabilities.push(
      inventory({
        roots: options.assetRoots ?? inventoryDefaults.roots,
        toolName: options.inventoryToolName ?? inventoryDefaults.toolName,
        stopAt,
        ...formats,
      }),
    );
  }
  if (options.skills) {
    const skillsOptions = options.skills === true ? {} : options.skills;
    capabilities.push(
      skills({
        ...(options.assetRoots === undefined ? {} : { roots: options.assetRoots }),
        // The same ceiling as the instructions: no skill from above the directories they load.
        stopAt,
        ...skillsOptions,
      }),
    );
  }
  if (options.nestedTraversal ?? false) {
    capabilities.push(
      nestedInstructions({
        filenames,
        scope: 'directory',
        inject: options.nestedInject ?? 'pointer',
        traversalToolNames: [...(options.traversalToolNames ?? ['list_directory', 'read_file'])],
        traversalPathArg: options.traversalPathArg ?? 'path',
        ...formats,
      }),
    );
  }
  const group = capabilityGroup('repo-context', capabilities);
  return Object.freeze({ ...group, capabilities: Object.freeze(capabilities), workspace });
}

/** {@link repoContext} with `assistant`: the assistant's files, formats and roots, RepoContext's other options. */
function assistantRepoContext(options: RepoContextOptions, assistant: AssistantName): RepoContext {
  for (const key of ['filenames', 'formats', 'assetRoots'] as const) {
    if (options[key] !== undefined) {
      const message = `repoContext: \`${key}\` cannot be combined with \`assistant\`: the assistant's reading decides it.`;
      throw new AgentContextError(message, { code: 'invalid-option', reason: key });
    }
  }
  // Refuses an unknown name now, with the list of the known ones.
  assistantReading(assistant);
  const { workspace, stopAt } = chooseWorkspace(options);
  const capabilities: Capability[] = [];
  if (options.autoloadInstructions ?? true) capabilities.push(projectInstructions({ assistant, stopAt }));
  if (options.exposeInventoryTool ?? true) {
    capabilities.push(
      inventory({ assistant, toolName: options.inventoryToolName ?? inventoryDefaults.toolName, stopAt }),
    );
  }
  if (options.skills) {
    const skillsOptions = options.skills === true ? {} : options.skills;
    capabilities.push(skills({ assistant, stopAt, ...skillsOptions }));
  }
  if (options.nestedTraversal ?? false) {
    capabilities.push(
      nestedInstructions({
        assistant,
        stopAt,
        inject: options.nestedInject ?? 'pointer',
        traversalToolNames: [...(options.traversalToolNames ?? ['list_directory', 'read_file'])],
        traversalPathArg: options.traversalPathArg ?? 'path',
      }),
    );
  }
  const group = capabilityGroup('repo-context', capabilities);
  return Object.freeze({ ...group, capabilities: Object.freeze(capabilities), workspace });
}

/** The workspace, and the walk-up ceiling as `projectInstructions` takes it. */
function chooseWorkspace(options: RepoContextOptions): { workspace: Workspace; stopAt: string } {
  if ((options.workspace === undefined) === (options.workspaceDir === undefined)) {
    throw new AgentContextError('repoContext: give either workspaceDir or workspace (exactly one).', {
      code: 'invalid-option',
      reason: 'workspaceDir or workspace',
    });
  }
  if (options.workspace) {
    // `stopAt` resolves against workspace.cwd: '.' is the workspace directory alone.
    return { workspace: options.workspace, stopAt: options.homeDir ?? '.' };
  }
  // Real paths first, once: a directory or home reached through a symlink walks its real ancestors.
  const directory = realDirectory(options.workspaceDir ?? '.', 'workspaceDir');
  const home = options.homeDir === undefined ? undefined : realPathOrSelf(options.homeDir);
  if (home !== undefined && home !== directory && isInside(home, directory)) {
    const workspace = localWorkspace(home, { cwd: directory });
    return { workspace, stopAt: workspace.root };
  }
  return { workspace: localWorkspace(directory), stopAt: '.' };
}
