import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { AgentContextError, isAgentContextError } from '../errors.js';
import { toLabel } from './labels.js';
import { listedFilesReaderOf, offerListedFiles } from './listed-files.js';
import { isInside } from './paths.js';
import type { Workspace } from './workspace.js';

/** A directory one operation could not read, and why. */
export interface UnreadableDirectory {
  /** Absolute POSIX path of the directory. */
  path: string;
  /** True when nothing below it can be reached (no search permission): every path below is refused. */
  closed: boolean;
  /** The operating system's reason, such as `EACCES`. */
  reason: string;
}

/** The codes of "could not read this path" diagnostics that an unreadable directory above explains. */
const foldedCodes = new Set<string>(['read-failed', 'stat-failed']);

/**
 * The directories one operation found it could not read, under one workspace root, kept so that
 * each is reported once and nothing below a closed one is asked again.
 */
export class UnreadableDirectories {
  readonly #found = new Map<string, UnreadableDirectory>();
  /** Probes run one after the other: the second one of a directory finds it recorded. */
  #probing: Promise<unknown> = Promise.resolve();

  isEmpty(): boolean {
    return this.#found.size === 0;
  }

  /** Every directory recorded, in the order found. */
  list(): UnreadableDirectory[] {
    return [...this.#found.values()];
  }

  /** The recorded directory that explains a failure at `absolute`: the highest closed one above it, else itself. */
  explaining(absolute: string): UnreadableDirectory | undefined {
    return this.closedAbove(absolute) ?? this.#found.get(absolute);
  }

  /** The highest closed directory strictly above `absolute`, if any. */
  closedAbove(absolute: string): UnreadableDirectory | undefined {
    if (this.#found.size === 0) return undefined;
    let found: UnreadableDirectory | undefined;
    for (let above = path.posix.dirname(absolute); ; above = path.posix.dirname(above)) {
      const directory = this.#found.get(above);
      if (directory?.closed) found = directory;
      if (above === '/' || above === '.') return found;
    }
  }

  record(directory: UnreadableDirectory): void {
    const earlier = this.#found.get(directory.path);
    if (earlier === undefined || (directory.closed && !earlier.closed))
      this.#found.set(directory.path, directory);
  }

  /** Run probes one at a time. */
  serialise<Result>(probe: () => Promise<Result>): Promise<Result> {
    const next = this.#probing.then(probe, probe);
    this.#probing = next.catch(() => undefined);
    return next;
  }
}

const operations = new AsyncLocalStorage<Map<string, UnreadableDirectories>>();

/**
 * Run `operation` as one operation for unreadable directories: inside it, every workspace guarded
 * with {@link guardUnreadableDirectories} over the same root shares what was found, so a directory
 * that cannot be read is probed once, refused below without I/O, and reported once
 * ({@link foldUnreadableDiagnostics}). An operation started inside another shares the outer one's.
 */
export function withUnreadableDirectories<Result>(operation: () => Promise<Result>): Promise<Result> {
  if (operations.getStore() !== undefined) return operation();
  return operations.run(new Map(), operation);
}

/** The unreadable directories of the current operation under `root` (a fresh record outside an operation). */
export function unreadableDirectoriesOf(root: string): UnreadableDirectories {
  const roots = operations.getStore();
  if (roots === undefined) return new UnreadableDirectories();
  let found = roots.get(root);
  if (found === undefined) {
    found = new UnreadableDirectories();
    roots.set(root, found);
  }
  return found;
}

/** True for a refusal by the operating system's permissions (`EACCES`, `EPERM`). */
export function isPermissionError(error: unknown): boolean {
  const reason = isAgentContextError(error) ? error.reason : (error as { code?: unknown } | null)?.code;
  return reason === 'EACCES' || reason === 'EPERM';
}

function reasonOf(error: unknown): string {
  const reason = isAgentContextError(error) ? error.reason : (error as { code?: unknown } | null)?.code;
  return typeof reason === 'string' ? reason : 'EACCES';
}

const guarded = new WeakMap<Workspace, UnreadableDirectories>();

/**
 * A workspace that finds the directory behind a permission failure. When a call fails with `EACCES`
 * or `EPERM`, the directories from the root down to the path are checked (one `stat` each, only
 * then) to find the one that cannot be read: a directory that cannot be entered is recorded as
 * closed, and every later call below it is refused at once with no I/O (`read-failed`, naming the
 * directory); a directory that can be entered but not listed refuses only its own listing. What is
 * found is shared by the current operation (see {@link withUnreadableDirectories}). Batch calls are
 * passed through, and so are a listing's files (`listedFilesOf`) until a directory is found
 * unreadable. Writes are not offered.
 */
export function guardUnreadableDirectories(workspace: Workspace): Workspace {
  const found = unreadableDirectoriesOf(workspace.root);
  if (guarded.get(workspace) === found) return workspace;
  const root = workspace.root;

  const refusal = (requested: string, directory: UnreadableDirectory) =>
    new AgentContextError(
      `Could not read ${requested}: the directory ${directory.path} could not be read (${directory.reason})`,
      { code: 'read-failed', path: requested, reason: directory.reason },
    );

  /** Find and record the directory that explains a permission failure at `absolute`. */
  const probe = (absolute: string, listing: boolean, error: unknown) =>
    found.serialise(async () => {
      if (!isInside(root, absolute) || found.explaining(absolute) !== undefined) return;
      const reason = reasonOf(error);
      const chain: string[] = [];
      for (let directory = absolute; directory !== root; directory = path.posix.dirname(directory))
        chain.unshift(directory);
      // `chain` holds the paths below the root on the way to `absolute`, top first.
      let parent = root;
      for (const next of chain) {
        try {
          if ((await workspace.stat(next)) === undefined) return;
        } catch (failure) {
          if (isPermissionError(failure)) found.record({ path: parent, closed: true, reason });
          return;
        }
        parent = next;
      }
      if (listing) found.record({ path: absolute, closed: false, reason });
    });

  const resolvedOrUndefined = (requested: string) => {
    try {
      return workspace.resolve(requested);
    } catch {
      return undefined;
    }
  };

  const check = async <Result>(
    requested: string,
    listing: boolean,
    call: () => Promise<Result>,
  ): Promise<Result> => {
    // Nothing recorded (the usual case): no lookup, the path is resolved only on a failure.
    if (!found.isEmpty()) {
      const absolute = resolvedOrUndefined(requested);
      const blocked =
        absolute === undefined
          ? undefined
          : listing
            ? found.explaining(absolute)
            : found.closedAbove(absolute);
      if (blocked !== undefined) throw refusal(requested, blocked);
    }
    try {
      return await call();
    } catch (error) {
      const absolute = isPermissionError(error) ? resolvedOrUndefined(requested) : undefined;
      if (absolute !== undefined) await probe(absolute, listing, error);
      throw error;
    }
  };

  const result: Workspace = {
    root,
    cwd: workspace.cwd,
    resolve: (requested) => workspace.resolve(requested),
    stat: (requested) => check(requested, false, () => workspace.stat(requested)),
    readdir: (requested) => check(requested, true, () => workspace.readdir(requested)),
    realpath: (requested) => check(requested, false, () => workspace.realpath(requested)),
    readFile: (requested, options) => check(requested, false, () => workspace.readFile(requested, options)),
  };
  if (workspace.statPaths) result.statPaths = workspace.statPaths.bind(workspace);
  if (workspace.readFiles) result.readFiles = workspace.readFiles.bind(workspace);
  if (workspace.listDirectories) result.listDirectories = workspace.listDirectories.bind(workspace);
  // A listing's files are taken as they are while no directory is known to be unreadable (the
  // listing read them); after a refusal, the single calls are asked, and checked.
  const listedFiles = listedFilesReaderOf(workspace);
  if (listedFiles !== undefined)
    offerListedFiles(result, (requested) => (found.isEmpty() ? listedFiles(requested) : undefined));
  guarded.set(result, found);
  return result;
}

/** The one diagnostic of an unreadable directory. */
export function unreadableDirectoryDiagnostic(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
  directory: UnreadableDirectory,
): Diagnostic {
  const label = toLabel(workspace, directory.path);
  const named = label === '.' ? '. (the working directory)' : label;
  const what = directory.closed ? 'nothing in it or below it was checked' : 'its entries were not listed';
  return {
    severity: 'error',
    code: 'unreadable-directory',
    message: `Could not read the directory ${named}: ${permissionWords(directory.reason)}; ${what}. Check the permissions of the directory.`,
    path: label,
  };
}

function permissionWords(reason: string): string {
  if (reason === 'EACCES') return 'permission denied (EACCES)';
  if (reason === 'EPERM') return 'operation not permitted (EPERM)';
  return reason;
}

/**
 * The recorded unreadable directory that explains `diagnostic`, if any: a "could not read" diagnostic
 * (`read-failed`, `stat-failed`) on the directory itself or on a path below a
 * closed one, or an `unreadable-directory` diagnostic.
 */
export function unreadableDirectoryOf(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
  found: UnreadableDirectories,
  diagnostic: Diagnostic,
): UnreadableDirectory | undefined {
  if (diagnostic.path === undefined || diagnostic.path.startsWith('~')) return undefined;
  if (diagnostic.code !== 'unreadable-directory' && !foldedCodes.has(diagnostic.code)) return undefined;
  const absolute = path.posix.resolve(workspace.cwd, diagnostic.path);
  return found.explaining(absolute);
}

/**
 * One operation's diagnostics with each unreadable directory reported once: every "could not read"
 * diagnostic it explains (see {@link unreadableDirectoryOf}) is replaced by one
 * `unreadable-directory` diagnostic, at the place of the first; a directory recorded with no
 * diagnostic (a check that treats a failure as absence, such as a root marker's) is added at the end.
 * Idempotent: the list of an inner operation folded again gives the same one diagnostic.
 */
export function foldUnreadableDiagnostics(
  workspace: Pick<Workspace, 'root' | 'cwd'>,
  diagnostics: readonly Diagnostic[],
): Diagnostic[] {
  const found = unreadableDirectoriesOf(workspace.root);
  const directories = found.list();
  if (directories.length === 0) return [...diagnostics];
  const reported = new Set<string>();
  const folded: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const directory = unreadableDirectoryOf(workspace, found, diagnostic);
    if (directory === undefined) {
      folded.push(diagnostic);
      continue;
    }
    if (reported.has(directory.path)) continue;
    reported.add(directory.path);
    folded.push(unreadableDirectoryDiagnostic(workspace, directory));
  }
  for (const directory of directories) {
    if (reported.has(directory.path) || found.explaining(directory.path) !== directory) continue;
    folded.push(unreadableDirectoryDiagnostic(workspace, directory));
  }
  return folded;
}

/**
 * The label of the working directory or of an ancestor of it that an `unreadable-directory`
 * diagnostic names (`.`, `..`), if any: everything the operation looked for was below it. For the
 * printers' "nothing found" lines.
 */
export function unreadableWorkingDirectory(diagnostics: readonly Diagnostic[]): string | undefined {
  return diagnostics.find(
    (diagnostic) =>
      diagnostic.code === 'unreadable-directory' &&
      diagnostic.path !== undefined &&
      /^\.(?:\.(?:\/\.\.)*)?$/.test(diagnostic.path),
  )?.path;
}
