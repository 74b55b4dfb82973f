import type { Diagnostic } from '../diagnostics.js';
import type { Rule } from '../rules/rule.js';

/**
 * What {@link scanInventory} returns: the asset roots found, nearest directory first (see
 * `scanInventory` for the order). Problems are never thrown: each sits in the `diagnostics` of the
 * entry it concerns (see {@link listInventoryDiagnostics} for a flat list). The object is plain JSON
 * data, so a tool can return it as is.
 */
export interface InventoryResult {
  /**
   * The directories whose asset roots were looked for, nearest first, as labels relative to the
   * working directory (`.`, `..`, `../..`). Omitted in results built by hand.
   */
  directories?: string[];
  roots: InventoryRoot[];
  /**
   * The rules of every assistant's format (`.claude/rules`, `.cursor/rules`, `.github/instructions`,
   * ...) found in the same directories, in load order: user-level rules first (only with
   * `userDirectory`), then each directory from the project root down. Listed, not delivered: no body.
   * Omitted when no format is read (`formats: []`) and in results built by hand.
   */
  rules?: InventoryRule[];
  /**
   * Problems of rule files that are not on a listed rule: each file not loaded as a rule (an invalid
   * glob, an unknown mode, an empty or duplicate body, a binary or unreadable file) and a user
   * directory that could not be read. Omitted when none.
   */
  ruleDiagnostics?: Diagnostic[];
  /** Problems outside any root, such as a malformed `.claude-plugin/marketplace.json`. Omitted when none. */
  diagnostics?: Diagnostic[];
}

/**
 * One rule as the inventory lists it: the rule model (format, label, name, scope, globs, description,
 * base, level) without the body, since the inventory lists rules and never delivers them.
 *
 * @example { format: 'cursor', path: '.cursor/rules/react.mdc', name: 'react', scope: 'files', globs: ['web/**\/*.tsx'], description: 'React components', base: '.', level: 'project', diagnostics: [] }
 */
export interface InventoryRule extends Omit<Rule, 'body'> {
  /** Problems with this file that did not stop it loading: an ignored invalid glob, a lenient or cut read. */
  diagnostics: Diagnostic[];
}

/** One asset root such as `.claude`. Lists are sorted by path, by code point. */
export interface InventoryRoot {
  /** The root as a POSIX path relative to the working directory (e.g. `.claude`, `../../.agents`, `plugins/review`). */
  root: string;
  /** The directory it belongs to, relative to the working directory (`.`, `..`). Omitted in results built by hand. */
  directory?: string;
  /** For a plugin folder named by `.claude-plugin/marketplace.json`: the plugin's name. */
  plugin?: string;
  /** True when the root is a directory that could be read. A regular file named like a root does not exist. */
  exists: boolean;
  /**
   * When the root could not be read (permission denied), or could not even be looked for because a
   * directory above it could not be read: that directory's label (the root's own, or `.`, `..`...).
   * Its one `unreadable-directory` diagnostic says why. Omitted otherwise: a root with `exists: false`
   * and no `unreadable` is absent.
   */
  unreadable?: string;
  /** Every `SKILL.md` under `ROOT/skills/` (depth bound 8, each real directory walked once). */
  skills: InventorySkill[];
  /**
   * Every `*.md` file directly inside `ROOT/agents/` (a `README.md` there is documentation, not an agent),
   * and in `.codex/agents/` every `*.toml` file (a Codex custom agent).
   */
  agents: InventoryAgent[];
  /** Every `*.md` file under `ROOT/commands/` (Claude Code slash commands; depth bound 8, `README.md` left out). */
  commands: InventoryCommand[];
  /** `ROOT/settings.json`, or `null` when there is none. */
  settings: InventorySettings | null;
  /**
   * Every other file of the root that holds hooks, in this order: `settings.local.json`, `hooks.json`
   * (Codex, Cursor), `hooks/hooks.json` (a plugin's). Omitted when there is none.
   */
  hookFiles?: InventorySettings[];
  /** Claude Code output styles, `ROOT/output-styles/*.md`; omitted when there is none. */
  outputStyles?: InventoryOutputStyle[];
  /** A Gemini CLI extension's context files that exist (its `contextFileName`, default `GEMINI.md`); omitted when none. */
  contextFiles?: string[];
  /** Problems of the root itself: not a directory, unreadable folders, depth bound reached, loops skipped. */
  diagnostics: Diagnostic[];
  /**
   * This root's entries that are the same real files as an earlier root's (a linked folder such as
   * `.agents/skills -> ../.claude/skills`): one real file is one entry, listed under the earlier
   * root only (with `reachableFrom` naming this one). Per kind, that root and how many entries it
   * lists for this one, e.g. `[{ kind: 'skills', root: '.claude', count: 3 }]`. Omitted when none.
   */
  listedUnder?: InventoryListedUnder[];
}

/** Entries of a root listed under an earlier root that reaches the same real files (see `InventoryRoot.listedUnder`). */
export interface InventoryListedUnder {
  kind: 'skills' | 'agents' | 'commands';
  /** The root that lists them, as in `InventoryRoot.root`. */
  root: string;
  count: number;
}

/**
 * One Claude Code output style: a Markdown file in `ROOT/output-styles/` that replaces the system
 * prompt's style section when chosen (`/output-style NAME`).
 *
 * @example { path: '.claude/output-styles/teacher.md', name: 'Teacher', description: 'Explains each step.', attributes: {}, diagnostics: [] }
 */
export interface InventoryOutputStyle {
  /** Label of the file. */
  path: string;
  /** The frontmatter `name`, else the file name without `.md`. */
  name: string;
  /** The frontmatter `description`, else the first body line that is neither blank nor a heading; `null` when none. */
  description: string | null;
  /** Every other frontmatter key (`keep-coding-instructions`, ...), as parsed. */
  attributes: Record<string, unknown>;
  /** Problems of this file. */
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
  /**
   * When linked roots reach this same file (`.claude/skills -> ../skills` and `.agents/skills -> ../skills`):
   * every root it is reachable from, this entry's root first. The file is listed once, under the first.
   */
  reachableFrom?: string[];
}

/** One skill (a folder holding `SKILL.md`). */
export interface InventorySkill extends InventoryAssetFields {
  /** Label of the skill's folder, e.g. `.claude/skills/pdf`. Its last segment must equal `name`. */
  directory: string;
  /** For a skill whose name an earlier skill (earlier root, or earlier path) already has: that skill's path. */
  duplicateOf: string | null;
  /** Paths of every other skill with the same name, in scan order (empty when the name is unique). */
  alsoIn: string[];
  /** For a skill whose name a skill of a nearer directory also has: that skill's path (the nearer one wins). */
  shadowedBy?: string;
}

/** One sub-agent definition (`ROOT/agents/NAME.md`, or `.codex/agents/NAME.toml`). */
export type InventoryAgent = InventoryAssetFields;

/**
 * One slash command: a Markdown prompt under `ROOT/commands/`, typed as `/NAME`, named as its
 * assistant and `commands()` name it: Claude Code's `commands/frontend/build.md` is `build` (the
 * subfolder labels it), Gemini CLI's `commands/git/commit.toml` is `git:commit`, a plugin's
 * `commands/check.md` is `PLUGIN:check`. Frontmatter is optional.
 *
 * @example { path: '.claude/commands/review.md', name: 'review', description: 'Review the diff.', attributes: { 'argument-hint': '[file]' }, diagnostics: [] }
 */
export interface InventoryCommand {
  /**
   * Label of the file, e.g. `.claude/commands/frontend/build.md`. For a symlinked folder whose target
   * could not be entered (outside the workspace), the link path itself, e.g. `.claude/commands/shared`.
   */
  path: string;
  /** The command as typed, without the slash (`build`, `git:commit`, `team/review`, `review:check`); `null` for a refused link. */
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
  /** Every root this same file is reachable from through links, this entry's root first (see skills). */
  reachableFrom?: string[];
  /**
   * For a command whose name an earlier command of the scan already has (nearer directory, earlier
   * root, or earlier path): that command's path, the one `/NAME` runs. Absent when the name is unique.
   */
  shadowedBy?: string;
}

/** A file read for its hooks: `ROOT/settings.json` and the other hook files of a root. */
export interface InventorySettings {
  /** Label of the file, e.g. `.claude/settings.json`, `.codex/hooks.json`. */
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

/**
 * Every diagnostic of an inventory in one list, in scan order (result; each root with its hook files,
 * skills, agents and commands; then the rule files not listed, then the rules).
 */
export function listInventoryDiagnostics(result: InventoryResult): Diagnostic[] {
  const diagnostics: Diagnostic[] = [...(result.diagnostics ?? [])];
  for (const root of result.roots) {
    diagnostics.push(...root.diagnostics);
    if (root.settings) diagnostics.push(...root.settings.diagnostics);
    for (const file of root.hookFiles ?? []) diagnostics.push(...file.diagnostics);
    pushDiagnosticsOf(diagnostics, root.skills);
    pushDiagnosticsOf(diagnostics, root.agents);
    pushDiagnosticsOf(diagnostics, root.commands);
    pushDiagnosticsOf(diagnostics, root.outputStyles ?? []);
  }
  diagnostics.push(...(result.ruleDiagnostics ?? []));
  pushDiagnosticsOf(diagnostics, result.rules ?? []);
  return diagnostics;
}

/**
 * Push the diagnostics of every entry onto `diagnostics`, in order: by index, one at a time (a
 * folder's 100,000 entries mostly have none, and a spread per entry would cost each a call).
 */
function pushDiagnosticsOf(
  diagnostics: Diagnostic[],
  entries: ReadonlyArray<{ diagnostics: Diagnostic[] }>,
): void {
  for (let index = 0; index < entries.length; index += 1) {
    const own = entries[index]!.diagnostics;
    for (let at = 0; at < own.length; at += 1) diagnostics.push(own[at]!);
  }
}

/**
 * Why a root that does not exist shows nothing: `absent`, `unreadable` (it could not be read), or
 * `not checked: DIR could not be read` (a directory above it could not be read).
 */
export function absenceOf(root: Pick<InventoryRoot, 'root' | 'unreadable'>): string {
  if (root.unreadable === undefined) return 'absent';
  return root.unreadable === root.root ? 'unreadable' : `not checked: ${root.unreadable} could not be read`;
}
