/** What a path is. Symlinks are followed (after the containment check) by `stat`. */
export type EntryKind = 'file' | 'directory' | 'other';

/** Result of {@link Workspace.stat}. */
export interface FileStat {
  /** `file` for regular files only; FIFOs, sockets and devices are `other` and are never opened. */
  kind: EntryKind;
  /** Size in bytes (0 for directories on some systems). */
  size: number;
  /** Last modification time, milliseconds since the epoch. */
  modifiedMs: number;
  /** True when the path itself is a symbolic link (its target was checked to stay inside the root). */
  symlink: boolean;
}

/** One entry of {@link Workspace.readdir}. `symlink` entries are not followed: call `stat` to learn more. */
export interface DirectoryEntry {
  name: string;
  kind: EntryKind | 'symlink';
}

/** Options of {@link Workspace.readFile}. */
export interface ReadFileOptions {
  /** Read at most this many bytes (from `start`). Default: the whole file. Never throws for size. */
  maxBytes?: number;
  /** First byte to read. Default 0. Past the end gives no bytes. */
  start?: number;
}

/** Raw bytes from {@link Workspace.readFile}. Decode with `decodeText`. */
export interface ReadFileResult {
  bytes: Uint8Array;
  /** Size of the whole file in bytes. */
  size: number;
  /** True when `maxBytes` cut the read short. */
  truncated: boolean;
  /**
   * The `start` the bytes begin at, when one was asked for. A workspace that leaves it out read
   * from the beginning of the file whatever `start` said.
   */
  start?: number;
}

/** Options of {@link Workspace.writeFile}. */
export interface WriteFileOptions {
  /**
   * Fail with `already-exists` when the file already exists. Default `false`. A workspace that has
   * {@link Workspace.createFile} answers this as `createFile` does; a host's own workspace may not
   * keep this promise, so code that must never replace a file asks `createFile` where it is offered.
   */
  exclusive?: boolean;
}

/**
 * One answer of a batch operation: the value the single call would have returned, or the error it
 * would have thrown. A batch never rejects for one path; only a failure of the whole request (the
 * sandbox is gone) rejects it.
 */
export type BatchOutcome<Value> = { ok: true; value: Value } | { ok: false; error: Error };

/** One directory of {@link Workspace.listDirectories}. */
export interface ListRequest {
  /** The directory, resolved like any path of the workspace. */
  path: string;
  /**
   * Only these paths below the directory (`/`-separated, relative, without `.` or `..`, such as
   * `AGENTS.md` or `.cursor/rules`): each is reported when it exists, with the entries on the way to
   * it (`.cursor` for `.cursor/rules`), nothing else. Default: every entry of the directory.
   */
  names?: readonly string[];
  /**
   * Levels listed below each listed directory: with `names`, below each named path that is a
   * directory (default 0: the named paths alone); without, below the directory itself (default 1:
   * its own entries). Symbolic links to directories are followed (contained), each real directory
   * once.
   */
  depth?: number;
  /**
   * Directory names not entered below the listed directory (`node_modules`, `.git`): reported, never
   * listed. Default: every directory is entered (to `depth`).
   */
  skip?: readonly string[];
  /**
   * Also read the regular files reported, at most `maxBytes` bytes of each (`contents`): every one,
   * or with `endings` only those whose name ends with one of them (`SKILL.md`, `.md`), the others
   * reported unread. Default: none read.
   */
  read?: { maxBytes: number; endings?: readonly string[] };
}

/** One entry of a {@link ListedDirectory}. */
export interface ListedEntry {
  /** The path below the listed directory, `/`-separated (`AGENTS.md`, `.cursor/rules/api.mdc`). */
  path: string;
  /** What the entry is, a symbolic link followed (contained); `other` when it could not be followed (`error`). */
  kind: EntryKind;
  /** True when the entry itself is a symbolic link. */
  symlink: boolean;
  /** The real absolute POSIX path (symlinks resolved). */
  realPath: string;
  /** Size in bytes of a regular file (left out for the other kinds). */
  size?: number;
  /** Last modification time of a regular file, milliseconds since the epoch (left out for the other kinds). */
  modifiedMs?: number;
  /** The bytes of a regular file when the request asked to `read` (as `readFile` with `maxBytes`). */
  contents?: ReadFileResult;
  /** Why the entry could not be followed (a link leaving the root, a loop) or read: what `stat` or `readFile` would throw. */
  error?: Error;
}

/** Result of one {@link ListRequest}. */
export interface ListedDirectory {
  /** The real absolute POSIX path of the listed directory. */
  realPath: string;
  /** The entries, parents before children, siblings sorted by code point. */
  entries: ListedEntry[];
}

/** What {@link Workspace.scanTree} looks at. */
export interface TreeScanRequest {
  /** The directory scanned, resolved like any path of the workspace. */
  path: string;
  /**
   * Also find the lines of the regular files of at most `maxBytes` bytes: every line, or with
   * `holding` only those whose bytes hold its UTF-8 bytes. Default: no line (a listing only).
   */
  lines?: { maxBytes: number; holding?: string };
}

/** What a {@link TreeScan} tells of one regular file without its bytes. */
export interface ScannedFile {
  /** Size in bytes when scanned. */
  size: number;
  /** Offset of the file's first NUL byte; `undefined` when it holds none (or lines were not asked for). */
  firstNul?: number;
  /**
   * The lines found (see {@link TreeScanRequest.lines}): each with its 1-based number and its bytes,
   * the line's `\n` left out. `undefined` when the scan did not look at the file's lines (over
   * `maxBytes`, a NUL byte when every line was asked for, not asked for): read the file.
   */
  lines?: readonly FoundLine[];
}

/** A line of a file found by what it holds: its 1-based number and its bytes, the `\n` left out. */
export interface FoundLine {
  number: number;
  bytes: Uint8Array;
}

/** The answer of {@link Workspace.scanTree}. */
export interface TreeScan {
  /**
   * Answers `stat`, `realpath`, `readdir` and `readFile` of the scanned directory, of everything
   * below it (`.git` left out; directories a `.gitignore` on the way names plainly may be left
   * unlisted), of every `.gitignore` below it and of those of the directories from the root down to
   * it, from the scan; asks the workspace the rest. The answers are as old as the scan.
   */
  workspace: Workspace;
  /** What the scan found of a regular file, by absolute path; `undefined` when it did not look. */
  file(absolutePath: string): ScannedFile | undefined;
}

/**
 * Where files come from. Every file access of every capability goes through a workspace, so a
 * remote sandbox can implement this interface and get every feature.
 *
 * Paths: relative paths resolve against {@link Workspace.cwd}; absolute POSIX paths are accepted
 * too. A contained workspace refuses, with an `AgentContextError` and no I/O outside `root`: `..`
 * escapes, absolute paths outside root, NUL bytes, and paths whose real path (symlinks resolved
 * segment by segment) leaves root.
 *
 * Missing paths: `stat` returns `undefined`; `readFile`, `readdir` and `realpath` throw `not-found`.
 */
export interface Workspace {
  /** Absolute POSIX path of the containment boundary. Nothing outside it is read. */
  readonly root: string;
  /**
   * Absolute POSIX path of the agent's working directory, inside `root` (default: `root`). Project
   * instructions walk up from here; nested instructions surface below here; labels are relative to it.
   */
  readonly cwd: string;
  /** Lexically resolve a path to an absolute POSIX path. Throws for NUL bytes and for escapes of a contained workspace. No I/O. */
  resolve(path: string): string;
  /** Information about a path, following symlinks; `undefined` when it does not exist. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Entries of a directory, sorted by code point. */
  readdir(path: string): Promise<DirectoryEntry[]>;
  /** The real absolute POSIX path (all symlinks resolved). Throws when it leaves root. */
  realpath(path: string): Promise<string>;
  /** Bytes of a regular file. Anything but a regular file throws `not-a-file` without being opened. */
  readFile(path: string, options?: ReadFileOptions): Promise<ReadFileResult>;
  /** Write a file, creating parent directories. Absent on read-only workspaces. */
  writeFile?(path: string, data: string | Uint8Array, options?: WriteFileOptions): Promise<void>;
  /**
   * Create a new file, creating parent directories, in one request: fails with `already-exists`
   * (typed, nothing written) when anything is at the path, a file, a directory or a symbolic link
   * (even a dangling one, which is never written through). Where the workspace can, the create is
   * atomic (`O_EXCL`): of two callers creating one path, one gets `already-exists`. Other failures
   * are `write-failed` or the usual refusals. Optional: absent on read-only workspaces and on those
   * whose file layer cannot create exclusively (then `stat` first, and `writeFile` with `exclusive`).
   */
  createFile?(path: string, data: string | Uint8Array): Promise<void>;
  /** Remove a file; a symlink is removed itself, never its target. Absent on read-only workspaces. */
  removeFile?(path: string): Promise<void>;
  /**
   * Batch operations, optional: many paths in one request, so a workspace over a remote sandbox
   * answers each in one round trip. Each answer is what the single call would give, in the order
   * asked. Features ask through `workspaceBatches(workspace)`, which turns them into single calls
   * for a workspace that leaves them out.
   */
  /** `stat` of every path. */
  statPaths?(paths: readonly string[]): Promise<Array<BatchOutcome<FileStat | undefined>>>;
  /** `readFile` of every path with the same options ("read these small files whole"). */
  readFiles?(
    paths: readonly string[],
    options?: ReadFileOptions,
  ): Promise<Array<BatchOutcome<ReadFileResult>>>;
  /** List directories (to a depth, only some names, their small files read): see {@link ListRequest}. */
  listDirectories?(requests: readonly ListRequest[]): Promise<Array<BatchOutcome<ListedDirectory>>>;
  /**
   * Optional: a directory's whole tree in one request, for the search tools (`find_files`,
   * `search_files`): its listing, its `.gitignore` files, and with `lines` the lines of its files
   * that can match. `undefined` when the workspace cannot scan that way now (a sandbox without the
   * tools it needs): the tools then walk with the single calls and batches. Refusals of the path
   * itself are not thrown here: the returned workspace throws them as `stat` would.
   */
  scanTree?(request: TreeScanRequest): Promise<TreeScan | undefined>;
}
