import { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { toLabel } from '../workspace/labels.js';
import { readTextFile } from '../workspace/read-text-file.js';
import type { Workspace } from '../workspace/workspace.js';
import { pageLines } from './page-lines.js';
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

const readFileInput = z.object({
  path: z.string().min(1).describe('Path of the file, relative to the working directory.'),
  offset: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
  limit: z.number().int().min(1).optional().describe('Maximum number of lines to read.'),
});

/**
 * `read_file(path, offset?, limit?)`: a text file of the workspace. A file that fits in one page
 * comes back exactly as written, with no header; otherwise each page starts with a header line
 * `[read_file: lines A-B of N of LABEL. ...]` saying how to read on, so a large (offloaded) result
 * can be read in parts. Binary files and files over `maxFileBytes` are tool errors.
 * A successful call reports the file as touched.
 */
export function readFileTool(
  workspace: Workspace,
  options: ReadFileToolOptions = {},
): ToolDefinition<z.infer<typeof readFileInput>, string> {
  const defaultLimit = options.defaultLimit ?? 2_000;
  const maxChars = options.maxChars ?? 100_000;
  const maxLineChars = Math.max(2, Math.min(options.maxLineChars ?? 20_000, maxChars));
  const maxFileBytes = options.maxFileBytes ?? 100 * 1024 * 1024;
  return {
    name: 'read_file',
    description: `Read a text file of the workspace. Returns the file as written when it fits (up to ${defaultLimit} lines and ${maxChars} characters); otherwise one page with a header saying which lines it holds and the offset to continue from.`,
    inputSchema: readFileInput,
    async execute(input, context) {
      let label = input.path;
      let read: Awaited<ReturnType<typeof readTextFile>>;
      try {
        label = toLabel(workspace, workspace.resolve(input.path));
        read = await readTextFile(workspace, input.path, { maxBytes: maxFileBytes });
      } catch (error) {
        throw toolError(error, input.path);
      }
      if (read.binary) throw new Error(`${label} is a binary file; read_file only shows text.`);
      if (read.truncated) {
        throw new Error(`${label} is ${read.size} bytes, more than read_file reads (${maxFileBytes} bytes).`);
      }
      const offset = input.offset ?? 1;
      const page = pageLines(read.text, {
        offset,
        limit: input.limit ?? defaultLimit,
        maxChars,
        maxLineChars,
      });
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
