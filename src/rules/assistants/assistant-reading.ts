import type { AssistantName } from '../../tool-vocabulary/assistant.js';
import type { RuleFormatName } from '../rule.js';
import type { InstructionOverride } from '../rule-format.js';

/** One per-directory instruction file as one assistant reads it. */
export interface AssistantFilename {
  /** The file name (or a path below the directory, e.g. `.github/copilot-instructions.md`). */
  filename: string;
  /** Read in the project root only (Copilot's `CLAUDE.md` and `GEMINI.md`). Default `false`. */
  rootOnly?: boolean;
  /**
   * Not read when one of these names is a file: at run start, in any directory from the project root
   * down to the working directory; on touch, in the same directory (Claude Code's `AGENTS.md`, read
   * only where no `CLAUDE.md`, `.claude/CLAUDE.md` or `CLAUDE.local.md` is).
   */
  unlessPresent?: readonly string[];
  /** Only the nearest directory's file of this name is read (Copilot's `AGENTS.md`). Default `false`. */
  nearestOnly?: boolean;
  /**
   * On touch: `unlessPresent` is decided once per session, over the run-start walk (the project root
   * down to the working directory), not per directory: Claude Code reads no `AGENTS.md` anywhere in
   * a session that started with a `CLAUDE.md`, and every `AGENTS.md` in one that did not. Default `false`.
   */
  decidedAtStart?: boolean;
  /** `@path` imports of this file stay text (Copilot CLI's `GEMINI.md`). Default `false`. */
  noImports?: boolean;
}

/** Where a documented behaviour comes from, for docs/rules.md and the tests. */
export interface AssistantSource {
  /** The page (address without `https://`), e.g. `developers.openai.com/codex/guides/agents-md`. */
  page: string;
  /** What the page says that the descriptor follows, in our words. */
  says: string;
}

/**
 * One assistant's documented reading of a repository: which files it loads at start and on touch,
 * in which order, with which imports and budget, and where its skills and agents live. Adding an
 * assistant is adding one descriptor to `assistantReadings`.
 */
export interface AssistantReading {
  name: AssistantName;
  /** The assistant's name, e.g. `Codex`. */
  title: string;
  /** The rule formats it reads (its rule folders, legacy files and user-level files). */
  formats: readonly RuleFormatName[];
  /** Per-directory instruction files at run start, in per-directory order. */
  filenames: readonly AssistantFilename[];
  /** Files read in place of another of the same directory (Codex's `AGENTS.override.md`). */
  overrides: readonly InstructionOverride[];
  /** `all`: every listed file of a directory; `first`: the first that is a file. */
  perDirectory: 'all' | 'first';
  /** A blank file still takes its directory's one slot and loads nothing (Codex). Default `false`. */
  blankTakesSlot?: boolean;
  /**
   * `walk-up`: every directory from the project root down to the working directory; `root`: the
   * project root only; `root-and-working-directory`: those two (Copilot CLI: the git root and the
   * directory it runs in).
   */
  directories: 'walk-up' | 'root' | 'root-and-working-directory';
  /** `root-first` (the broadest file first) or `nearest-first` (OpenCode merges the nearest file first). */
  order: 'root-first' | 'nearest-first';
  /**
   * `true`: the first of `filenames` that is a file anywhere on the walk names every file read at
   * start, all of that name (OpenCode: `AGENTS.md`, else `CLAUDE.md`, else `CONTEXT.md`). Default `false`.
   */
  oneNameForWalk?: boolean;
  /** The files looked for in directories below the working directory when the agent touches them; `[]` when none are. */
  onTouch: readonly AssistantFilename[];
  /** The order of the files a touch delivers: `root-first` (the default) or `nearest-first` (Copilot CLI, OpenCode). */
  touchOrder?: 'root-first' | 'nearest-first';
  /**
   * Where an imported file's text goes: `appended` after the importing file (Claude Code), or
   * `inline` in place of its `@path` mention (Gemini CLI, Copilot CLI, Qwen Code). Default `appended`.
   */
  importLayout?: 'inline' | 'appended';
  /**
   * What a `@path` that cannot be imported becomes: `marker`, a visible
   * `<!-- import failed: PATH (REASON) -->` (the default; Gemini CLI writes a comment too), or
   * `as-written`, the mention left as text (Claude Code).
   */
  failedImports?: 'marker' | 'as-written';
  /** `@path` import hops followed; `undefined` when the assistant does not read `@path` as an import. */
  maxImportDepth: number | undefined;
  /** The budget over the project files, in UTF-8 bytes, spent from the root down (Codex); `undefined` for none. */
  maxBytes?: number;
  /** The asset roots (skills, agents, commands) it reads, in order. */
  assetRoots: readonly string[];
  /** A skill without `description` is listed by the first line of its body (Claude Code, Copilot CLI, measured). Default `false`. */
  describesSkillsFromBody?: boolean;
  /**
   * Lists Claude Code's project commands (`.claude/commands`) to the model with its skills (Claude
   * Code and Copilot CLI, measured). Default `false`.
   */
  offersProjectCommands?: boolean;
  /** The pages each behaviour above was checked against. */
  sources: readonly AssistantSource[];
  /**
   * The assistant release whose requests to its model this reading was held to
   * (`test/assistant-readings/recorded-readings.json`), e.g. `2.1.332`; absent for a reading that
   * follows the documentation only (an assistant without a CLI that runs headless here).
   */
  measuredOn?: string;
}
