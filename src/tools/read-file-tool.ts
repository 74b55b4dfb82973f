import type { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { toLabel } from '../workspace/labels.js';
import { binaryProbeBytes } from '../workspace/read-text-file.js';
import type { FileStat, Workspace } from '../workspace/workspace.js';
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

  return {
    name: 'read_file',
    description: `Read a text file of the workspace. Returns the file as written when it fits (up to ${defaultLimit} lines and ${maxChars} characters); otherwise one page with a header saying which lines it holds and the offset to continue from.`,
    inputSchema: readFileInput(),
    async execute(input, context) {
      let label = input.path;
      const offset = input.offset ?? 1;
      const limit = input.limit ?? defaultLimit;
      let page: IndexedPage | undefined;
      try {
        const absolute = workspace.resolve(input.path);
        label = toLabel(workspace, absolute);
        const stat = await workspace.stat(input.path);
        if (stat?.kind === 'file' && stat.size > indexedFileBytes && stat.size <= maxFileBytes) {
          const indexed = await readIndexedPage(input.path, absolute, stat, offset, limit);
          if (indexed && 'binary' in indexed) throw binaryError(label);
          if (indexed && 'tooLarge' in indexed) throw tooLargeError(label, indexed.tooLarge, maxFileBytes);
          page = indexed;
        }
        if (page === undefined) {
          const read = await workspace.readFile(input.path, { maxBytes: maxFileBytes });
          if (read.truncated) throw tooLargeError(label, read.size, maxFileBytes);
          if (!wasWrittenAsText(workspace, absolute) && isBinary(read.bytes)) throw binaryError(label);
          page = pageLines(decodeForReading(read.bytes), { offset, limit, maxChars, maxLineChars });
        }
      } catch (error) {
        if (error instanceof ReadFileToolError) throw error;
        throw toolError(error, input.path);
      }
      context.touch?.(input.path, 'file');
      if (page.total === 0) return `[read_file: ${label} is empty.]`;
      if (offset > page.total) {
        throw new Error(`offset ${offset} is past the end of ${label}, which has ${page.total} lines.`);
      }
      if (page.first === 1 && page.last === page.total) return page.text;
      const wrapped = page.wrapped ? ` (lines longer than ${maxLineChars} characters count as several)` : '';
      const next =
        page.last < page.total
          ? `To read on, call read_file with offset ${page.last + 1}.`
          : 'This is the end of the file.';
      return `[read_file: lines ${page.first}-${page.last} of ${page.total} of ${label}${wrapped}. ${next}]\n${page.text}`;
    },
  };
}

type IndexedPage = Pick<LinePage, 'text' | 'first' | 'last' | 'total' | 'wrapped'>;

/** A failure worded for the model already (not a workspace error to rephrase). */
class ReadFileToolError extends Error {}

function binaryError(label: string): Error {
  return new ReadFileToolError(`${label} is a binary file; read_file only shows text.`);
}

function tooLargeError(label: string, size: number, maxFileBytes: number): Error {
  return new ReadFileToolError(
    `${label} is ${size} bytes, more than read_file reads (${maxFileBytes} bytes).`,
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
