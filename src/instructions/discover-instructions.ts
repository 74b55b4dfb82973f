import os from 'node:os';
import path from 'node:path';
import { capDiagnostics } from '../cap-diagnostics.js';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError } from '../errors.js';
import { walkUpDirectories } from '../project/walk-up-directories.js';
import type { AssistantReading } from '../rules/assistants/assistant-reading.js';
import { assistantReading } from '../rules/assistants/index.js';
import { selectFormats } from '../rules/load-rules.js';
import { readRenamedFilenames } from '../rules/read-renamed-filenames.js';
import type { RuleFormatName } from '../rules/rule.js';
import { omittedBytes } from '../text/cut-text.js';
import type { AssistantName } from '../tool-vocabulary/assistant.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toPosixPath } from '../workspace/paths.js';
import {
  foldUnreadableDiagnostics,
  guardUnreadableDirectories,
  withUnreadableDirectories,
} from '../workspace/unreadable-directories.js';
import type { Workspace } from '../workspace/workspace.js';
import type { InstructionDiscovery, InstructionFile } from './instruction-file.js';
import { resolveInstructionFilenames } from './instruction-filenames.js';
import { instructionLabel } from './instruction-label.js';
import {
  fileTruncatedDiagnostic,
  type ImportContext,
  loadImports,
  markTruncatedFiles,
} from './load-imports.js';
import { planAssistantFiles } from './plan-assistant-files.js';
import { readCandidate } from './read-candidate.js';

/** Options of {@link discoverInstructions}. */
export interface DiscoverInstructionsOptions {
  /** Where files come from. The walk starts at `workspace.cwd` and never leaves `workspace.root`. */
  workspace: Workspace;
  /**
   * File names looked for in each directory, in per-directory order; a list given here is used as is
   * (no format adds a file or an override to it). Default `['AGENTS.md', 'CLAUDE.md']`, then the
   * per-directory files of the selected `formats` (with every format: `.claude/CLAUDE.md`,
   * `CLAUDE.local.md`, `GEMINI.md`, `QWEN.md`, `AGENT.md`), with the names a repository's settings
   * give in place of a format's own (`.gemini/settings.json` `context.fileName`, nearest first).
   */
  filenames?: readonly string[];
  /**
   * The assistants' formats whose per-directory files are read when `filenames` is not given: their
   * files join the default names, and their overrides apply (with `codex`, an `AGENTS.override.md` that is there and not
   * blank is read in place of its directory's `AGENTS.md`, which is skipped with a `replaced`
   * diagnostic). Default: every format; `[]` for none.
   */
  formats?: readonly RuleFormatName[];
  /**
   * `'all'` (default): every listed file of a directory. `'first'`: only the first listed file that
   * can be used (exists, is a regular text file, not refused); a duplicate still counts as used.
   */
  perDirectory?: 'all' | 'first';
  /** Names (file or directory) that mark the project root. Default `['.git']`. */
  rootMarkers?: readonly string[];
  /**
   * The highest directory to search, absolute or relative to `workspace.cwd`; overrides `rootMarkers`.
   * Default: none (the nearest ancestor holding a root marker).
   */
  stopAt?: string;
  /** Follow `@path` imports outside `workspace.root`, and `@~/` imports. Default `false`. */
  allowExternalImports?: boolean;
  /**
   * Reads imports outside `workspace.root` when `allowExternalImports` is on. Default: `workspace`
   * itself, which refuses them when contained. Pass `localWorkspace('/', { contained: false })` to read
   * the host file system.
   */
  externalWorkspace?: Workspace;
  /** The user's home directory: what `@~/` imports mean (only with `allowExternalImports`). Default: `os.homedir()`. */
  userDirectory?: string;
  /** Import hops followed from a walk-up file; the next one fails with a marker. Default `5`. */
  maxImportDepth?: number;
  /**
   * Bytes read from one file at most. A bigger file keeps its head, cut on a whole character and
   * ended by a `[truncated: N bytes of LABEL omitted]` line, with a `file-truncated` warning.
   * Default 1 MiB.
   */
  maxFileBytes?: number;
  /**
   * Read as one assistant does, per its documentation (`assistantReadings`): its per-directory files
   * and their conditions (Claude Code's `AGENTS.md` only where no `CLAUDE.md` is; Codex's one file per
   * directory; Zed's first match at the root), its order and its imports (none for Codex). Cannot be
   * combined with `filenames`, `formats` or `perDirectory`. Default: none, the union of every format.
   */
  assistant?: AssistantName;
}

/** Defaults of {@link DiscoverInstructionsOptions}. */
export const instructionDefaults = {
  /** The first file names of each directory; the selected formats' files follow (see `formats`). */
  filenames: ['AGENTS.md', 'CLAUDE.md'],
  perDirectory: 'all',
  rootMarkers: ['.git'],
  maxImportDepth: 5,
  maxFileBytes: 1024 * 1024,
  maxChars: 32_000,
} as const;

/**
 * Find the project instruction files an agent working in `workspace.cwd` should load, in precedence
 * order (broadest first):
 *
 * 1. Choose the directories: from the project root (nearest ancestor holding a root marker, or
 *    `stopAt`) down to the workspace directory; the workspace directory alone when there is none.
 * 2. In each directory, ancestors first, look for `filenames` in order (all, or the first usable); an
 *    override that is there and not blank is read in place of the file it replaces. Without
 *    `filenames`, a settings file on the way (`.gemini/settings.json` `context.fileName`, the
 *    nearest) renames its format's files first.
 * 3. Skip a file already loaded: same real path, the same text importing the same files (two
 *    identical `@AGENTS.md` files in two directories are two documents), or already imported.
 * 4. Refuse a symlink whose target leaves its directory or the workspace root, binary files and
 *    unreadable files, each with a diagnostic.
 * 5. Right after each loaded file, its `@path` imports, depth first (see `loadImports`).
 *
 * Never throws for a bad file: every problem is a diagnostic. Throws `invalid-option` for options
 * that cannot work. An empty tree gives `items: []`.
 */
export function discoverInstructions(options: DiscoverInstructionsOptions): Promise<InstructionDiscovery> {
  // One operation: the directories on the way to every path are checked once, not once per path.
  return withUnreadableDirectories(() => withCheckedDirectories(() => discoverOnce(options)));
}

async function discoverOnce(options: DiscoverInstructionsOptions): Promise<InstructionDiscovery> {
  if (!options || typeof options.workspace?.stat !== 'function') {
    throw invalidOption('discoverInstructions needs a `workspace` (e.g. localWorkspace(root))');
  }
  const settings = resolveInstructionSettings(options);
  // A directory that cannot be read is reported once, and nothing below it asked again.
  const workspace = guardUnreadableDirectories(options.workspace);
  const diagnostics: Diagnostic[] = [];
  const items: InstructionFile[] = [];
  const label = (absolutePath: string) => instructionLabel(workspace, absolutePath);
  const context: ImportContext = {
    workspace,
    externalWorkspace: options.externalWorkspace ?? workspace,
    allowExternalImports: options.allowExternalImports ?? false,
    userDirectory: toPosixPath(options.userDirectory ?? os.homedir()),
    maxImportDepth: settings.maxImportDepth,
    maxFileBytes: settings.maxFileBytes,
    seen: { realPaths: new Map(), hashes: new Map() },
    diagnostics,
    label,
    truncatedFiles: new Map(),
    ...(settings.assistant?.failedImports === undefined
      ? {}
      : { failedImports: settings.assistant.failedImports }),
  };

  // Step 1.
  const walk = await walkUpDirectories(workspace, settings);
  if (walk.ceilingReason === 'stop-at-not-ancestor') {
    diagnostics.push({
      severity: 'info',
      code: 'stop-at-not-ancestor',
      message: `stopAt ${settings.stopAt} is not an ancestor of the workspace directory; only the workspace directory was searched.`,
    });
  }
  const reading = settings.assistant;
  let renamed: ReadonlyMap<RuleFormatName, readonly string[]> = new Map();
  // A repository's settings may rename a format's per-directory files (Gemini CLI `context.fileName`).
  if (reading !== undefined) {
    const selected = selectFormats(reading.formats).filter((format) => format.instructionFilenameSetting);
    if (selected.length > 0)
      renamed = await readRenamedFilenames(workspace, walk.directories, selected, diagnostics, label);
  } else if (options.filenames === undefined) {
    const selected = selectFormats(options.formats).filter((format) => format.instructionFilenameSetting);
    if (selected.length > 0) {
      renamed = await readRenamedFilenames(workspace, walk.directories, selected, diagnostics, label);
      if (renamed.size > 0) {
        const names = resolveInstructionFilenames(undefined, options.formats, instructionDefaults.filenames, {
          renamed,
        });
        settings.filenames = names.filenames;
        settings.overrides = names.overrides;
      }
    }
  }
  // An assistant's reading: which names each directory has, decided before any file is read.
  const plan =
    reading === undefined
      ? undefined
      : await planAssistantFiles(workspace, walk.directories, reading, renamed, label);
  if (plan !== undefined) diagnostics.push(...plan.diagnostics);
  // Ancestors of a real path are real paths: when the workspace directory is one, a walk-up file
  // that is not a symlink needs no `realpath` call (the cost per file stays flat as the chain grows).
  const cwdIsReal = (await workspace.realpath(workspace.cwd).catch(() => undefined)) === workspace.cwd;
  /** Read one file of a directory: `used` when it counts as the directory's file (read or a duplicate). */
  const readFile = async (directory: string, filename: string, replaces?: string): Promise<FileUse> => {
    const filePath = path.posix.join(directory, filename);
    const fileLabel = label(filePath);
    // Steps 3 and 4.
    const outcome = await readCandidate(workspace, filePath, {
      seen: context.seen,
      maxFileBytes: settings.maxFileBytes,
      symlinkBoundary: directory,
      directoryIsReal: cwdIsReal && !filename.includes('/'),
    });
    if (outcome.status === 'missing') return 'unused';
    if (outcome.status === 'refused') {
      const instead = replaces === undefined ? '' : `; ${replaces} is read instead`;
      diagnostics.push({
        severity: 'error',
        code: outcome.code,
        message: `Skipped ${fileLabel}: ${outcome.reason}${instead}.`,
        path: fileLabel,
      });
      return 'unused';
    }
    if (outcome.status === 'duplicate') {
      diagnostics.push({
        severity: 'info',
        code: 'duplicate',
        message: `Skipped ${fileLabel}: ${outcome.reason}.`,
        path: fileLabel,
      });
      return 'used';
    }
    if (reading?.blankTakesSlot && outcome.text.trim() === '') {
      diagnostics.push({
        severity: 'info',
        code: 'blank-file',
        message: `Skipped ${fileLabel}: it is blank; ${reading.title} skips empty files, and it still takes its directory's one file.`,
        path: fileLabel,
      });
      return 'used';
    }
    if (replaces !== undefined && outcome.text.trim() === '') {
      diagnostics.push({
        severity: 'info',
        code: 'blank-override',
        message: `Skipped ${fileLabel}: it is blank, so ${replaces} is read instead.`,
        path: fileLabel,
      });
      return 'unused';
    }
    if (outcome.truncated)
      diagnostics.push(fileTruncatedDiagnostic(fileLabel, outcome.size, settings.maxFileBytes));
    context.seen.realPaths.set(outcome.realPath, fileLabel);
    context.seen.hashes.set(outcome.documentKey, fileLabel);
    const file: InstructionFile = {
      path: filePath,
      realPath: outcome.realPath,
      label: fileLabel,
      directory,
      reason: 'walk-up',
      importDepth: 0,
      text: outcome.text,
      characters: outcome.text.length,
      size: outcome.size,
      sha256: outcome.sha256,
      imports: [],
    };
    if (outcome.truncated) context.truncatedFiles?.set(file, omittedBytes(outcome.size, outcome.text));
    items.push(file);
    // Step 5 (an assistant that reads no imports leaves `@path` as written).
    if (settings.followImports) items.push(...(await loadImports(context, file, [file.realPath])));
    return 'used';
  };

  /** The files an assistant reading one file per directory passes over there. */
  const reportShadowed = async (directory: string, used: string, rest: readonly string[]) => {
    const usedName = settings.overrides.get(used) ?? used;
    for (const name of [used, ...rest]) {
      const file = path.posix.join(directory, name);
      if (name === used || (await workspace.stat(file).catch(() => undefined))?.kind !== 'file') continue;
      const usedLabel = label(path.posix.join(directory, usedName));
      diagnostics.push({
        severity: 'info',
        code: 'not-read-by-assistant',
        message: `Skipped ${label(file)}: ${reading?.title} reads one file per directory, and ${usedLabel} is this directory's.`,
        path: label(file),
      });
    }
  };

  // Step 2.
  for (const directory of plan?.directories ?? walk.directories) {
    const names = plan?.filenames.get(directory) ?? settings.filenames;
    for (const [position, filename] of names.entries()) {
      const override = settings.overrides.get(filename);
      let use: FileUse = 'unused';
      if (override !== undefined && (await readFile(directory, override, filename)) === 'used') {
        use = 'used';
        const replaced = path.posix.join(directory, filename);
        if ((await workspace.stat(replaced).catch(() => undefined)) !== undefined) {
          diagnostics.push(replacedDiagnostic(label(replaced), label(path.posix.join(directory, override))));
        }
      } else {
        use = await readFile(directory, filename);
      }
      if (use === 'used' && settings.perDirectory === 'first') {
        if (reading !== undefined) await reportShadowed(directory, filename, names.slice(position + 1));
        break;
      }
    }
  }
  markTruncatedFiles(context.truncatedFiles ?? new Map());
  return {
    items,
    diagnostics: capDiagnostics(foldUnreadableDiagnostics(workspace, diagnostics)),
    directory: workspace.cwd,
    ceiling: walk.ceiling,
    ceilingReason: walk.ceilingReason,
    searched: walk.directories,
  };
}

/** Whether a file counts as its directory's file (for `perDirectory: 'first'` and overrides). */
type FileUse = 'used' | 'unused';

/** The diagnostic of a file another replaces in its directory (`AGENTS.md` under `AGENTS.override.md`). */
export function replacedDiagnostic(replaced: string, override: string): Diagnostic {
  return {
    severity: 'info',
    code: 'replaced',
    message: `Skipped ${replaced}: ${override} replaces it in its directory.`,
    path: replaced,
  };
}

/**
 * The discovery options with their defaults applied. Throws `invalid-option` for values that cannot
 * work, so `projectInstructions` can refuse them when it is created rather than at the first run.
 */
export function resolveInstructionSettings(options: Omit<DiscoverInstructionsOptions, 'workspace'>) {
  const reading = options.assistant === undefined ? undefined : assistantReading(options.assistant);
  if (reading !== undefined) return assistantSettings(reading, options);
  if (
    options.filenames !== undefined &&
    (options.filenames.length === 0 || options.filenames.some((name) => !isPlainRelativePath(name)))
  ) {
    throw invalidOption('`filenames` must be a non-empty list of relative paths without `..`');
  }
  const { filenames, overrides } = resolveInstructionFilenames(
    options.filenames,
    options.formats,
    instructionDefaults.filenames,
  );
  const perDirectory = options.perDirectory ?? instructionDefaults.perDirectory;
  if (perDirectory !== 'all' && perDirectory !== 'first') {
    throw invalidOption("`perDirectory` must be 'all' or 'first'");
  }
  const maxImportDepth = options.maxImportDepth ?? instructionDefaults.maxImportDepth;
  if (!Number.isInteger(maxImportDepth) || maxImportDepth < 0) {
    throw invalidOption('`maxImportDepth` must be a whole number, 0 or more');
  }
  const maxFileBytes = options.maxFileBytes ?? instructionDefaults.maxFileBytes;
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1) {
    throw invalidOption('`maxFileBytes` must be a whole number, 1 or more');
  }
  return {
    filenames: filenames as readonly string[],
    overrides: overrides as ReadonlyMap<string, string>,
    perDirectory,
    rootMarkers: options.rootMarkers ?? instructionDefaults.rootMarkers,
    stopAt: options.stopAt,
    maxImportDepth,
    maxFileBytes,
    followImports: true,
    assistant: undefined as AssistantReading | undefined,
  };
}

/** The settings of an assistant's reading: its names, order and imports, not the caller's. */
function assistantSettings(
  reading: AssistantReading,
  options: Omit<DiscoverInstructionsOptions, 'workspace'>,
) {
  for (const key of ['filenames', 'formats', 'perDirectory'] as const) {
    if (options[key] !== undefined)
      throw invalidOption(
        `\`${key}\` cannot be combined with \`assistant\`: the assistant's reading decides it`,
      );
  }
  const maxFileBytes = options.maxFileBytes ?? instructionDefaults.maxFileBytes;
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1) {
    throw invalidOption('`maxFileBytes` must be a whole number, 1 or more');
  }
  const filenames = [...new Set(reading.filenames.map((entry) => entry.filename))];
  return {
    filenames: filenames as readonly string[],
    overrides: new Map(reading.overrides.map((entry) => [entry.replaces, entry.filename])) as ReadonlyMap<
      string,
      string
    >,
    perDirectory: reading.perDirectory,
    rootMarkers: options.rootMarkers ?? instructionDefaults.rootMarkers,
    stopAt: options.stopAt,
    maxImportDepth: reading.maxImportDepth ?? 0,
    maxFileBytes,
    followImports: reading.maxImportDepth !== undefined,
    assistant: reading as AssistantReading | undefined,
  };
}

function isPlainRelativePath(name: string): boolean {
  return name !== '' && !name.includes('\0') && !name.startsWith('/') && !name.split('/').includes('..');
}

function invalidOption(message: string): AgentContextError {
  return new AgentContextError(message, { code: 'invalid-option', reason: message });
}
