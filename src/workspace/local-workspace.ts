import {
  closeSync,
  type Dirent,
  existsSync,
  lstatSync,
  read,
  readdirSync,
  readlinkSync,
  readSync,
  type Stats,
  statSync,
} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentContextError } from '../errors.js';
import { alreadyExistsError } from './already-exists-error.js';
import { checkedDirectoriesOf, withCheckedDirectories } from './checked-directories.js';
import {
  type ListingPrimitives,
  listDirectoriesAheadWith,
  listDirectoriesWith,
  type NamedRead,
  type NamedReads,
  type OpenedDirectory,
  type ReadPlan,
} from './list-directories.js';
import { offerListingAhead } from './listing-ahead.js';
import { directoryEntryOf, kindOf, refuseHardLinked, translateError } from './local-disk.js';
import { localTreeReader } from './local-tree-reading.js';
import {
  notARegularFile,
  openEntrySync,
  openVerified,
  openVerifiedFileSync,
  platformVerification,
  removeEntrySync,
  type VerifiedOpenContext,
} from './open-verified.js';
import {
  type ParallelEntries,
  type ParallelEntry,
  parallelReadersReady,
  type ReadEntryHere,
  readEntriesInParallel,
  readFilesInParallel,
  spareCoreLikely,
} from './parallel-entry-reads.js';
import {
  compareCodePoints,
  isInside,
  outsideWorkspaceError,
  resolvePosix,
  sortByCodePoints,
  toPosixPath,
} from './paths.js';
import { realDirectory, realPathOrSelf } from './real-directory.js';
import { resolveRealPath, type SegmentInfo } from './resolve-real-path.js';
import { registerTreeReader } from './tree-reading.js';
import type {
  DirectoryEntry,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  Workspace,
  WriteFileOptions,
} from './workspace.js';
import { eachPath } from './workspace-batches.js';
import { writeVerifiedFile } from './write-verified-file.js';

/** Options of {@link localWorkspace}. */
export interface LocalWorkspaceOptions {
  /**
   * The agent's working directory: absolute, or relative to `root`. Must lie inside `root`.
   * Default: `root`.
   */
  cwd?: string;
  /**
   * Refuse every path outside `root` (lexically or through symlinks). Default `true`. `false` gives
   * host access: relative paths still resolve against `cwd`, but nothing is refused.
   */
  contained?: boolean;
  /**
   * Refuse to read a regular file with more than one hard link (`hard-linked`), since one of its
   * other names may be outside `root`. Default `false`: package managers hard-link `node_modules`.
   * Writes never go through a hard link either way (they replace the file by renaming).
   */
  refuseHardLinks?: boolean;
}

/**
 * A {@link Workspace} on the local disk through node:fs.
 *
 * Contained (the default): `..` escapes, absolute paths outside `root`, NUL bytes and symlinks whose
 * target leaves `root` are refused with `path-outside-workspace` before any I/O outside `root`
 * (symlinks are resolved segment by segment with `lstat` + `readlink`, all inside root). Every
 * open is then verified: the object actually opened must be inside `root` before a byte is read,
 * listed or written, so a concurrent process swapping a directory or file for a symlink cannot
 * redirect it (exact on Linux through `/proc/self/fd`; elsewhere by device and inode, with a short
 * window left). Opens never block and refuse anything but a regular file (a directory for
 * listings): FIFOs, sockets and devices are `not-a-file`. Writes create new files exclusively and
 * replace existing ones by renaming a temporary file over them. `root` and `cwd` are resolved to
 * real paths once, here, and everything is contained against those.
 *
 * Throws `AgentContextError`: `not-found` when `root` does not exist or is not a directory (nothing
 * ever creates it), `invalid-option` when `cwd` is not inside it.
 *
 * @param root the containment boundary, absolute or relative to `process.cwd()`.
 * @example
 * const workspace = localWorkspace('/repo', { cwd: 'packages/app' });
 * const { bytes } = await workspace.readFile('AGENTS.md'); // reads /repo/packages/app/AGENTS.md
 */
export function localWorkspace(root: string, options: LocalWorkspaceOptions = {}): Workspace {
  const contained = options.contained ?? true;
  const refuseHardLinks = options.refuseHardLinks ?? false;
  const { givenRoot, realRoot, cwd } = resolveWorkspaceDirectories(root, options.cwd);
  /** Map a path under the root as given (maybe a symlinked alias) onto the real root. */
  const toRealRoot = (absolute: string): string =>
    givenRoot !== realRoot && isInside(givenRoot, absolute)
      ? realRoot + absolute.slice(givenRoot.length)
      : absolute;

  const resolve = (requested: string): string => {
    const absolute = toRealRoot(resolvePosix(cwd, requested === '' ? '.' : requested));
    if (contained && !isInside(realRoot, absolute))
      throw outsideWorkspaceError(requested, realRoot, 'the path is');
    return absolute;
  };

  const resolveReal = async (requested: string) => {
    const absolute = resolve(requested);
    if (!contained) {
      try {
        const realPath = toPosixPath(await fs.realpath(absolute));
        return {
          realPath,
          exists: true,
          symlink: await isSymlink(absolute),
          kind: kindOf(await fs.stat(realPath)),
        };
      } catch (error) {
        if (isMissing(error)) return { realPath: absolute, exists: false, symlink: false };
        throw translateError(error, requested, 'read-failed');
      }
    }
    try {
      return await resolveRealPath(
        absolute,
        realRoot,
        inspectSegment,
        requested,
        checkedDirectoriesOf(realRoot),
      );
    } catch (error) {
      throw translateError(error, requested, 'read-failed');
    }
  };

  const requireResolution = async (requested: string) => {
    const resolution = await resolveReal(requested);
    if (!resolution.exists) throw notFound(requested);
    return resolution;
  };
  const requireExisting = async (requested: string): Promise<string> =>
    (await requireResolution(requested)).realPath;

  /**
   * Directories held open for removals (`descriptor-path` only), by real path: opened and proven
   * inside the root once, reused by every removal in the same turn of the event loop (a clean-up of
   * thousands of files in one folder opens it once), and closed at the next turn.
   */
  const removalDirectories = new Map<string, number>();
  const removalDirectory = (realPath: string, context: VerifiedOpenContext): number => {
    let descriptor = removalDirectories.get(realPath);
    if (descriptor === undefined) {
      descriptor = openVerifiedFileSync(realPath, context, 'directory').descriptor;
      if (removalDirectories.size === 0) {
        setImmediate(() => {
          for (const open of removalDirectories.values()) closeSync(open);
          removalDirectories.clear();
        });
      }
      removalDirectories.set(realPath, descriptor);
    }
    return descriptor;
  };

  /** How opens of `requested` are verified (see `openVerified`). */
  const openContext = (requested: string): VerifiedOpenContext => ({
    realRoot: contained ? realRoot : '/',
    requested,
    method: platformVerification,
    recheck: async () => {
      const again = await resolveReal(requested);
      return again.exists ? again.realPath : undefined;
    },
  });

  /**
   * A new file by an `O_EXCL | O_NOFOLLOW` create below the verified real parent: only the parent is
   * resolved, so whatever is at the path itself (a dangling link too) makes `already-exists`.
   */
  const createFile = async (requested: string, data: string | Uint8Array): Promise<void> => {
    const absolute = resolve(requested);
    if (absolute === realRoot || absolute === '/') throw alreadyExistsError(requested);
    const parent = await resolveReal(path.posix.dirname(absolute));
    try {
      await writeVerifiedFile(
        `${parent.realPath === '/' ? '' : parent.realPath}/${path.posix.basename(absolute)}`,
        data,
        true,
        openContext(requested),
        (directory) => openContext(directory),
      );
    } catch (error) {
      throw translateError(error, requested, 'write-failed');
    }
  };

  /** The entries of a checked directory, through a verified descriptor (see `openVerified`). */
  const listVerified = async (realPath: string, requested: string): Promise<DirectoryEntry[]> => {
    if (platformVerification === 'descriptor-path') return listVerifiedSync(realPath, requested);
    const opened = await openVerified(realPath, 'directory', openContext(requested)).catch(
      (error: unknown) => {
        throw translateError(error, requested, 'read-failed');
      },
    );
    try {
      return entriesOf(sortedListing(await fs.readdir(opened.path, { withFileTypes: true })));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notADirectory(requested, error);
      throw translateError(error, requested, 'read-failed');
    } finally {
      await opened.handle.close();
    }
  };

  /**
   * {@link listVerified} in synchronous calls (open, fstat, the descriptor's path checked, one
   * `readdir` of it, close), for the `descriptor-path` method: a directory costs microseconds, not a
   * thread-pool round trip per step.
   */
  const listVerifiedSync = (realPath: string, requested: string): DirectoryEntry[] => {
    const { descriptor, ...listing } = openListedSync(realPath, requested);
    closeSync(descriptor);
    return entriesOf(listing);
  };

  /**
   * {@link listVerifiedSync} with the directory left open (close `descriptor`). `sizes`, when given,
   * is told the directory's own size in bytes once it is opened, before it is read (`opened`), and
   * how many entries it has as soon as they are read, before they are sorted (`listed`). Its
   * listing is sorted as {@link sortedListing} sorts it.
   */
  const openListedSync = (
    realPath: string,
    requested: string,
    sizes?: { opened(directoryBytes: number): void; listed(entries: number): void },
  ) => {
    let descriptor: number;
    try {
      const opened = openVerifiedFileSync(realPath, openContext(requested), 'directory');
      descriptor = opened.descriptor;
      sizes?.opened(opened.stats.size);
    } catch (error) {
      throw translateError(error, requested, 'read-failed');
    }
    try {
      const found = readdirSync(`/proc/self/fd/${descriptor}`, { withFileTypes: true });
      sizes?.listed(found.length);
      return { descriptor, ...sortedListing(found) };
    } catch (error) {
      closeSync(descriptor);
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notADirectory(requested, error);
      throw translateError(error, requested, 'read-failed');
    }
  };

  /**
   * The reads (or descriptions) of the regular files `files` of a big directory held open, started on
   * a worker as `plan` says: those it wants read, at most `plan.maxBytes` each, or when it wants none
   * read, all of them described. `undefined` when they are left to this thread: too few, reads too
   * large for a worker, or no worker can start (a permission model without `--allow-worker`).
   */
  const startParallelReads = (
    descriptor: number,
    files: readonly string[],
    plan: ReadPlan,
    readHere: (name: string, maxBytes: number) => ReturnType<typeof readEntryFile>,
  ): { entries: ParallelEntries; maxBytes: number } | undefined => {
    const maxBytes = plan.maxBytes ?? 0;
    const read = plan.maxBytes === undefined ? [] : files.filter(plan.wanted);
    const names = read.length > 0 ? read : files;
    if (names.length < parallelReadsAtLeast || maxBytes > parallelReadBytes) return undefined;
    // Reads this thread can make itself rather than wait for the worker: synchronous ones only.
    const readEntryHere: ReadEntryHere | undefined =
      read.length > 0 && maxBytes <= synchronousReadBytes
        ? (name) => {
            try {
              // Synchronous: at most `synchronousReadBytes`, which `readEntryFile` reads without a promise.
              const result = readHere(name, maxBytes) as EntryFileResult;
              return { size: result.size, modifiedMs: result.modifiedMs, bytes: result.bytes };
            } catch {
              // Left to the caller, which reads it again and says why.
              return undefined;
            }
          }
        : undefined;
    try {
      const entries = readEntriesInParallel(
        descriptor,
        names,
        { maxBytes: read.length > 0 ? maxBytes : undefined, refuseHardLinks },
        readEntryHere,
      );
      return { entries, maxBytes };
    } catch {
      return undefined;
    }
  };

  /** Record the directories of a listing as checked in the current operation (their kind came with it). */
  const recordCheckedDirectories = (absolute: string, real: string, entries: readonly DirectoryEntry[]) => {
    const checked = contained ? checkedDirectoriesOf(realRoot) : undefined;
    if (checked === undefined) return;
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index]!;
      if (entry.kind === 'directory') checked.set(`${absolute}/${entry.name}`, `${real}/${entry.name}`);
    }
  };

  /**
   * The listing primitives (see `listDirectoriesWith`), cheap on purpose: a directory checked in the
   * operation is not checked again, and the directories a listing finds count as checked (their
   * kind came with the listing). A listing filtered by names reads the directory by its checked
   * path in one synchronous call: it only finds names, and every file it leads to is opened
   * verified, so nothing outside the root is read. A full listing opens the directory verified.
   */
  const primitives: ListingPrimitives = {
    async directory(requested) {
      const absolute = resolve(requested);
      const checked = contained ? checkedDirectoriesOf(realRoot) : undefined;
      const known = checked?.get(absolute);
      if (known !== undefined) return { absolute, real: known };
      const resolution = await requireResolution(requested);
      if (resolution.kind !== 'directory') throw notADirectory(requested);
      checked?.set(absolute, resolution.realPath);
      return { absolute, real: resolution.realPath };
    },
    async entries(absolute, real, filtered) {
      let entries: DirectoryEntry[];
      if (filtered) {
        try {
          entries = readdirSync(real, { withFileTypes: true }).map(directoryEntryOf);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notADirectory(absolute, error);
          throw translateError(error, absolute, 'read-failed');
        }
      } else {
        entries = await listVerified(real, absolute);
      }
      recordCheckedDirectories(absolute, real, entries);
      return entries;
    },
    lookup(absolute, real, names) {
      const entries: DirectoryEntry[] = [];
      for (const name of names) {
        let stats: Stats | undefined;
        try {
          stats = lstatSync(`${real === '/' ? '' : real}/${name}`, { throwIfNoEntry: false });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notADirectory(absolute, error);
          throw translateError(error, absolute, 'read-failed');
        }
        if (stats === undefined) continue;
        entries.push({ name, kind: stats.isSymbolicLink() ? 'symlink' : kindOf(stats) });
      }
      recordCheckedDirectories(absolute, real, entries);
      return entries;
    },
    // With `descriptor-path`, a directory listed whole stays open while its files are read through
    // it (see `openEntrySync`): one open, fstat, read and close per file, no path check of its own.
    ...(platformVerification === 'descriptor-path'
      ? {
          openDirectory(absolute: string, real: string, plan?: ReadPlan): OpenedDirectory {
            // A big directory's read worker starts while it is read (when its own size says it is
            // big) or while its entries are sorted (when their count does): by the time its files are
            // given to the worker, the worker runs.
            const { descriptor, ...listing } = openListedSync(
              real,
              absolute,
              plan === undefined
                ? undefined
                : {
                    opened: (directoryBytes) => {
                      if (directoryBytes >= bigDirectoryBytes) parallelReadersReady();
                    },
                    listed: (count) => {
                      if (count >= parallelReadsAtLeast) parallelReadersReady();
                    },
                  },
            );
            // An entry's path is made only when it is read or described here (a worker's answer needs none).
            const under = absolute === '/' ? '/' : `${absolute}/`;
            const readHere = (name: string, maxBytes: number) =>
              readEntryFile(
                descriptor,
                name,
                { realRoot: contained ? realRoot : '/', requested: under + name },
                maxBytes,
                refuseHardLinks,
              );
            // A big directory's files are read (or described) by worker threads, on every core,
            // through this descriptor, from the moment they are listed and sorted (before their
            // entries are made), this thread reading the parts they have not begun rather than
            // waiting; what they cannot answer plainly is asked here, which says why.
            const parallel =
              plan === undefined || (listing.files ?? listing.entries).length < parallelReadsAtLeast
                ? undefined
                : startParallelReads(
                    descriptor,
                    listing.files ?? fileNamesOf(listing.entries),
                    plan,
                    readHere,
                  );
            const entries = entriesOf(listing);
            recordCheckedDirectories(absolute, real, entries);
            const statHere = (name: string) =>
              primitives.statFile(under + name, `${real === '/' ? '' : real}/${name}`);
            return {
              entries,
              read(name, maxBytes) {
                if (parallel === undefined || maxBytes !== parallel.maxBytes) return readHere(name, maxBytes);
                const fill = (entry: ParallelEntry | undefined) => {
                  if (entry?.bytes === undefined) return readHere(name, maxBytes);
                  return {
                    bytes: entry.bytes,
                    size: entry.size,
                    truncated: entry.size > entry.bytes.byteLength,
                    modifiedMs: entry.modifiedMs,
                  };
                };
                const entry = parallel.entries.get(name);
                return entry instanceof Promise ? entry.then(fill) : fill(entry);
              },
              statFile(name) {
                if (parallel === undefined) return statHere(name);
                const fill = (entry: ParallelEntry | undefined) =>
                  entry === undefined || entry.bytes !== undefined
                    ? statHere(name)
                    : { size: entry.size, modifiedMs: entry.modifiedMs };
                const entry = parallel.entries.get(name);
                return entry instanceof Promise ? entry.then(fill) : fill(entry);
              },
              close: () => {
                // The workers read through the descriptor: it is closed once they are done with it.
                if (parallel === undefined) closeSync(descriptor);
                else void parallel.entries.settled.then(() => closeSync(descriptor));
              },
            };
          },
          readNames: (
            directories: ReadonlyArray<{ absolute: string; real: string; names: readonly string[] }>,
            maxBytes: number,
          ) => readNamedFiles(directories, maxBytes),
        }
      : {}),
    async follow(absolute) {
      const resolution = await resolveReal(absolute);
      if (!resolution.exists) return undefined;
      return { kind: resolution.kind ?? 'other', real: resolution.realPath };
    },
    async statFile(absolute, real) {
      try {
        const stats = statSync(real);
        return { size: stats.size, modifiedMs: stats.mtimeMs };
      } catch (error) {
        throw translateError(error, absolute, 'read-failed');
      }
    },
    read: (absolute, real, maxBytes) =>
      readRegularFile(real, openContext(absolute), { maxBytes }, refuseHardLinks),
  };

  /**
   * Files read by name (a search's batch), `descriptor-path` only, without listing their
   * directories (the names came from a listing a moment ago): each directory opened verified once,
   * each file opened through it (no link followed, a regular file only); fewer than 32 files are
   * left to the listing's usual way (`undefined`). With a read worker running and a core likely free
   * for it (`spareCoreLikely`), the worker opens and reads them all, this thread going on meanwhile
   * (see `readFilesInParallel`); else they are read here, synchronously. A directory that fails to
   * open is left to its listing, which says why.
   */
  const readNamedFiles = (
    directories: ReadonlyArray<{ absolute: string; real: string; names: readonly string[] }>,
    maxBytes: number,
  ): Array<NamedReads | undefined> | Promise<Array<NamedReads | undefined>> | undefined => {
    const containing = contained ? realRoot : '/';
    const files = directories.reduce((total, { names }) => total + names.length, 0);
    if (files < namedReadsAtLeast) return undefined;
    if (maxBytes <= parallelReadBytes && spareCoreLikely() && parallelReadersReady()) {
      return readFilesInParallel(directories, { realRoot: containing, maxBytes, refuseHardLinks }).then(
        (answers) =>
          answers.map((entries) =>
            // What the worker could not answer plainly (missing, a link, an error) is looked up.
            entries?.map((entry): NamedRead | undefined =>
              entry?.bytes === undefined
                ? undefined
                : {
                    bytes: entry.bytes,
                    size: entry.size,
                    truncated: entry.size > entry.bytes.byteLength,
                    modifiedMs: entry.modifiedMs,
                  },
            ),
          ),
      );
    }
    return directories.map(({ absolute, real, names }) => {
      let descriptor: number;
      try {
        descriptor = openVerifiedFileSync(real, openContext(absolute), 'directory').descriptor;
      } catch {
        return undefined;
      }
      const under = absolute === '/' ? '/' : `${absolute}/`;
      try {
        return names.map((name) => {
          try {
            return readEntryFile(
              descriptor,
              name,
              { realRoot: containing, requested: `${under}${name}` },
              maxBytes,
              refuseHardLinks,
            );
          } catch (error) {
            return error instanceof AgentContextError && error.code === 'not-found' ? 'absent' : undefined;
          }
        });
      } finally {
        closeSync(descriptor);
      }
    });
  };

  const workspace: Workspace = {
    root: realRoot,
    cwd,
    resolve,
    async stat(requested): Promise<FileStat | undefined> {
      const resolution = await resolveReal(requested);
      if (!resolution.exists) return undefined;
      try {
        const stats = await fs.stat(resolution.realPath);
        return {
          kind: kindOf(stats),
          size: stats.size,
          modifiedMs: stats.mtimeMs,
          symlink: resolution.symlink,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw translateError(error, requested, 'read-failed');
      }
    },
    async readdir(requested): Promise<DirectoryEntry[]> {
      // A directory this operation checked, or found listing its parent, is not checked again (a
      // walk lists thousands): the open below is verified anyway, so nothing outside is listed.
      // One that fails so is checked again, which says why (a link swapped in is refused as such).
      const absolute = resolve(requested);
      let real = contained ? checkedDirectoriesOf(realRoot)?.get(absolute) : undefined;
      let entries =
        real === undefined ? undefined : await listVerified(real, requested).catch(() => undefined);
      if (real === undefined || entries === undefined) {
        const resolution = await requireResolution(requested);
        if (resolution.kind !== 'directory') throw notADirectory(requested);
        real = resolution.realPath;
        entries = await listVerified(real, requested);
      }
      recordCheckedDirectories(absolute, real, entries);
      return entries;
    },
    realpath: requireExisting,
    async readFile(requested, readOptions: ReadFileOptions = {}): Promise<ReadFileResult> {
      const resolution = await requireResolution(requested);
      // Known special files are refused without being opened (opening a device can have effects).
      if (resolution.kind !== undefined && resolution.kind !== 'file') {
        const stats = await fs.stat(resolution.realPath).catch(() => undefined);
        throw notARegularFile(requested, stats);
      }
      const { modifiedMs: _, ...result } = await readRegularFile(
        resolution.realPath,
        openContext(requested),
        readOptions,
        refuseHardLinks,
      );
      return result;
    },
    async writeFile(requested, data, writeOptions: WriteFileOptions = {}): Promise<void> {
      if (writeOptions.exclusive) return createFile(requested, data);
      const resolution = await resolveReal(requested);
      if (resolution.exists && resolution.kind !== 'file') {
        const stats = await fs.stat(resolution.realPath).catch(() => undefined);
        throw notARegularFile(requested, stats);
      }
      try {
        await writeVerifiedFile(resolution.realPath, data, false, openContext(requested), (directory) =>
          openContext(directory),
        );
      } catch (error) {
        throw translateError(error, requested, 'write-failed');
      }
    },
    createFile: (requested, data) => createFile(requested, data),
    async removeFile(requested): Promise<void> {
      // Resolve the directory, not the entry: removing a symlink must remove the link, not its target.
      const absolute = resolve(requested);
      const parent = path.posix.dirname(absolute);
      const verified = platformVerification === 'descriptor-path';
      // Removals through a verified descriptor may reuse the directory this operation resolved
      // (many removals in one folder resolve it once): the open is proven inside the root anyway.
      const checked = verified ? checkedDirectoriesOf(contained ? realRoot : '/') : undefined;
      const directory = checked?.get(parent) ?? (await requireExisting(parent));
      checked?.set(parent, directory);
      const entry = `${directory === '/' ? '' : directory}/${path.posix.basename(absolute)}`;
      try {
        if (verified) {
          // Through the directory's verified descriptor: one system call, none by a path that could
          // be redirected once resolved (see `removeEntrySync`).
          const descriptor = removalDirectory(directory, openContext(requested));
          return removeEntrySync(descriptor, path.posix.basename(absolute), openContext(requested));
        }
        const stats = await fs.lstat(entry);
        if (stats.isDirectory()) {
          throw new AgentContextError(`Is a directory, not a file: ${requested}`, {
            code: 'not-a-file',
            path: requested,
            reason: 'is a directory',
          });
        }
        await fs.unlink(entry);
      } catch (error) {
        throw translateError(error, requested, 'write-failed');
      }
    },
    statPaths: (paths) =>
      withCheckedDirectories(() => eachPath(paths, (requested) => workspace.stat(requested))),
    readFiles: (paths, readOptions) =>
      withCheckedDirectories(() =>
        eachPath(paths, (requested) => workspace.readFile(requested, readOptions)),
      ),
    listDirectories: (requests) => withCheckedDirectories(() => listDirectoriesWith(primitives, requests)),
  };
  // The walks of `find_files` and `search_files` list and read through descriptors, synchronously.
  const treeReader = localTreeReader({
    realRoot: contained ? realRoot : '/',
    refuseHardLinks,
    realPath: requireExisting,
  });
  if (treeReader !== undefined) registerTreeReader(workspace, treeReader);
  // A local inventory parses the first files of a big folder while the next are read.
  offerListingAhead(workspace, (requests) =>
    withCheckedDirectories(() => listDirectoriesAheadWith(primitives, requests)),
  );
  return workspace;
}

/**
 * The workspace's directories as real paths, resolved once at construction: `root` must be an existing
 * directory (`not-found` otherwise; nothing creates it), and `cwd` (relative to `root`) must lie inside
 * it once its symlinks are resolved. A `cwd` that does not exist yet keeps its path under the real root.
 */
function resolveWorkspaceDirectories(root: string, givenCwdOption: string | undefined) {
  const givenRoot = toPosixPath(path.resolve(root));
  const realRoot = realDirectory(givenRoot, 'workspace root');
  const givenCwd = resolvePosix(givenRoot, givenCwdOption ?? '.');
  const lexical = isInside(givenRoot, givenCwd) ? realRoot + givenCwd.slice(givenRoot.length) : givenCwd;
  const cwd = existsSync(lexical) ? realPathOrSelf(lexical) : lexical;
  if (!isInside(realRoot, cwd)) {
    throw new AgentContextError(
      `The working directory ${givenCwd} is not inside the workspace root ${givenRoot}`,
      {
        code: 'invalid-option',
        path: givenCwd,
        reason: 'cwd outside root',
      },
    );
  }
  return { givenRoot, realRoot, cwd };
}

/**
 * `lstat` + `readlink` of one segment. Synchronous on purpose: a path check costs one call per
 * segment, and a sync metadata call takes a microsecond or two where a thread-pool round trip costs
 * tens, which made deep paths slow; and a check that never yields fills the operation's checked
 * directories before the next one starts. No file is opened here.
 */
function inspectSegment(candidate: string): SegmentInfo {
  try {
    // throwIfNoEntry: a missing path is the common answer (most candidate files do not exist),
    // and building an exception for it costs more than the call itself.
    const stats = lstatSync(candidate, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (stats.isSymbolicLink()) return { kind: 'symlink', target: toPosixPath(readlinkSync(candidate)) };
    return { kind: kindOf(stats) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Bytes read synchronously at most, once the descriptor is open: larger reads go to the thread pool. */
const synchronousReadBytes = 256 * 1024;

/**
 * Regular files of one directory listed whole from which worker threads read them (or describe
 * them): below, starting the workers costs more than they save.
 */
const parallelReadsAtLeast = 512;
/**
 * The size of a directory itself (`fstat`) from which a listing that will read its files starts the
 * read worker before it reads the directory: on ext4, XFS and Btrfs a directory of several hundred
 * entries takes 16 KiB or more (ext4 and XFS count blocks of entries, Btrfs twice the names' bytes;
 * measured on ext4: 100 files 4 KiB, 600 files 32 KiB, 100,000 files 3.4 MB). A directory that says
 * less (or a file system that counts otherwise, tmpfs) starts it once its entries are counted. The
 * worker's start then overlaps the `readdir`: measured on two cores with 100,000 files, it was given
 * the files 40 ms sooner after the `readdir`, which no longer shared the cores with the worker's start.
 */
const bigDirectoryBytes = 16 * 1024;
/** Bytes per file read at most by the workers; a listing reading more per file reads here. */
const parallelReadBytes = 1024 * 1024;
/**
 * Files read by name in one step (a search's batch, over many folders) from which they are read
 * without listing their folders, and by a read worker when one may be asked. Below, the listing's
 * usual way answers: a few names (a file read with its touch, the instruction files looked for in
 * each folder) are often missing, which the usual lookup answers without an error, and a message to
 * a worker costs more than the reads.
 */
const namedReadsAtLeast = 32;

/**
 * Read a regular file through a verified descriptor (see `openVerified`). With the `descriptor-path`
 * method the open, `fstat`, check and a read of up to 256 KiB are synchronous (see
 * `openVerifiedFileSync`): a small file costs one open, one read and one close.
 */
async function readRegularFile(
  realPath: string,
  context: VerifiedOpenContext,
  options: ReadFileOptions,
  refuseHardLinks: boolean,
): Promise<ReadFileResult & { modifiedMs: number }> {
  const { maxBytes } = options;
  const { requested } = context;
  let close: (() => void | Promise<void>) | undefined;
  try {
    let stats: Stats;
    let readAt: (
      buffer: Buffer,
      offset: number,
      length: number,
      position: number,
    ) => Promise<number> | number;
    if (context.method === 'descriptor-path') {
      const opened = openVerifiedFileSync(realPath, context);
      const { descriptor } = opened;
      stats = opened.stats;
      close = () => closeSync(descriptor);
      readAt = (buffer, offset, length, position) =>
        length <= synchronousReadBytes
          ? readSync(descriptor, buffer, offset, length, position)
          : readDescriptor(descriptor, buffer, offset, length, position);
    } else {
      const opened = await openVerified(realPath, 'file', context);
      const { handle } = opened;
      stats = opened.stats;
      close = () => handle.close();
      readAt = async (buffer, offset, length, position) =>
        (await handle.read(buffer, offset, length, position)).bytesRead;
    }
    refuseHardLinked(stats, requested, refuseHardLinks);
    const start = Math.min(Math.max(0, options.start ?? 0), stats.size);
    const available = stats.size - start;
    const limit = maxBytes === undefined ? available : Math.max(0, Math.min(maxBytes, available));
    const buffer = Buffer.allocUnsafe(limit);
    let filled = 0;
    while (filled < limit) {
      const read = readAt(buffer, filled, limit - filled, start + filled);
      const bytesRead = typeof read === 'number' ? read : await read;
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const bytes = buffer.subarray(0, filled);
    const result = {
      bytes,
      size: stats.size,
      truncated: stats.size > start + filled,
      modifiedMs: stats.mtimeMs,
    };
    return options.start === undefined ? result : { ...result, start };
  } catch (error) {
    throw translateError(error, requested, 'read-failed');
  } finally {
    await close?.();
  }
}

/** What {@link readEntryFile} gives: the file's bytes as a `Buffer`, and its modification time. */
type EntryFileResult = ReadFileResult & { bytes: Buffer; modifiedMs: number };

/**
 * Read the regular file `name` of a directory held open (see `openEntrySync`), at most `maxBytes`:
 * synchronously when that is at most 256 KiB, else the read goes to the thread pool.
 */
function readEntryFile(
  directoryDescriptor: number,
  name: string,
  context: Pick<VerifiedOpenContext, 'realRoot' | 'requested'>,
  maxBytes: number,
  refuseHardLinks: boolean,
): EntryFileResult | Promise<EntryFileResult> {
  const { requested } = context;
  let descriptor: number;
  let stats: Stats;
  try {
    ({ descriptor, stats } = openEntrySync(directoryDescriptor, name, context));
  } catch (error) {
    throw translateError(error, requested, 'read-failed');
  }
  let synchronous = true;
  try {
    refuseHardLinked(stats, requested, refuseHardLinks);
    const limit = Math.max(0, Math.min(maxBytes, stats.size));
    const buffer = Buffer.allocUnsafe(limit);
    const finish = (filled: number) => ({
      bytes: filled === limit ? buffer : buffer.subarray(0, filled),
      size: stats.size,
      truncated: stats.size > filled,
      modifiedMs: stats.mtimeMs,
    });
    if (limit > synchronousReadBytes) {
      synchronous = false;
      const readRest = async (filled: number): Promise<number> => {
        while (filled < limit) {
          const bytesRead = await readDescriptor(descriptor, buffer, filled, limit - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return filled;
      };
      return readRest(0)
        .then(finish, (error: unknown) => {
          throw translateError(error, requested, 'read-failed');
        })
        .finally(() => closeSync(descriptor));
    }
    let filled = 0;
    while (filled < limit) {
      const bytesRead = readSync(descriptor, buffer, filled, limit - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return finish(filled);
  } catch (error) {
    throw translateError(error, requested, 'read-failed');
  } finally {
    if (synchronous) closeSync(descriptor);
  }
}

/** `fs.read` as a promise of the bytes read (written out: importing `node:util` for it costs a few modules). */
function readDescriptor(
  descriptor: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    read(descriptor, buffer, offset, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}

/**
 * A directory's entries from `readdir`, sorted by code point (see {@link entriesOf}). A directory of
 * regular files only (a big folder of commands, notes or logs) gives its names alone (`files`), sorted
 * by the engine's sort ({@link sortByCodePoints}), and no entry is made for them yet; any other gives
 * its entries, sorted by name.
 */
function sortedListing(
  found: readonly Dirent[],
): { files: string[]; entries?: undefined } | { files?: undefined; entries: DirectoryEntry[] } {
  const names = new Array<string>(found.length);
  let regularOnly = true;
  for (let index = 0; index < found.length; index += 1) {
    const entry = found[index]!;
    names[index] = entry.name;
    if (!entry.isFile()) regularOnly = false;
  }
  if (regularOnly) {
    return { files: sortByCodePoints(names) };
  }
  const entries = found.map(directoryEntryOf).sort((left, right) => compareCodePoints(left.name, right.name));
  return { entries };
}

/** The entries of a listing of {@link sortedListing}, in its order. */
function entriesOf(listing: ReturnType<typeof sortedListing>): DirectoryEntry[] {
  return listing.entries ?? listing.files.map((name) => ({ name, kind: 'file' as const }));
}

/** The names of the regular files among `entries`, in order. */
function fileNamesOf(entries: readonly DirectoryEntry[]): string[] {
  const names: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    if (entry.kind === 'file') names.push(entry.name);
  }
  return names;
}

function notADirectory(requested: string, cause?: unknown): AgentContextError {
  return new AgentContextError(`Not a directory: ${requested}`, {
    code: 'not-a-directory',
    path: requested,
    reason: 'not a directory',
    ...(cause === undefined ? {} : { cause }),
  });
}

async function isSymlink(absolute: string): Promise<boolean> {
  try {
    return (await fs.lstat(absolute)).isSymbolicLink();
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function notFound(requested: string): AgentContextError {
  return new AgentContextError(`No such file or directory: ${requested}`, {
    code: 'not-found',
    path: requested,
    reason: 'does not exist',
  });
}
