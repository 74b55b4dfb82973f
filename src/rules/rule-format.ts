import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { GlobsWithoutSlash } from '../shared/compile-glob.js';
import type { RuleFormatName, RuleScope } from './rule.js';

/** Where one format keeps rule files, relative to a directory searched. */
export interface RuleLocation {
  /** POSIX path relative to the directory searched, e.g. `.claude/rules` or `.cursorrules`. */
  path: string;
  /** `directory`: the files below it ending in one of `extensions`; `file`: the file itself. */
  kind: 'directory' | 'file';
  /** For directories: the file name endings read, e.g. `['.mdc', '.md']`. */
  extensions?: readonly string[];
  /** For directories: read subfolders too (depth bound 8). Default `false`. */
  recursive?: boolean;
  /** For files: the scope of the whole file, no frontmatter read (legacy single-file formats). */
  scope?: RuleScope;
  /**
   * For directories: read the folders directly in `path` whose names start with this prefix instead
   * of `path` itself, each as its own folder of rules; the rest of the name is the rule's `mode`
   * (Roo Code's `.roo/rules-code/`: prefix `rules-`, mode `code`).
   */
  modePrefix?: string;
  /**
   * For files: a JSON configuration file whose `key` (a list of paths and globs, relative to the
   * file's directory) names the rule files, each read with `scope` (OpenCode's `opencode.json`
   * `instructions`). URLs in the list are not fetched.
   */
  listKey?: string;
  /**
   * Also looked for in each directory below the working directory, when the agent first touches it
   * (the assistant reads this location in subfolders too, scoped to the subfolder): the rules found
   * there are relative to that directory and apply to its files. Default `false`.
   */
  nested?: boolean;
}

/**
 * A file that replaces an instruction file of its own directory when it is there and not blank
 * (Codex's `AGENTS.override.md` for `AGENTS.md`).
 */
export interface InstructionOverride {
  /** The override's file name, e.g. `AGENTS.override.md`. */
  filename: string;
  /** The instruction file name it replaces, e.g. `AGENTS.md`. */
  replaces: string;
}

/** What a format's frontmatter says about one rule file. */
export type RuleScopeReading =
  | { scope: RuleScope; globs?: readonly string[]; description?: string }
  | {
      skip: true;
      code: DiagnosticCode;
      reason: string;
      /** Default `error`; `info` for a file the assistant itself passes over on purpose. */
      severity?: 'error' | 'warning' | 'info';
    };

/** What {@link RuleFormat.read} gets for one file. */
export interface RuleFileFacts {
  /** The frontmatter keys (empty without frontmatter). */
  data: Record<string, unknown>;
  /** True when the file starts with a frontmatter block. */
  hasFrontmatter: boolean;
  /** The location the file was found through. */
  location: RuleLocation;
  /** The file's own name, e.g. `api.mdc`. */
  fileName: string;
  /** For a location with a `modePrefix`: the mode its folder is for (`code` for `.roo/rules-code/`). */
  mode?: string;
}

/**
 * A settings file whose value renames an assistant's per-directory instruction files (Gemini CLI's
 * `.gemini/settings.json` `context.fileName`, a name or a list of names).
 */
export interface InstructionFilenameSetting {
  /** POSIX path of the settings file relative to a directory searched, e.g. `.gemini/settings.json`. */
  path: string;
  /** The keys leading to the value, e.g. `['context', 'fileName']`. */
  keys: readonly string[];
}

/**
 * One assistant's rule format: where its files are and how a file's frontmatter maps onto the rule
 * model. Adding a format is adding one descriptor to `ruleFormats`.
 */
export interface RuleFormat {
  name: RuleFormatName;
  /** The assistant's name, e.g. `Cursor`. */
  title: string;
  /**
   * Per-directory instruction files this assistant reads (walk-up and nested), in its order. They load
   * as instruction files, not as rules: after the default `filenames` when the format is selected.
   */
  instructionFilenames: readonly string[];
  /** Per-directory files read in place of another instruction file of the same directory. */
  instructionOverrides: readonly InstructionOverride[];
  /**
   * A settings file that renames `instructionFilenames` for a repository: the names it gives are
   * read in place of this format's own, in the walk-up (nearest settings file first).
   */
  instructionFilenameSetting?: InstructionFilenameSetting;
  /**
   * Rule bodies may include other files with Kiro's `#[[file:PATH]]` (relative to the directory
   * holding the rules folder): each reference is replaced by that file's text, or by a visible
   * `<!-- reference failed: PATH (REASON) -->` marker. Default `false`.
   */
  fileReferences?: boolean;
  /**
   * Where a glob without `/` (`*.md`) matches: `any-depth` (default), the file name in any folder
   * below the rule's base, as in `.gitignore`; `base-only`, only files directly in the base, as Claude
   * Code and Cursor document for their globs.
   */
  globsWithoutSlash?: GlobsWithoutSlash;
  /**
   * Rule files looked for in each directory from the project root down to the workspace directory;
   * those marked `nested` also in the directories below it, as the agent touches them.
   */
  locations: readonly RuleLocation[];
  /** Rule files looked for under `userDirectory` (only when it is given). */
  userLocations: readonly RuleLocation[];
  /** Map one file's frontmatter onto a scope (with globs or description), or say why it is skipped. */
  read(file: RuleFileFacts): RuleScopeReading;
}

/**
 * Globs from a frontmatter value: a YAML list of strings, or one string holding a comma-separated
 * list (commas inside `{...}` braces belong to the glob). Items are trimmed; empty ones dropped.
 * Anything else gives `undefined`.
 */
export function globList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return splitCommas(value);
  if (Array.isArray(value)) {
    const items = value.filter((item): item is string => typeof item === 'string');
    if (items.length !== value.length) return undefined;
    return items.flatMap(splitCommas);
  }
  return undefined;
}

function splitCommas(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '{') depth += 1;
    if (character === '}') depth = Math.max(0, depth - 1);
    if (character === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  items.push(current);
  return items.map((item) => item.trim().replace(/^["']|["']$/g, '')).filter((item) => item !== '');
}

/** A non-empty trimmed string, or `undefined`. */
export function textValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The reading of a value that names no known mode: the file is skipped, never guessed at. */
export function unknownValue(key: string, value: unknown, known: readonly string[]): RuleScopeReading {
  return {
    skip: true,
    code: 'unknown-rule-mode',
    reason: `\`${key}: ${String(value)}\` is not one of ${known.join(', ')}`,
  };
}
