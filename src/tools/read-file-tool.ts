import path from 'node:path';
import type { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { toLabel } from '../workspace/labels.js';
import { binaryProbeBytes } from '../workspace/read-text-file.js';
import type { FileStat, ListRequest, Workspace } from '../workspace/workspace.js';
import { wasWrittenAsText } from '../workspace/written-as-text.js';
import { fileToolsDefaults } from './file-tools-defaults.js';
import { buildLineIndex, type LineIndex, lastLineOfPage } from './line-index.js';
import { type LinePage, pageLines } from './page-lines.js';
import { toolError } from './tool-error.js';

/** Limits of the `read_file` tool. */
export interface ReadFileToolOptions {
  /** Lines per call when the model gives no `limit`. Default 2,000. */
  defaultLimit?: number;
  /** Most characters per call (whole lines). Default 100,000. */
  maxChars?: number;
  /** Longer lines are paged as several lines of this length. Default 20,000. */
  maxLineChars?: number;
  /** Files larger than this are refused (read whole to count lines). Default 100 MiB. */
  maxFileBytes?: number;
}

const readFileInput = zodSchemaOnFirstUse((z) =>
  z.object({
    path: z.string().min(1).describe('Path of the file, relative to the working directory.'),
    offset: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
    limit: z.number().int().min(1).optional().describe('Maximum number of lines to read.'),
  }),
);

/** Files larger than this are paged through a {@link LineIndex} instead of being read whole per call. */
const indexedFileBytes = 1024 * 1024;

/** Line indexes kept per tool (the most recently built ones). */
const maxIndexes = 8;

/**
 * `read_file(path, offset?, limit?)`: a text file of the workspace. A file that fits in one page
 * comes back exactly as written (a byte order mark included), with no header; otherwise each page
 * starts with a header line `[read_file: lines A-B of N of LABEL. ...]` saying how to read on, so a
 * large (offloaded) result can be read in parts. A file over 1 MiB is indexed once (line starts,
 * kept while its size and modification time stay the same), and each page reads only its own bytes.
 * Binary files (a NUL byte in the first 8 KiB, except results offloaded in this process) and files
 * over `maxFileBytes` are tool errors. A successful call reports the file as touched.
 */
export function readFileTool(
  workspace: Workspace,
  options: ReadFileToolOptions = {},
): ToolDefinition<z.infer<ReturnType<typeof readFileInput>>, string> {
  const name = 'read_file';
  const read = filePageReader(workspace, { ...options, toolName: name });
  return {
    name,
    description: `Read a text file of the workspace. Returns the file as written when it fits (up to ${read.defaultLimit} lines and ${read.maxChars} characters); otherwise one page with a header saying which lines it holds and the offset to continue from.`,
    inputSchema: readFileInput(),
    async execute(input, context) {
      return renderFilePage(await read(input, context), {
        toolName: name,
        readOn: (offset) => `call read_file with offset ${offset}`,
      });
    },
  };
}

/** Options of {@link filePageReader}: the limits of `read_file`, and the tool name its errors give. */
export interface FilePageReaderOptions extends ReadFileToolOptions {
  /** The tool that reads, as its error messages name it. */
  toolName: string;
}

/** One page of a text file, as {@link filePageReader} reads it. */
export interface FilePage {
  /** The file's label (relative to the working directory). */
  label: string;
  page: IndexedPage;
  /** Lines longer than this were paged as several (`page.wrapped`). */
  maxLineChars: number;
}

/**
 * What {@link filePageReader} uses of a tool call's context: `touch` reports the file read, and with
 * `prefetch`, when the reader's workspace is the run's, the file is read in the request that lists
 * the touch's new directories (see `ToolExecutionContext.prefetch`).
 */
export interface FilePageReaderContext {
  touch?: ((path: string, kind: 'file') => void) | undefined;
  prefetch?: ((requests: readonly ListRequest[]) => Promise<Workspace>) | undefined;
  run?: { readonly workspace: Workspace } | undefined;
}

/** The paging reader behind `read_file`, with its defaults resolved (`defaultLimit`, `maxChars`). */
export interface FilePageReader {
  (
    input: { path: string; offset?: number | undefined; limit?: number | undefined },
    context: FilePageReaderContext,
  ): Promise<FilePage>;
  readonly defaultLimit: number;
  readonly maxChars: number;
}

/**
 * Read one page of a text file the way `read_file` does (its limits, its line index of large
 * files, its refusals as tool errors), for a tool that shows the page under its own name. An offset
 * past the end is a tool error; a successful read reports the file as touched. In a session whose
 * workspace is the reader's, the touch is reported first and the file (its first MiB) is read in
 * the same request as the touch's new directories: on a sandbox, a read that touches new
 * directories is one round trip.
 */
export function filePageReader(workspace: Workspace, options: FilePageReaderOptions): FilePageReader {
  const { toolName } = options;
  const defaultLimit = options.defaultLimit ?? fileToolsDefaults.defaultLimit;
  const maxChars = options.maxChars ?? fileToolsDefaults.maxChars;
  const maxLineChars = Math.max(
    2,
    Math.min(options.maxLineChars ?? fileToolsDefaults.maxLineChars, maxChars),
  );
  const maxFileBytes = options.maxFileBytes ?? fileToolsDefaults.maxFileBytes;
  const indexes = new Map<string, LineIndex>();

  /** The page of a large file through its line index, or `undefined` when the workspace cannot read ranges. */
  const readIndexedPage = async (
    path: string,
    key: string,
    stat: FileStat,
    offset: number,
    limit: number,
  ): Promise<IndexedPage | { binary: true } | { tooLarge: number } | undefined> => {
    let index = indexes.get(key);
    if (index === undefined || index.size !== stat.size || index.modifiedMs !== stat.modifiedMs) {
      const whole = await workspace.readFile(path, { maxBytes: maxFileBytes });
      if (whole.truncated) return { tooLarge: whole.size };
      if (!wasWrittenAsText(workspace, key) && isBinary(whole.bytes)) return { binary: true };
      index = buildLineIndex(whole.bytes, maxLineChars, stat);
      indexes.delete(key);
      if (indexes.size >= maxIndexes) indexes.delete(indexes.keys().next().value!);
    }
    indexes.set(key, index);
    if (offset > index.lines)
      return { total: index.lines, first: offset, last: offset - 1, text: '', wrapped: index.wrapped };
    const last = lastLineOfPage(index, offset, limit, maxChars);
    const start = index.byteStarts[offset - 1]!;
    const end = index.byteStarts[last]!;
    const range = await workspace.readFile(path, { start, maxBytes: end - start });
    if (range.start !== start || range.size !== index.size) {
      indexes.delete(key);
      return undefined;
    }
    const text = decodeForReading(range.bytes);
    return { total: index.lines, first: offset, last, text, wrapped: index.wrapped };
  };

  /**
   * Where the file is read from: with a session's `prefetch` over the reader's own workspace, the
   * touch is reported now (it counts only if the call succeeds) and the file's first MiB is asked
   * for with the touch's reads, in one request; otherwise the workspace itself.
   */
  const readingWorkspace = async (
    absolute: string,
    requested: string,
    context: FilePageReaderContext,
  ): Promise<{ reading: Workspace; touched: boolean }> => {
    const name = path.posix.basename(absolute);
    if (context.prefetch === undefined || context.run?.workspace !== workspace || name === '')
      return { reading: workspace, touched: false };
    context.touch?.(requested, 'file');
    const reading = await context.prefetch([
      {
        path: path.posix.dirname(absolute),
        names: [name],
        read: { maxBytes: Math.min(indexedFileBytes, maxFileBytes) },
      },
    ]);
    return { reading, touched: true };
  };

  const read = async (
    input: Parameters<FilePageReader>[0],
    context: Parameters<FilePageReader>[1],
  ): Promise<FilePage> => {
    let label = input.path;
    const offset = input.offset ?? 1;
    const limit = input.limit ?? defaultLimit;
    let page: IndexedPage | undefined;
    let touched = false;
    try {
      const absolute = workspace.resolve(input.path);
      label = toLabel(workspace, absolute);
      const prefetched = await readingWorkspace(absolute, input.path, context);
      const reading = prefetched.reading;
      touched = prefetched.touched;
      const stat = await reading.stat(input.path);
      if (stat?.kind === 'file' && stat.size > indexedFileBytes && stat.size <= maxFileBytes) {
        const indexed = await readIndexedPage(input.path, absolute, stat, offset, limit);
        if (indexed && 'binary' in indexed) throw binaryError(label, toolName);
        if (indexed && 'tooLarge' in indexed)
          throw tooLargeError(label, indexed.tooLarge, maxFileBytes, toolName);
        page = indexed;
      }
      if (page === undefined) {
        const whole = await reading.readFile(input.path, { maxBytes: maxFileBytes });
        if (whole.truncated) throw tooLargeError(label, whole.size, maxFileBytes, toolName);
        if (!wasWrittenAsText(workspace, absolute) && isBinary(whole.bytes))
          throw binaryError(label, toolName);
        page = pageLines(decodeForReading(whole.bytes), { offset, limit, maxChars, maxLineChars });
      }
    } catch (error) {
      if (error instanceof ReadFileToolError) throw error;
      throw toolError(error, input.path);
    }
    // Reported before reading when the read was prefetched with the touch's reads.
    if (!touched) context.touch?.(input.path, 'file');
    if (page.total > 0 && offset > page.total) {
      throw new Error(`offset ${offset} is past the end of ${label}, which has ${page.total} lines.`);
    }
    return { label, page, maxLineChars };
  };
  return Object.assign(read, { defaultLimit, maxChars });
}

/** How {@link renderFilePage} words its header. */
export interface FilePageWording {
  /** The tool named at the start of the header: `[read_file: ...]`. */
  toolName: string;
  /** How to read the next page, from its first line: `call read_file with offset 102`. */
  readOn(offset: number): string;
}

/**
 * A page as the model gets it: a file that fits in one page exactly as written; else the page after
 * a header line `[TOOL: lines A-B of N of LABEL. To read on, ...]` (or `This is the end of the file.`).
 */
export function renderFilePage({ label, page, maxLineChars }: FilePage, wording: FilePageWording): string {
  if (page.total === 0) return `[${wording.toolName}: ${label} is empty.]`;
  if (page.first === 1 && page.last === page.total) return page.text;
  const wrapped = page.wrapped ? ` (lines longer than ${maxLineChars} characters count as several)` : '';
  const next =
    page.last < page.total ? `To read on, ${wording.readOn(page.last + 1)}.` : 'This is the end of the file.';
  return `[${wording.toolName}: lines ${page.first}-${page.last} of ${page.total} of ${label}${wrapped}. ${next}]\n${page.text}`;
}

type IndexedPage = Pick<LinePage, 'text' | 'first' | 'last' | 'total' | 'wrapped'>;

/** A failure worded for the model already (not a workspace error to rephrase). */
class ReadFileToolError extends Error {}

function binaryError(label: string, toolName: string): Error {
  return new ReadFileToolError(`${label} is a binary file; ${toolName} only shows text.`);
}

function tooLargeError(label: string, size: number, maxFileBytes: number, toolName: string): Error {
  return new ReadFileToolError(
    `${label} is ${size} bytes, more than ${toolName} reads (${maxFileBytes} bytes).`,
  );
}

/** Binary: a NUL byte in the first 8 KiB (files this process offloaded are text whatever they hold). */
function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, binaryProbeBytes).includes(0);
}

/** UTF-8 as written: a byte order mark is kept, invalid bytes become U+FFFD. */
function decodeForReading(bytes: Uint8Array): string {
  return keepingDecoder.decode(bytes);
}

const keepingDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
