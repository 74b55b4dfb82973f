import type { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { compileGlob, isInvalidGlob } from '../shared/compile-glob.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { headCutEnd } from '../text/cut-text.js';
import { withCheckedDirectories } from '../workspace/checked-directories.js';
import { toLabel } from '../workspace/labels.js';
import type { HoldingNeighbours } from '../workspace/parallel-entry-reads.js';
import { binaryProbeBytes } from '../workspace/read-text-file.js';
import type { ReadFileResult, ScannedFile, Workspace } from '../workspace/workspace.js';
import { workspaceBatches } from '../workspace/workspace-batches.js';
import { wasWrittenAsText } from '../workspace/written-as-text.js';
import { compileSearchPattern, type SearchPattern } from './compile-search-pattern.js';
import { fileToolsDefaults } from './file-tools-defaults.js';
import type { RunNeighbours } from './line-prefilter.js';
import { openTreeReading, scanForSearch, searchDirectory, walkNote } from './search-directory.js';
import { chunkFiles, type FileMatches, searchTree } from './search-tree.js';
import { emptyWalkReport, walkWorkspaceFiles } from './walk-workspace-files.js';

const searchFilesInput = zodSchemaOnFirstUse((z) =>
  z.object({
    pattern: z
      .string()
      .min(1)
      .max(1_000)
      .describe(
        'Regular expression (RE2 syntax, as ripgrep: no backreferences or look-around), e.g. "function\\s+load".',
      ),
    path: z
      .string()
      .min(1)
      .default('.')
      .describe('Directory to search, relative to the working directory. Default ".".'),
    glob: z
      .string()
      .min(1)
      .max(1_024)
      .optional()
      .describe('Only files whose path matches this glob, e.g. "*.ts" (any depth) or "src/**/*.tsx".'),
    ignoreCase: z.boolean().optional().describe('Match letters of either case. Default false.'),
  }),
);

/** Options of {@link searchFilesTool}. */
export interface SearchFilesToolOptions {
  /** Most matching lines listed; the search stops there and says so. Default 100. */
  maxMatches?: number;
  /** Characters of a matching line shown; a longer line is cut with `…`. Default 500. */
  maxMatchChars?: number;
  /** Files larger than this are passed over (counted in the closing line). Default 8 MiB. */
  maxSearchFileBytes?: number;
}

/**
 * Files read in one batch (one `listDirectories` call: one round trip on a sandbox): as many as a
 * tree search's chunk, so a search that stops counts what it passed over at the same place.
 */
const searchBatchFiles = chunkFiles;
/** Batches whose reads may be under way while the walk goes on and the oldest is searched. */
const batchesAhead = 2;
/**
 * Bytes of each file read in the batch. A file longer than this (and within `maxSearchFileBytes`)
 * is read again alone, whole, so a batch holds at most 128 x 256 KiB whatever the files' sizes.
 */
const batchReadBytes = 256 * 1024;

/** A file's bytes as the batch read them, or as read again whole. */
type ReadOutcome = ReadFileResult;

/**
 * `search_files(pattern, path = '.', glob?, ignoreCase?)`: the lines of workspace files that match a
 * regular expression, as `LABEL:LINE: text` (`grep -rn`'s shape), files depth first in code-point
 * order, at most `maxMatches` lines. The pattern is RE2 syntax, matched in time linear in each file
 * (re2js), and a file that cannot hold the pattern's required text is passed over unread line by
 * line. Passed over and counted in the closing line: binary files (a NUL byte in the first 8 KiB),
 * files over `maxSearchFileBytes`, `.git`, what `.gitignore` files ignore, and symbolic links. Each
 * file with a match is reported as touched.
 */
export function searchFilesTool(
  workspace: Workspace,
  options: SearchFilesToolOptions = {},
): ToolDefinition<z.infer<ReturnType<typeof searchFilesInput>>, string> {
  const maxMatches = options.maxMatches ?? fileToolsDefaults.maxMatches;
  const maxMatchChars = options.maxMatchChars ?? fileToolsDefaults.maxMatchChars;
  const maxFileBytes = options.maxSearchFileBytes ?? fileToolsDefaults.maxSearchFileBytes;

  const batches = workspaceBatches(workspace);

  /** Read a batch of files in walk order: one listing request per directory, names only. */
  const readBatch = async (paths: readonly string[]): Promise<Map<string, ReadOutcome>> => {
    const byDirectory = new Map<string, string[]>();
    for (const path of paths) {
      const slash = path.lastIndexOf('/');
      const directory = slash === 0 ? '/' : path.slice(0, slash);
      const names = byDirectory.get(directory);
      if (names === undefined) byDirectory.set(directory, [path.slice(slash + 1)]);
      else names.push(path.slice(slash + 1));
    }
    const directories = [...byDirectory.keys()];
    const maxBytes = Math.min(batchReadBytes, maxFileBytes);
    const listed = await batches.listDirectories(
      directories.map((directory) => ({
        path: directory,
        names: byDirectory.get(directory),
        read: { maxBytes },
      })),
    );
    const outcomes = new Map<string, ReadOutcome>();
    for (const [index, directory] of directories.entries()) {
      const outcome = listed[index];
      if (outcome === undefined || !outcome.ok) continue;
      const prefix = directory === '/' ? '/' : `${directory}/`;
      for (const entry of outcome.value.entries) {
        // A name that became a link or something else since the walk listed it is not read.
        if (entry.symlink || entry.kind !== 'file' || entry.error !== undefined) continue;
        const { contents } = entry;
        if (contents !== undefined) outcomes.set(`${prefix}${entry.path}`, contents);
      }
    }
    for (const path of paths) {
      const read = outcomes.get(path);
      if (read === undefined || !read.truncated || read.size > maxFileBytes) continue;
      // Longer than the batch read and within the limit: read whole, alone.
      try {
        outcomes.set(path, await workspace.readFile(path, { maxBytes: maxFileBytes }));
      } catch {
        outcomes.delete(path);
      }
    }
    return outcomes;
  };

  const searchFile = (
    path: string,
    read: ReadOutcome | undefined,
    pattern: SearchPattern,
    room: number,
  ): FileMatches => {
    if (read === undefined) return { path, lines: [], skipped: 'unreadable' };
    if (read.truncated) return { path, lines: [], skipped: 'large' };
    const { bytes } = read;
    if (bytes.subarray(0, binaryProbeBytes).includes(0) && !wasWrittenAsText(workspace, path)) {
      return { path, lines: [], skipped: 'binary' };
    }
    if (pattern.literalBytes !== undefined) {
      // Only the lines holding the literal's bytes can match: found on the raw bytes, and only they
      // are decoded, each as the whole file's decoding gives it (see `matchingScannedLines`).
      const holding = linesHoldingBytes(bytes, pattern.literalBytes, pattern.literalNeighbours);
      if (holding.length === 0) return { path, lines: [] };
      const label = toLabel(workspace, path);
      return { path, lines: matchingScannedLines(holding, pattern, room, maxMatchChars, label) };
    }
    const text = decoder.decode(bytes);
    return { path, lines: matchingLines(text, pattern, room, maxMatchChars, toLabel(workspace, path)) };
  };

  /**
   * A file as the scan found it: decided from its size, its first NUL and the lines found, as
   * {@link searchFile} decides from its bytes; read from the workspace when the scan did not look.
   */
  const searchScannedFile = async (
    path: string,
    scanned: ScannedFile | undefined,
    pattern: SearchPattern,
    room: number,
  ): Promise<FileMatches> => {
    if (scanned !== undefined && scanned.size > maxFileBytes) return { path, lines: [], skipped: 'large' };
    const binary =
      scanned?.firstNul !== undefined &&
      scanned.firstNul < binaryProbeBytes &&
      !wasWrittenAsText(workspace, path);
    if (binary) return { path, lines: [], skipped: 'binary' };
    // An empty file has one empty line, which the scan's grep does not print.
    if (scanned?.lines !== undefined && scanned.size === 0)
      return searchFile(path, { bytes: new Uint8Array(0), size: 0, truncated: false }, pattern, room);
    if (scanned?.lines === undefined) {
      let read: ReadOutcome | undefined;
      try {
        read = await workspace.readFile(path, { maxBytes: maxFileBytes });
      } catch {
        read = undefined;
      }
      return searchFile(path, read, pattern, room);
    }
    const label = toLabel(workspace, path);
    return { path, lines: matchingScannedLines(scanned.lines, pattern, room, maxMatchChars, label) };
  };

  return {
    name: 'search_files',
    description: `Search the contents of workspace files with a regular expression (RE2 syntax). Returns matching lines as "path:line: text" (at most ${maxMatches}); skips binary, .gitignore'd and very large files.`,
    inputSchema: searchFilesInput(),
    execute(input, context) {
      // One operation of path checks: each directory on the way is checked once for the whole walk.
      return withCheckedDirectories(async () => {
        const pattern = compileSearchPattern(input.pattern, { ignoreCase: input.ignoreCase ?? false });
        if ('error' in pattern) throw new Error(pattern.error);
        const filter = input.glob === undefined ? undefined : compileGlob(input.glob);
        if (filter !== undefined && isInvalidGlob(filter)) {
          throw new Error(`The glob ${JSON.stringify(input.glob)} cannot be used: ${filter.reason}.`);
        }
        // A workspace that scans a tree in one request (a sandbox's find and grep) answers the walk
        // and the lines that can match from it; the same files are searched the same way.
        const scan = await scanForSearch(workspace, {
          path: input.path,
          lines: {
            maxBytes: maxFileBytes,
            ...(pattern.literalBytes === undefined ? {} : { holding: pattern.literal! }),
          },
        });
        const reading = scan?.workspace ?? workspace;
        const { directory, label } = await searchDirectory(reading, input.path);
        const under = directory.endsWith('/') ? directory : `${directory}/`;
        const report = emptyWalkReport();
        const lines: string[] = [];
        const skipped = { binary: 0, large: 0, unreadable: 0 };
        let batch: string[] = [];
        let stopped = false;
        /**
         * Batches whose reads are under way, oldest first, searched in walk order as they come; each
         * with what the walk had passed over when it was full, which the closing line tells if the
         * search stops in it (the walk has gone further since).
         */
        const underWay: Array<{
          paths: string[];
          reads: Promise<Map<string, ReadOutcome>>;
          walked: { links: number; ignored: number; unlisted: number };
        }> = [];
        /** Count a file searched, touch it and keep its lines; `stopped` once a line finds no room. */
        const keep = (result: FileMatches) => {
          if (result.skipped) skipped[result.skipped] += 1;
          if (result.lines.length === 0) return;
          // Touched by label, as the agent names it (and as read_file reports its input path).
          context.touch?.(toLabel(workspace, result.path), 'file');
          for (const line of result.lines) {
            if (lines.length === maxMatches) {
              stopped = true;
              return;
            }
            lines.push(line);
          }
        };
        const searchBatch = async (paths: readonly string[], reads: Map<string, ReadOutcome> | undefined) => {
          for (const path of paths) {
            const room = maxMatches + 1 - lines.length;
            keep(
              scan === undefined
                ? searchFile(path, reads!.get(path), pattern, room)
                : await searchScannedFile(path, scan.file(path), pattern, room),
            );
            if (stopped) return;
          }
        };
        /** Search the oldest batch under way. */
        const searchOldest = async () => {
          const oldest = underWay.shift()!;
          await searchBatch(oldest.paths, await oldest.reads);
          if (!stopped) return;
          report.links = oldest.walked.links;
          report.ignored = oldest.walked.ignored;
          report.unlisted.length = oldest.walked.unlisted;
        };
        // A batch's reads start when it is full, and the walk goes on while they run (on a read
        // worker, for the local disk); at most `batchesAhead` are under way.
        const flush = async () => {
          const paths = batch;
          batch = [];
          if (scan !== undefined) return searchBatch(paths, undefined);
          const walked = { links: report.links, ignored: report.ignored, unlisted: report.unlisted.length };
          const reads = readBatch(paths);
          // Its failure (a sandbox gone) is the search's when its turn comes, not an unhandled one now.
          reads.catch(() => undefined);
          underWay.push({ paths, reads, walked });
          if (underWay.length > batchesAhead) await searchOldest();
        };
        // The local disk is walked and read through its tree reader (see `searchTree`).
        const tree = scan === undefined ? await openTreeReading(workspace, directory) : undefined;
        try {
          if (tree !== undefined) {
            const stop = await searchTree(tree, {
              walk: walkWorkspaceFiles(reading, directory, report, context.signal, tree),
              ...(filter === undefined
                ? {}
                : { takes: (path: string) => filter.test(path.slice(under.length)) }),
              report,
              keep,
              stopped: () => stopped,
              room: () => maxMatches + 1 - lines.length,
              fullRoom: maxMatches + 1,
              searchHere: (path, room) => {
                let read: ReadOutcome | undefined;
                try {
                  read = tree.read(path, maxFileBytes);
                } catch {
                  read = undefined;
                }
                return searchFile(path, read, pattern, room);
              },
              searchRead: (path, read) => searchFile(path, read, pattern, maxMatches + 1),
              searchLines: (path, held) => ({
                path,
                lines: matchingScannedLines(
                  held,
                  pattern,
                  maxMatches + 1,
                  maxMatchChars,
                  toLabel(workspace, path),
                ),
              }),
              writtenAsText: (path) => wasWrittenAsText(workspace, path),
              maxFileBytes,
              holding: pattern.literalBytes,
              holdingNeighbours: neighbourTables(pattern.literalNeighbours),
            });
            if (stop !== undefined) {
              report.links = stop.links;
              report.ignored = stop.ignored;
              report.unlisted.length = stop.unlisted;
            }
          } else {
            for await (const paths of walkWorkspaceFiles(reading, directory, report, context.signal)) {
              for (const path of paths) {
                if (filter !== undefined && !filter.test(path.slice(under.length))) continue;
                batch.push(path);
                if (batch.length === searchBatchFiles) await flush();
                if (stopped) break;
              }
              if (stopped) break;
            }
          }
        } finally {
          tree?.close();
        }
        if (!stopped && batch.length > 0) await flush();
        while (!stopped && underWay.length > 0) await searchOldest();
        // Reads started past the last match are let finish (their files are closed), unread.
        await Promise.allSettled(underWay.map(({ reads }) => reads));
        if (lines.length === 0)
          lines.push(`[search_files: no line under ${label} matches ${JSON.stringify(input.pattern)}.]`);
        if (stopped)
          lines.push(`[stopped at ${maxMatches} matching lines: narrow the pattern, the path or the glob]`);
        const extra: string[] = [];
        if (skipped.binary > 0) extra.push(`${skipped.binary} binary files`);
        if (skipped.large > 0) extra.push(`${skipped.large} files over ${maxFileBytes} bytes`);
        if (skipped.unreadable > 0) extra.push(`${skipped.unreadable} unreadable files`);
        const note = walkNote(report, extra);
        if (note !== '') lines.push(note);
        return lines.join('\n');
      });
    },
  };
}

const decoder = new TextDecoder('utf-8');
const keepingDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The lines of `bytes` (split at `\n`, which no multi-byte UTF-8 sequence holds) whose bytes hold
 * `needle`, with their 1-based numbers, in order, without the `\n`. Decoding never joins bytes
 * across a `\n` and decodes a valid sequence the same whatever precedes it, so these are the lines
 * whose decoded text holds the needle's text (see `withLiteralBytes`). With `neighbours`, a place of
 * the needle counts only when the byte right before it (and after it) is not an ASCII byte its test
 * refuses: an ASCII byte decodes to itself whatever surrounds it, and a line's start or end (`\n`,
 * the end of the bytes) has no character there, so a line left out cannot hold a match.
 */
function linesHoldingBytes(
  bytes: Uint8Array,
  needle: Uint8Array,
  neighbours?: RunNeighbours,
): Array<{ number: number; bytes: Uint8Array }> {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: Array<{ number: number; bytes: Uint8Array }> = [];
  const before = neighbours?.before;
  const after = neighbours?.after;
  /** True when the place `at` of the needle can be a match's (see above). */
  const fits = (at: number): boolean => {
    if (before !== undefined) {
      const code = at === 0 ? 0x0a : buffer[at - 1]!;
      if (code === 0x0a || (code < 0x80 && !before(code))) return false;
    }
    if (after !== undefined) {
      const next = at + needle.length;
      const code = next >= buffer.length ? 0x0a : buffer[next]!;
      if (code === 0x0a || (code < 0x80 && !after(code))) return false;
    }
    return true;
  };
  let lineNumber = 1;
  let counted = 0;
  for (let at = buffer.indexOf(needle); at !== -1; ) {
    if (!fits(at)) {
      at = buffer.indexOf(needle, at + 1);
      continue;
    }
    const start = at === 0 ? 0 : buffer.lastIndexOf(0x0a, at - 1) + 1;
    let end = buffer.indexOf(0x0a, at);
    if (end === -1) end = buffer.length;
    for (
      let index = buffer.indexOf(0x0a, counted);
      index !== -1 && index < start;
      index = buffer.indexOf(0x0a, index + 1)
    )
      lineNumber += 1;
    counted = start;
    lines.push({ number: lineNumber, bytes: buffer.subarray(start, end) });
    if (end === buffer.length) break;
    at = buffer.indexOf(needle, end + 1);
  }
  return lines;
}

/**
 * At most `room` of the lines a scan found that match, each `LABEL:LINE: text` cut to `maxChars`:
 * decoded as the whole file would be (a byte order mark dropped from the first line only), a final
 * `\r` left out. The scan found every line that can match (those holding the literal, or all).
 */
function matchingScannedLines(
  lines: NonNullable<ScannedFile['lines']>,
  pattern: SearchPattern,
  room: number,
  maxChars: number,
  label: string,
): string[] {
  const found: string[] = [];
  for (const { number, bytes } of lines) {
    if (found.length >= room) break;
    let line = (number === 1 ? decoder : keepingDecoder).decode(bytes);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (pattern.test(line)) found.push(`${label}:${number}: ${cut(line, maxChars)}`);
  }
  return found;
}

/** At most `room` lines of `text` that match, each `LABEL:LINE: text` cut to `maxChars`. */
function matchingLines(
  text: string,
  pattern: SearchPattern,
  room: number,
  maxChars: number,
  label: string,
): string[] {
  const { literal } = pattern;
  if (literal !== undefined && !(pattern.ignoreCase ? text.toLowerCase() : text).includes(literal)) return [];
  const found: string[] = [];
  const take = (start: number, end: number, lineNumber: number) => {
    let line = text.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (pattern.test(line)) found.push(`${label}:${lineNumber}: ${cut(line, maxChars)}`);
  };
  if (literal !== undefined && !pattern.ignoreCase) {
    // Only the lines holding the literal can match: find them with indexOf, count lines on the way.
    let lineNumber = 1;
    let counted = 0;
    let from = 0;
    while (found.length < room) {
      const at = text.indexOf(literal, from);
      if (at === -1) break;
      const start = text.lastIndexOf('\n', at - 1) + 1;
      let end = text.indexOf('\n', at);
      if (end === -1) end = text.length;
      for (
        let index = text.indexOf('\n', counted);
        index !== -1 && index < start;
        index = text.indexOf('\n', index + 1)
      )
        lineNumber += 1;
      counted = start;
      take(start, end, lineNumber);
      from = end + 1;
    }
    return found;
  }
  let lineNumber = 1;
  for (let start = 0; found.length < room; lineNumber += 1) {
    if (start === text.length && start > 0) break; // the text ends with a newline: no line after it
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    take(start, end, lineNumber);
    if (end === text.length) break;
    start = end + 1;
  }
  return found;
}

function cut(line: string, maxChars: number): string {
  return line.length <= maxChars ? line : `${line.slice(0, headCutEnd(line, maxChars))}…`;
}

/** The neighbours' tests as tables of the 128 ASCII bytes, for a read worker (see `HoldingNeighbours`). */
function neighbourTables(neighbours: RunNeighbours | undefined): HoldingNeighbours | undefined {
  if (neighbours === undefined) return undefined;
  const table = (test: ((code: number) => boolean) | undefined) => {
    if (test === undefined) return undefined;
    const allowed = new Uint8Array(128);
    for (let code = 0; code < 128; code += 1) if (test(code)) allowed[code] = 1;
    return allowed;
  };
  return { before: table(neighbours.before), after: table(neighbours.after) };
}
