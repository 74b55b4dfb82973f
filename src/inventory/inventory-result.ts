import type { Diagnostic } from '../diagnostics.js';

/**
 * What {@link scanInventory} returns: one entry per configured asset root, in the configured order.
 * An empty roots list gives `{ roots: [] }`. Problems are never thrown: each sits in the
 * `diagnostics` of the entry it concerns (see {@link listInventoryDiagnostics} for a flat list).
 * The object is plain JSON data, so a tool can return it as is.
 */
export interface InventoryResult {
  roots: InventoryRoot[];
}

/** One asset root such as `.claude`. Lists are sorted by path, by code point. */
export interface InventoryRoot {
  /** The root as configured, normalised to a POSIX path relative to the workspace (e.g. `.claude`). */
  root: string;
  /** True when the root is a directory that could be read. A regular file named like a root does not exist. */
  exists: boolean;
  /** Every `SKILL.md` under `ROOT/skills/` (depth bound 8, each real directory walked once). */
  skills: InventorySkill[];
  /** Every `*.md` file directly inside `ROOT/agents/` (a `README.md` there is documentation, not an agent). */
  agents: InventoryAgent[];
  /** Every `*.md` file under `ROOT/commands/` (Claude Code slash commands; depth bound 8, `README.md` left out). */
  commands: InventoryCommand[];
  /** `ROOT/settings.json`, or `null` when there is none. */
  settings: InventorySettings | null;
  /** Problems of the root itself: not a directory, unreadable folders, depth bound reached, loops skipped. */
  diagnostics: Diagnostic[];
}

/** Frontmatter fields shared by skills and agents. */
export interface InventoryAssetFields {
  /**
   * Label of the file: POSIX path relative to the workspace, e.g. `.claude/skills/pdf/SKILL.md`. For a
   * symlinked skill directory whose target could not be entered (outside the workspace), the link path
   * itself, e.g. `.claude/skills/shared`.
   */
  path: string;
  /** `name` from the frontmatter, or `null` when missing, not a string, or unreadable. */
  name: string | null;
  /** `description` from the frontmatter, or `null` when missing, not a string, or unreadable. */
  description: string | null;
  /** Every other frontmatter key, with its value as parsed (not checked). Empty when there is no frontmatter. */
  attributes: Record<string, unknown>;
  /** Problems with this file: unreadable, binary, frontmatter missing or broken, Agent Skills rules broken. */
  diagnostics: Diagnostic[];
}

/** One skill (a folder holding `SKILL.md`). */
export interface InventorySkill extends InventoryAssetFields {
  /** Label of the skill's folder, e.g. `.claude/skills/pdf`. Its last segment must equal `name`. */
  directory: string;
  /** For a skill whose name an earlier skill (earlier root, or earlier path) already has: that skill's path. */
  duplicateOf: string | null;
  /** Paths of every other skill with the same name, in scan order (empty when the name is unique). */
  alsoIn: string[];
}

/** One sub-agent definition (`ROOT/agents/NAME.md`). */
export type InventoryAgent = InventoryAssetFields;

/**
 * One slash command: a Markdown prompt under `ROOT/commands/`, typed as `/NAME`. Subfolders are
 * namespaces: `commands/frontend/build.md` is `frontend:build`. Frontmatter is optional.
 *
 * @example { path: '.claude/commands/review.md', name: 'review', description: 'Review the diff.', attributes: { 'argument-hint': '[file]' }, diagnostics: [] }
 */
export interface InventoryCommand {
  /**
   * Label of the file, e.g. `.claude/commands/frontend/build.md`. For a symlinked folder whose target
   * could not be entered (outside the workspace), the link path itself, e.g. `.claude/commands/shared`.
   */
  path: string;
  /** The command as typed, without the slash (`build`, `frontend:build`); `null` for a refused link. */
  name: string | null;
  /**
   * `description` from the frontmatter; else the first line of the body that is neither blank nor a
   * heading, trimmed and cut to 200 characters (`…` marks a cut); `null` when there is neither.
   */
  description: string | null;
  /** Every other frontmatter key as parsed (`argument-hint`, `allowed-tools`, `model`...). Empty without frontmatter. */
  attributes: Record<string, unknown>;
  /** Problems with this file: unreadable, binary, frontmatter broken or unclosed, refused link. */
  diagnostics: Diagnostic[];
}

/** `ROOT/settings.json`, read for its hooks (Claude Code format). */
export interface InventorySettings {
  /** Label of the file, e.g. `.claude/settings.json`. */
  path: string;
  /** One entry per matcher group, events in file order. Empty when the file has no hooks or is malformed. */
  hooks: InventoryHook[];
  /** Malformed JSON, a `hooks` value of the wrong shape, an unreadable file. */
  diagnostics: Diagnostic[];
}

/**
 * One matcher group of `hooks: { EventName: [{ matcher, hooks: [...] }] }`.
 *
 * @example { event: 'PreToolUse', matcher: 'Bash', handlers: 1 }
 */
export interface InventoryHook {
  /** The event name as written, e.g. `PreToolUse`. */
  event: string;
  /** The group's `matcher`, or `null` when it has none (the group applies to every tool or case). */
  matcher: string | null;
  /** How many handlers (`hooks` entries) the group runs. */
  handlers: number;
}

/** Every diagnostic of an inventory in one list, in scan order (root, settings, skills, agents, commands). */
export function listInventoryDiagnostics(result: InventoryResult): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const root of result.roots) {
    diagnostics.push(...root.diagnostics);
    if (root.settings) diagnostics.push(...root.settings.diagnostics);
    for (const skill of root.skills) diagnostics.push(...skill.diagnostics);
    for (const agent of root.agents) diagnostics.push(...agent.diagnostics);
    for (const command of root.commands) diagnostics.push(...command.diagnostics);
  }
  return diagnostics;
}
