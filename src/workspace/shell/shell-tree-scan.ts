import { compareCodePoints } from '../paths.js';
import type {
  DirectoryEntry,
  FileStat,
  ReadFileOptions,
  ReadFileResult,
  ScannedFile,
  TreeScan,
  Workspace,
} from '../workspace.js';

/** What a `t` operation of a script printed (see `treeScanLine`), its records as they came. */
export interface TreeAnswer {
  /** False when the sandbox lacks a tool the scan needs (`T no`). */
  tools: boolean;
  /** `F` records: find's type letter, size, modification time (seconds), path below the start. */
  entries: Array<{ type: string; size: number; modifiedMs: number; path: string }>;
  /** `P` records: directories reported, not listed. */
  unlisted: string[];
  /** `U` records: regular files that cannot be read. */
  unreadable: string[];
  /** `G` records: the first bytes of each `.gitignore` below the start, in base64, by path. */
  gitignores: Map<string, string>;
  /** `N`: grep's output of the first NUL of each file (base64), when lines were asked for. */
  nuls?: string;
  /** `M`: grep's `-n -H -Z` output of the lines found (base64), when lines were asked for. */
  lines?: string;
}

/** A unique answer: the script told nothing about the path. */
export const unknown: unique symbol = Symbol('unknown');

/** Answers from the script's `E`/`C` records (the start, the `.gitignore` files on the way). */
export interface DescribedPaths {
  stat(absolute: string, requested: string): FileStat | undefined | typeof unknown;
  realpath(absolute: string, requested: string): string | typeof unknown;
  readFile(absolute: string, requested: string, options: ReadFileOptions): ReadFileResult | typeof unknown;
}

/** What {@link scannedTree} needs besides the answer. */
export interface ScannedTreeOptions {
  /** The workspace asked what the scan does not tell. */
  inner: Workspace;
  /** The directory the walk lists: the start's real path when the start is a link, else as asked. */
  base: string;
  /** The largest file whose lines were found; `undefined` when lines were not asked for. */
  maxLineBytes: number | undefined;
  /** The bytes of lines the script kept at most: more means they were cut, and none is used. */
  maxScanLineBytes: number;
  /** True when only lines holding a text were found (else every line of each file without a NUL). */
  holding: boolean;
  described: DescribedPaths;
}

/**
 * The {@link TreeScan} of one script's `t` answer: a workspace answering from it (what it did not
 * tell is asked of `inner`), and the facts of each regular file.
 */
export function scannedTree(answer: TreeAnswer, options: ScannedTreeOptions): TreeScan {
  const { inner, base, described } = options;
  const absoluteOf = (relative: string) => (base === '/' ? `/${relative}` : `${base}/${relative}`);
  const parentOf = (absolute: string) => {
    const slash = absolute.lastIndexOf('/');
    return slash <= 0 ? '/' : absolute.slice(0, slash);
  };
  /** Each listed directory's entries; each path's record. */
  const directories = new Map<string, DirectoryEntry[]>([[base, []]]);
  const records = new Map<string, { type: string; size: number; modifiedMs: number }>();
  const add = (relative: string, type: string, size: number, modifiedMs: number) => {
    const absolute = absoluteOf(relative);
    records.set(absolute, { type, size, modifiedMs });
    const kind = type === 'f' || type === 'U' ? 'file' : type === 'd' || type === 'P' ? 'directory' : type;
    const entry: DirectoryEntry = {
      name: absolute.slice(absolute.lastIndexOf('/') + 1),
      kind: kind === 'l' ? 'symlink' : kind === 'file' || kind === 'directory' ? kind : 'other',
    };
    const parent = parentOf(absolute);
    let siblings = directories.get(parent);
    if (siblings === undefined) {
      siblings = [];
      directories.set(parent, siblings);
    }
    siblings.push(entry);
    if (type === 'd' && !directories.has(absolute)) directories.set(absolute, []);
  };
  for (const entry of answer.entries) add(entry.path, entry.type, entry.size, entry.modifiedMs);
  for (const path of answer.unlisted) add(path, 'P', 0, 0);
  for (const path of answer.unreadable) add(path, 'U', 0, 0);
  for (const entries of directories.values())
    entries.sort((left, right) => compareCodePoints(left.name, right.name));
  const gitignores = new Map<string, Uint8Array>();
  for (const [path, base64] of answer.gitignores)
    gitignores.set(absoluteOf(path), Buffer.from(base64, 'base64'));

  const firstNuls =
    answer.nuls === undefined ? undefined : parseFirstNuls(Buffer.from(answer.nuls, 'base64'));
  // Lines cut at the limit would make the files after the cut look as if they held none: then no
  // file has lines from the scan, and the search reads them.
  const linesOutput = answer.lines === undefined ? undefined : Buffer.from(answer.lines, 'base64');
  const lines =
    linesOutput === undefined || linesOutput.byteLength > options.maxScanLineBytes
      ? undefined
      : parseLines(linesOutput);

  const resolve = (requested: string): string | undefined => {
    try {
      return inner.resolve(requested);
    } catch {
      return undefined;
    }
  };
  /** True when the scan says nothing exists at `absolute` (its parent listed without it). */
  const absent = (absolute: string) => !records.has(absolute) && directories.has(parentOf(absolute));

  const workspace: Workspace = {
    root: inner.root,
    cwd: inner.cwd,
    resolve: (requested) => inner.resolve(requested),
    async stat(requested) {
      const absolute = resolve(requested);
      if (absolute === undefined) return inner.stat(requested);
      const told = described.stat(absolute, requested);
      if (told !== unknown) return told;
      const record = records.get(absolute);
      if (record?.type === 'f')
        return { kind: 'file', size: record.size, modifiedMs: record.modifiedMs, symlink: false };
      if (record?.type === 'd' || record?.type === 'P')
        return { kind: 'directory', size: record.size, modifiedMs: record.modifiedMs, symlink: false };
      if (record === undefined && absent(absolute)) return undefined;
      return inner.stat(requested);
    },
    async realpath(requested) {
      const absolute = resolve(requested);
      const told = absolute === undefined ? unknown : described.realpath(absolute, requested);
      return told === unknown ? inner.realpath(requested) : told;
    },
    async readdir(requested) {
      const absolute = resolve(requested);
      const listed = absolute === undefined ? undefined : directories.get(absolute);
      return listed === undefined ? inner.readdir(requested) : [...listed];
    },
    async readFile(requested, readOptions = {}) {
      const absolute = resolve(requested);
      if (absolute === undefined || readOptions.start !== undefined)
        return inner.readFile(requested, readOptions);
      const told = described.readFile(absolute, requested, readOptions);
      if (told !== unknown) return told;
      const bytes = gitignores.get(absolute);
      const record = records.get(absolute);
      if (bytes === undefined || record?.type !== 'f') return inner.readFile(requested, readOptions);
      const length = Math.min(bytes.byteLength, readOptions.maxBytes ?? bytes.byteLength);
      // Read whole, or as far as asked: otherwise the workspace reads it.
      if (length < Math.min(record.size, readOptions.maxBytes ?? record.size))
        return inner.readFile(requested, readOptions);
      return { bytes: bytes.subarray(0, length), size: record.size, truncated: record.size > length };
    },
  };

  return {
    workspace,
    file(absolute) {
      const record = records.get(absolute);
      if (record?.type !== 'f') return undefined;
      const relative = base === '/' ? absolute.slice(1) : absolute.slice(base.length + 1);
      const firstNul = firstNuls?.get(relative);
      const file: ScannedFile =
        firstNul === undefined ? { size: record.size } : { size: record.size, firstNul };
      const { maxLineBytes } = options;
      if (lines === undefined || maxLineBytes === undefined || record.size > maxLineBytes) return file;
      if (!options.holding && firstNul !== undefined) return file;
      return { ...file, lines: lines.get(relative) ?? [] };
    },
  };
}

/** grep's `-b -o -m1 -H -Z` records (`./NAME\0OFFSET:\0\n`): each file's first NUL, by path. */
function parseFirstNuls(output: Buffer): Map<string, number> {
  const firstNuls = new Map<string, number>();
  eachRecord(output, (name, offset) => {
    if (!firstNuls.has(name)) firstNuls.set(name, offset);
  });
  return firstNuls;
}

/** grep's `-n -H -Z` records (`./NAME\0NUMBER:LINE\n`): each file's lines, by path. */
function parseLines(output: Buffer): Map<string, Array<{ number: number; bytes: Uint8Array }>> {
  const byFile = new Map<string, Array<{ number: number; bytes: Uint8Array }>>();
  let lastName: string | undefined;
  let lastLines: Array<{ number: number; bytes: Uint8Array }> = [];
  eachRecord(output, (name, number, bytes) => {
    if (name !== lastName) {
      lastName = name;
      let known = byFile.get(name);
      if (known === undefined) {
        known = [];
        byFile.set(name, known);
      }
      lastLines = known;
    }
    lastLines.push({ number, bytes });
  });
  return byFile;
}

/**
 * Each complete `./NAME\0NUMBER:REST\n` record of grep's `-H -Z` output, in order: the name without
 * its `./`, the number, and the bytes between the colon and the newline. An incomplete last record
 * is left out.
 */
function eachRecord(output: Buffer, visit: (name: string, number: number, rest: Buffer) => void): void {
  let position = 0;
  while (position < output.length) {
    const nameEnd = output.indexOf(0, position);
    const colon = nameEnd === -1 ? -1 : output.indexOf(0x3a, nameEnd + 1);
    const lineEnd = colon === -1 ? -1 : output.indexOf(0x0a, colon + 1);
    if (lineEnd === -1) return;
    visit(
      withoutDotSlash(output.toString('utf8', position, nameEnd)),
      Number(output.toString('latin1', nameEnd + 1, colon)),
      output.subarray(colon + 1, lineEnd),
    );
    position = lineEnd + 1;
  }
}

function withoutDotSlash(name: string): string {
  return name.startsWith('./') ? name.slice(2) : name;
}
