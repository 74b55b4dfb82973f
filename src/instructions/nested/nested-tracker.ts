import path from 'node:path';
import { capDiagnostics } from '../../cap-diagnostics.js';
import { diagnosticCodeOf } from '../../diagnostic-code-of-error.js';
import type { DiagnosticCode } from '../../diagnostic-codes.js';
import type { Diagnostic } from '../../diagnostics.js';
import { describeError, isAgentContextError } from '../../errors.js';
import { walkUpDirectories } from '../../project/walk-up-directories.js';
import { type NestedFile, restoreNestedFile, saveNestedFile } from '../../rules/nested-file.js';
import type { ContextEvent, TouchedPath } from '../../session/capability.js';
import { savedState } from '../../session/saved-state.js';
import type { JsonValue } from '../../session/session-snapshot.js';
import { expandFrontCoded, FrontCoder } from '../../shared/front-coding.js';
import { CheckedDirectoryMemory, withCheckedDirectories } from '../../workspace/checked-directories.js';
import { toLabel } from '../../workspace/labels.js';
import {
  exceedsPathLimits,
  isInside,
  maximumPathLength,
  maximumPathSegments,
} from '../../workspace/paths.js';
import { absoluteOfStored, storedPathOf } from '../../workspace/stored-path.js';
import type { Workspace } from '../../workspace/workspace.js';
import { documentKey } from '../document-key.js';
import { orList } from '../plan-assistant-files.js';
import { expandNestedImports } from './expand-nested-imports.js';
import { readNestedText } from './read-nested-text.js';
import { resolveBelowCwd } from './resolve-below-cwd.js';
import { restoreSeenFiles, saveSeenFiles } from './seen-files-snapshot.js';

/** The settings the tracker needs (resolved options of `nestedInstructions`). */
export interface NestedTrackerSettings {
  capability: string;
  filenames: readonly string[];
  /** File name -> the override read in its place when it is there and not blank. */
  overrides: ReadonlyMap<string, string>;
  perDirectory: 'all' | 'first';
  scope: 'chain' | 'directory';
  inject: 'pointer' | 'contents';
  maxChars: number;
  /** Import hops followed from a surfaced file (`contents` only); the next one fails with a marker. */
  maxImportDepth: number;
  /** `false`: `@path` stays text, as written (an assistant that reads no imports). Default `true`. */
  followImports?: boolean;
  /** File name -> names whose presence in the same directory means it is not read (Claude Code's `AGENTS.md`). */
  unlessPresent?: ReadonlyMap<string, readonly string[]>;
  /**
   * File name -> names whose presence anywhere on the run-start walk (see `walk`) means it is never
   * read in this session: decided at the first check, kept for the session (Claude Code's `AGENTS.md`).
   */
  decidedAtStart?: ReadonlyMap<string, readonly string[]>;
  /** The run-start walk of `decidedAtStart`: the project root found as the project instructions find it. */
  walk?: { stopAt: string | undefined; rootMarkers: readonly string[] };
  /**
   * The names looked for, when a repository's settings decide them (Gemini CLI's `context.fileName`):
   * asked once per session, at the first check, in place of `filenames`.
   */
  touchFilenames?: (workspace: Workspace) => Promise<readonly string[]>;
  /** Where imported files go: `inline` at their mention, or `appended` after the file (the default). */
  importLayout?: 'inline' | 'appended';
  /** What a failed `@path` becomes in the text (see `ImportContext.failedImports`). Default `marker`. */
  failedImports?: 'marker' | 'as-written';
  /** File names whose `@path` imports stay text (Copilot CLI's `GEMINI.md`). Default: none. */
  noImports?: ReadonlySet<string>;
  /** `nearest-first`: the files of the deepest new directory first (Copilot CLI, OpenCode). Default `root-first`. */
  order?: 'root-first' | 'nearest-first';
  /** Who reads the files, for the messages of `unlessPresent` (`Claude Code`). */
  reader?: string;
}

/**
 * Per-session memory of nested instructions: which directories were checked and which files
 * surfaced. Costs, whatever the conversation length or tree size:
 * - a touch whose directory was checked: no filesystem call (usually one set lookup, see `#inCheckedDirectory`);
 * - a touch of unknown kind (neither file nor directory said): one `stat`, unless it names a checked directory;
 * - each new directory: at most one `stat` per candidate filename, plus one `realpath` per file found
 *   (one entry per real file) and one read per surfaced file (`contents` only), plus the reads of
 *   its `@path` imports; the capability answers all of these from one listing per directory (one
 *   batch for every new directory of a touch), so only imports cost calls of their own.
 *
 * A directory is claimed before any await, so parallel touches of one directory check it once.
 * It is never checked again, even if a file appears later or its read failed.
 */
export class NestedTracker {
  /** Every file surfaced so far, in surfacing order. */
  readonly surfaced: NestedFile[] = [];
  /** The directories checked on the way to paths, kept for the session (see `CheckedDirectoryMemory`). */
  readonly checkedDirectories = new CheckedDirectoryMemory();
  readonly #checked = new Set<string>();
  readonly #hashes = new Map<string, string>();
  readonly #realPaths = new Map<string, string>();
  /** The names looked for in each new directory (see `touchFilenames`). */
  #touchFilenames: Promise<readonly string[]> | undefined;
  /** The `decidedAtStart` decisions, once made (see `#startDecision`). */
  #decision: Promise<ReadonlyMap<string, string>> | undefined;
  #decided: ReadonlyMap<string, string> | undefined;
  readonly #workspace: Workspace;
  readonly #settings: NestedTrackerSettings;
  readonly #emit: (event: ContextEvent) => void;

  constructor(workspace: Workspace, settings: NestedTrackerSettings, emit: (event: ContextEvent) => void) {
    this.#workspace = workspace;
    this.#settings = settings;
    this.#emit = emit;
  }

  /**
   * The unchecked directories a touch reaches, outermost first, now marked as checked. Synchronous
   * (no promise, no I/O) unless the touch's kind is unknown and it may name an unchecked directory:
   * then one `stat` finds out.
   */
  claim(touch: TouchedPath, trigger: () => string): string[] | Promise<string[]> {
    if (touch.kind !== undefined && this.#inCheckedDirectory(touch.path, touch.kind)) return [];
    const absolute = resolveBelowCwd(this.#workspace, touch.path);
    if (absolute === undefined) return [];
    if (exceedsPathLimits(absolute)) {
      // Checked before any directory is claimed: a path thousands of levels deep would otherwise
      // cost one check per level, each as long as the path.
      const shown = touch.path.length > 120 ? `${touch.path.slice(0, 120)}...` : touch.path;
      const message = `The touched path ${JSON.stringify(shown)} is deeper than ${maximumPathSegments} segments or longer than ${maximumPathLength} characters; its directories were not checked.`;
      this.#emit(
        this.#event('skipped', shown, trigger(), message, {
          severity: 'warning',
          code: 'invalid-path',
          message,
          path: shown,
        }),
      );
      return [];
    }
    if (touch.kind !== undefined)
      return this.#claimDirectory(touch.kind === 'directory' ? absolute : path.posix.dirname(absolute));
    if (this.#checked.has(absolute)) return [];
    return this.#statQuietly(absolute).then((stat) =>
      this.#claimDirectory(stat?.kind === 'directory' ? absolute : path.posix.dirname(absolute)),
    );
  }

  /**
   * The directories a touch of known kind would claim now, outermost first, claiming nothing: what a
   * tool's prefetch lists ahead (see `declareTouchRequests`). No I/O: a touch of unknown kind, which
   * would take a `stat` to place, gives none.
   */
  peek(touch: TouchedPath): string[] {
    if (touch.kind === undefined || this.#inCheckedDirectory(touch.path, touch.kind)) return [];
    const absolute = resolveBelowCwd(this.#workspace, touch.path);
    if (absolute === undefined || exceedsPathLimits(absolute)) return [];
    return this.#unchecked(touch.kind === 'directory' ? absolute : path.posix.dirname(absolute));
  }

  /** Check claimed directories one at a time (outermost first, so first-occurrence dedup is deterministic). */
  /**
   * `reading` answers the checks (default: the session's workspace); the capability passes one
   * answering from a single listing of the directories (see `listedWorkspace`).
   */
  check(
    directories: readonly string[],
    trigger: string,
    reading: Workspace = this.#workspace,
  ): Promise<NestedFile[]> {
    // Most touches claim nothing: answer them without starting an operation.
    if (directories.length === 0) return Promise.resolve([]);
    // One operation: a chain of directories shares the checks of their common ancestors.
    return withCheckedDirectories(async () => {
      const files: NestedFile[] = [];
      const ordered = this.#settings.order === 'nearest-first' ? [...directories].reverse() : directories;
      for (const directory of ordered) files.push(...(await this.#check(directory, trigger, reading)));
      return files;
    });
  }

  /**
   * What the tracker knows, as data for a session snapshot: the directories checked (front-coded, see
   * `FrontCodedList`), the dedup memory (real paths and text keys, see `saveSeenFiles`), and, with
   * `surfaced` (a consolidated delivery, which renders every file again), the files surfaced with
   * their text; paths relative to the workspace root. Other deliveries keep the files' text in the
   * hidden messages already sent, and never read `surfaced` again. Taken between touches (no check
   * under way).
   */
  save(surfaced: boolean): JsonValue {
    const { root } = this.#workspace;
    const coder = new FrontCoder();
    return {
      checked: [...this.#checked].map((directory) => coder.code(storedPathOf(root, directory))),
      surfaced: surfaced ? this.surfaced.map((file) => saveNestedFile(file, root)) : [],
      ...saveSeenFiles({ realPaths: this.#realPaths, hashes: this.#hashes }, this.#workspace),
      // The session-wide decisions, once made: a later file on the walk does not change them.
      ...(this.#decided === undefined ? {} : { decided: [...this.#decided] }),
    };
  }

  /** Continue from {@link save}'s data (a new tracker only); throws naming a field that does not fit. */
  restore(value: JsonValue): void {
    const { root } = this.#workspace;
    const saved = savedState.object(value, 'tracker');
    const checked = expandFrontCoded(
      saved.checked,
      'checked',
      (field, problem) => new Error(`${field}: ${problem}`),
    );
    const surfaced = savedState
      .array(saved.surfaced, 'surfaced')
      .map((file, index) => restoreNestedFile(file, root, `surfaced[${index}]`));
    const seen = restoreSeenFiles(saved.realPaths, saved.hashes, this.#workspace);
    for (const directory of checked) this.#checked.add(absoluteOfStored(root, directory!));
    this.surfaced.push(...surfaced);
    for (const [real, label] of seen.realPaths) this.#realPaths.set(real, label);
    for (const [key, label] of seen.hashes) this.#hashes.set(key, label);
    if (saved.decided !== undefined) {
      const decided = new Map(savedState.pairs(saved.decided, 'decided'));
      this.#decided = decided;
      this.#decision = Promise.resolve(decided);
    }
  }

  /** {@link claim} then {@link check}. */
  async surface(touch: TouchedPath, trigger: string): Promise<NestedFile[]> {
    return this.check(await this.claim(touch, () => trigger), trigger);
  }

  /**
   * The common case, answered with one set lookup and no path normalisation: the touch's directory,
   * taken as written, is one already checked. Every entry of the checked set is a normalised
   * absolute path, so a match means the text named exactly that directory. A last segment of `.`
   * or `..` is left to the full resolution, since it names another directory.
   */
  #inCheckedDirectory(requested: string, kind: 'file' | 'directory'): boolean {
    const absolute = requested.startsWith('/') ? requested : `${this.#workspace.cwd}/${requested}`;
    if (kind === 'directory') return this.#checked.has(absolute);
    const slash = absolute.lastIndexOf('/');
    const name = absolute.slice(slash + 1);
    if (name === '.' || name === '..' || name === '') return false;
    return this.#checked.has(absolute.slice(0, slash));
  }

  #claimDirectory(touched: string): string[] {
    const claimed = this.#unchecked(touched);
    for (const directory of claimed) this.#checked.add(directory);
    return claimed;
  }

  /** The directories a touch of `touched` reaches that are not checked yet, outermost first. */
  #unchecked(touched: string): string[] {
    const { cwd } = this.#workspace;
    if (touched === cwd || this.#checked.has(touched) || !isInside(cwd, touched)) return [];
    if (this.#settings.scope === 'directory') return [touched];
    const unchecked: string[] = [];
    // A checked directory's ancestors are all checked (chains are claimed whole), so stop there.
    for (let directory = touched; directory !== cwd && !this.#checked.has(directory); ) {
      unchecked.push(directory);
      directory = path.posix.dirname(directory);
    }
    return unchecked.reverse();
  }

  async #check(directory: string, trigger: string, reading: Workspace): Promise<NestedFile[]> {
    const files: NestedFile[] = [];
    for (const name of await this.#filenames()) {
      if (await this.#suppressed(reading, directory, name, trigger)) continue;
      const override = this.#settings.overrides.get(name);
      let found =
        override === undefined
          ? 'missing'
          : await this.#checkFile(reading, directory, override, trigger, files, name);
      if (found === 'file') {
        const replaced = `${directory}/${name}`;
        if ((await this.#statQuietly(replaced, reading))?.kind === 'file') {
          const label = toLabel(this.#workspace, replaced);
          const by = toLabel(this.#workspace, `${directory}/${override}`);
          this.#skip(
            replaced,
            trigger,
            'replaced',
            `${label} is replaced by ${by} in its directory; skipped.`,
            'info',
          );
        }
      } else {
        found = await this.#checkFile(reading, directory, name, trigger, files);
      }
      if (found === 'file' && this.#settings.perDirectory === 'first') break;
    }
    return files;
  }

  /** The names looked for in each new directory: `filenames`, or what `touchFilenames` decides once. */
  #filenames(): readonly string[] | Promise<readonly string[]> {
    const decide = this.#settings.touchFilenames;
    if (decide === undefined) return this.#settings.filenames;
    this.#touchFilenames ??= decide(this.#workspace);
    return this.#touchFilenames;
  }

  /**
   * The session-wide decisions of `decidedAtStart`: name -> the file (a label) on the run-start walk
   * that rules it out. Made once, at the first check, and kept (a snapshot carries them).
   */
  #startDecision(): Promise<ReadonlyMap<string, string>> {
    this.#decision ??= (async () => {
      const decided = new Map<string, string>();
      const entries = this.#settings.decidedAtStart;
      if (entries === undefined || entries.size === 0) return decided;
      const walk = await walkUpDirectories(
        this.#workspace,
        this.#settings.walk ?? { stopAt: undefined, rootMarkers: ['.git'] },
      );
      for (const [name, others] of entries) {
        search: for (const directory of walk.directories) {
          for (const other of others) {
            const candidate = `${directory}/${other}`;
            if ((await this.#statQuietly(candidate))?.kind !== 'file') continue;
            decided.set(name, toLabel(this.#workspace, candidate));
            break search;
          }
        }
      }
      this.#decided = decided;
      return decided;
    })();
    return this.#decision;
  }

  /** Whether `name` is not read in `directory` because another name is a file there (an info event says so). */
  async #suppressed(reading: Workspace, directory: string, name: string, trigger: string): Promise<boolean> {
    if (this.#settings.decidedAtStart?.has(name)) {
      const by = (await this.#startDecision()).get(name);
      if (by !== undefined) {
        const candidate = `${directory}/${name}`;
        if ((await this.#statQuietly(candidate, reading))?.kind === 'file') {
          const label = toLabel(this.#workspace, candidate);
          this.#skip(
            candidate,
            trigger,
            'not-read-by-assistant',
            `${label} is not read: ${this.#settings.reader ?? 'the assistant'} reads ${name} only in a session that started without ${orList(this.#settings.decidedAtStart.get(name) ?? [])}, and ${by} was there.`,
            'info',
          );
        }
        return true;
      }
    }
    const others = this.#settings.unlessPresent?.get(name);
    if (others === undefined) return false;
    for (const other of others) {
      if ((await this.#statQuietly(`${directory}/${other}`, reading))?.kind !== 'file') continue;
      const candidate = `${directory}/${name}`;
      if ((await this.#statQuietly(candidate, reading))?.kind === 'file') {
        const label = toLabel(this.#workspace, candidate);
        const by = toLabel(this.#workspace, `${directory}/${other}`);
        this.#skip(
          candidate,
          trigger,
          'not-read-by-assistant',
          `${label} is not read: ${this.#settings.reader ?? 'the assistant'} reads ${name} only where no ${others.join(', ')} is, and ${by} is.`,
          'info',
        );
      }
      return true;
    }
    return false;
  }

  /**
   * Look for one file of a directory and load it into `files`. `file` when a regular file is there
   * (loaded, or skipped as a duplicate or unreadable); `missing` otherwise. An override (`replaces`
   * given) that is blank counts as missing.
   */
  async #checkFile(
    reading: Workspace,
    directory: string,
    name: string,
    trigger: string,
    files: NestedFile[],
    replaces?: string,
  ): Promise<'file' | 'missing'> {
    const candidate = `${directory}/${name}`;
    let stat: Awaited<ReturnType<Workspace['stat']>>;
    try {
      stat = await reading.stat(candidate);
    } catch (error) {
      this.#skip(
        candidate,
        trigger,
        codeOf(error),
        `${toLabel(this.#workspace, candidate)} was not checked: ${describeError(error)}`,
      );
      return 'missing';
    }
    if (stat === undefined || stat.kind === 'directory') return 'missing';
    if (stat.kind === 'other') {
      this.#skip(
        candidate,
        trigger,
        'not-a-file',
        `${toLabel(this.#workspace, candidate)} is not a regular file; skipped.`,
      );
      return 'missing';
    }
    if (replaces !== undefined && stat.size === 0) return this.#blankOverride(candidate, replaces, trigger);
    const file = await this.#load(reading, candidate, name, directory, trigger, replaces);
    if (file === 'blank') return this.#blankOverride(candidate, replaces ?? name, trigger);
    if (file) files.push(...file);
    return 'file';
  }

  /**
   * The label of `realPath` when it lies in the working directory itself or one of its ancestors
   * (reached below the working directory through a directory link such as `sub/loop -> ..`): such a
   * file belongs to the walk-up of run start, never to nested delivery. `undefined` otherwise. No
   * I/O: the working directory is taken as the workspace gives it (a local workspace's is real).
   */
  #walkUpLabel(realPath: string): string | undefined {
    if (!isInside(path.posix.dirname(realPath), this.#workspace.cwd)) return undefined;
    return toLabel(this.#workspace, realPath);
  }

  #blankOverride(candidate: string, replaces: string, trigger: string): 'missing' {
    const label = toLabel(this.#workspace, candidate);
    this.#skip(
      candidate,
      trigger,
      'blank-override',
      `${label} is blank, so ${replaces} is read instead.`,
      'info',
    );
    return 'missing';
  }

  async #load(
    reading: Workspace,
    absolute: string,
    name: string,
    directory: string,
    trigger: string,
    replaces?: string,
  ): Promise<NestedFile[] | 'blank' | undefined> {
    const label = toLabel(this.#workspace, absolute);
    const file: NestedFile = { path: absolute, label, name, directory, trigger };
    // One entry per real file (`CLAUDE.md -> AGENTS.md`): one `realpath`, no read, in either mode.
    let realPath: string;
    try {
      realPath = await reading.realpath(absolute);
    } catch (error) {
      this.#skip(absolute, trigger, codeOf(error), `${label} was not checked: ${describeError(error)}`);
      return undefined;
    }
    const walkUpFile = this.#walkUpLabel(realPath);
    if (walkUpFile !== undefined) {
      this.#skip(
        absolute,
        trigger,
        'duplicate',
        `${label} is ${walkUpFile}, an instruction file of the working directory, read at run start; skipped.`,
        'info',
      );
      return undefined;
    }
    const sameFile = this.#realPaths.get(realPath);
    if (sameFile !== undefined) {
      this.#skip(
        absolute,
        trigger,
        'duplicate',
        `${label} is the same file as ${sameFile}; skipped.`,
        'info',
      );
      return undefined;
    }
    this.#realPaths.set(realPath, label);
    if (this.#settings.inject === 'contents') {
      const read = await readNestedText(reading, absolute, label, this.#settings.maxChars);
      if (!read.ok) {
        this.#skip(absolute, trigger, read.code, read.message);
        return undefined;
      }
      if (replaces !== undefined && read.text.trim() === '') return 'blank';
      // Two identical `@AGENTS.md` files in two directories import two files: not duplicates.
      const key = documentKey(read.text, read.hash, directory);
      const duplicateOf = this.#hashes.get(key);
      if (duplicateOf !== undefined) {
        this.#skip(
          absolute,
          trigger,
          'duplicate',
          `${label} has the same text as ${duplicateOf}; skipped.`,
          'info',
        );
        return undefined;
      }
      this.#hashes.set(key, label);
      if (read.note !== undefined) this.#emitCut(label, trigger, read.note);
      if (this.#settings.followImports === false || this.#settings.noImports?.has(name)) {
        file.text = read.text;
        this.surfaced.push(file);
        this.#emit(this.#event('loaded', label, trigger, `Loaded ${label} (nested), after ${trigger}.`));
        return [file];
      }
      const expanded = await expandNestedImports({ ...file, text: read.text }, realPath, {
        workspace: reading,
        seen: { realPaths: this.#realPaths, hashes: this.#hashes },
        maxImportDepth: this.#settings.maxImportDepth,
        maxChars: this.#settings.maxChars,
        ...(this.#settings.importLayout === undefined ? {} : { layout: this.#settings.importLayout }),
        ...(this.#settings.failedImports === undefined
          ? {}
          : { failedImports: this.#settings.failedImports }),
      });
      file.text = expanded.text;
      this.surfaced.push(file);
      this.#emit(this.#event('loaded', label, trigger, `Loaded ${label} (nested), after ${trigger}.`));
      return this.#withImports(file, expanded);
    }
    this.surfaced.push(file);
    this.#emit(this.#event('loaded', label, trigger, `Loaded ${label} (nested), after ${trigger}.`));
    return [file];
  }

  /** Record a surfaced file's imports right after it: their events, then the files themselves. */
  #withImports(file: NestedFile, expanded: Awaited<ReturnType<typeof expandNestedImports>>): NestedFile[] {
    // The cut of an imported file is shown by its own note (below), not by the read limit's wording;
    // an import not repeated (already delivered) or a cut cycle changes nothing the model sees.
    const reported = expanded.diagnostics.filter(
      (diagnostic) => diagnostic.code !== 'file-truncated' && diagnostic.severity !== 'info',
    );
    for (const diagnostic of capDiagnostics(reported)) {
      this.#emit(
        this.#event(
          'diagnostic',
          diagnostic.path ?? file.label,
          file.trigger,
          diagnostic.message,
          diagnostic,
        ),
      );
    }
    for (const { file: imported, note } of expanded.imported) {
      this.surfaced.push(imported);
      if (note !== undefined) this.#emitCut(imported.label, file.trigger, note);
      this.#emit(
        this.#event(
          'loaded',
          imported.label,
          file.trigger,
          `Loaded ${imported.label} (imported by ${imported.importedBy}), after ${file.trigger}.`,
        ),
      );
    }
    return [file, ...expanded.imported.map((entry) => entry.file)];
  }

  #emitCut(label: string, trigger: string, note: string) {
    const diagnostic = {
      severity: 'warning' as const,
      code: 'truncated' as const,
      message: note,
      path: label,
    };
    this.#emit(this.#event('cut', label, trigger, note, diagnostic));
  }

  async #statQuietly(absolute: string, reading: Workspace = this.#workspace) {
    try {
      return await reading.stat(absolute);
    } catch {
      return undefined;
    }
  }

  #skip(
    absolute: string,
    trigger: string,
    code: DiagnosticCode,
    message: string,
    severity: Diagnostic['severity'] = 'warning',
  ) {
    const label = toLabel(this.#workspace, absolute);
    this.#emit(this.#event('skipped', label, trigger, message, { severity, code, message, path: label }));
  }

  #event(
    type: ContextEvent['type'],
    label: string,
    trigger: string,
    message: string,
    diagnostic?: Diagnostic,
  ) {
    const event: ContextEvent = {
      type,
      reason: 'nested',
      capability: this.#settings.capability,
      path: label,
      trigger,
      message,
    };
    if (diagnostic) event.diagnostic = diagnostic;
    return event;
  }
}

function codeOf(error: unknown): DiagnosticCode {
  if (isAgentContextError(error) && error.code === 'path-outside-workspace') return 'symlink-refused';
  return diagnosticCodeOf(error, 'stat-failed');
}
