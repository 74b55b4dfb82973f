import type { RuleFormatName } from '../rules/rule.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import type { Workspace } from '../workspace/workspace.js';

/** Options of {@link scanInventory}. */
export interface ScanInventoryOptions {
  /** Where to read. Roots are looked for in `workspace.cwd` and its ancestors (see {@link scanInventory}). */
  workspace: Workspace;
  /**
   * Asset root names, relative to each directory searched, in the order reported. Default
   * `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. A root given twice is scanned once. An absolute root, or one that
   * leaves its directory, throws `AgentContextError` (`invalid-option`).
   */
  roots?: readonly string[];
  /**
   * The highest directory searched, absolute or relative to `workspace.cwd`, as in project
   * instructions; `'.'` searches the working directory only. Default: the project root (`rootMarkers`).
   */
  stopAt?: string;
  /** Names that mark the project root when there is no `stopAt`. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /** Scan the plugin folders of the project root: those its marketplace files name (Claude Code, Codex) and its Gemini CLI extensions. Default `true`. */
  plugins?: boolean;
  /** Depth bound of the skills and commands walks (default 8: `skills/` or `commands/` plus 8 folders). */
  maxDepth?: number;
  /** Bytes read of each `SKILL.md`, agent and command file (default 64 KiB); the frontmatter must close within them. */
  maxFileBytes?: number;
  /**
   * The assistants' rule formats listed in `rules`, read as `loadRules` reads them, in the same
   * directories as the asset roots. Default: every format; `[]` lists none (and leaves `rules` out).
   */
  formats?: readonly RuleFormatName[];
  /**
   * List what one assistant reads, per its documentation (`assistantReadings`): its asset roots
   * (Codex `.agents` and `.codex`, Cursor `.cursor`, ...) and its rule formats. Cannot be combined with
   * `roots` or `formats`. Default: none (every default root, every format).
   */
  assistant?: AssistantName;
  /**
   * The user's home directory, to list user-level rules too (`~/.claude/rules`, `~/.codex/AGENTS.md`,
   * ...), read through their own read-only workspace. Default: none (never read).
   */
  userDirectory?: string;
}
