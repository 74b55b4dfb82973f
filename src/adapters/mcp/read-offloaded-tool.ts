import path from 'node:path';
import { z } from 'zod';
import { filesystemContextDefaults } from '../../filesystem-context/filesystem-context-options.js';
import { parseOffloadFileName } from '../../filesystem-context/offload-file-name.js';
import { listOffloadedFiles } from '../../filesystem-context/offloaded-files.js';
import type { ToolDefinition } from '../../session/capability.js';
import { quoteForMessage } from '../../text/cut-text.js';
import { filePageReader, renderFilePage } from '../../tools/read-file-tool.js';
import type { Workspace } from '../../workspace/workspace.js';

const input = z.object({
  file: z
    .string()
    .min(1)
    .optional()
    .describe('Name of an offloaded result, e.g. search-call_1.txt. Omit it to list them.'),
  offset: z.number().int().min(1).optional().describe('First line to read (1-based). Default 1.'),
  limit: z.number().int().min(1).optional().describe('Maximum number of lines to read.'),
});

/** Options of {@link readOffloadedTool}. */
export interface ReadOffloadedToolOptions {
  /** The offload directory, relative to the served directory. Default `.context`. */
  directory?: string;
  /** Characters of one page (whole lines), so that a page fits the answers' budget. Default 100,000 (`read_file`'s). */
  maxChars?: number;
}

/**
 * `read_offloaded({ file?, offset?, limit? })`: the tool results an agent-context session offloaded
 * to the offload directory (default `.context` in the served directory). Without `file`, the list of
 * offloaded results (name, tool, call id, size); with it, the result's text, paged as `read_file`
 * pages (a result that fits comes back as written; otherwise a header line
 * `[read_offloaded: lines A-B of N of NAME. To read on, call read_offloaded with file "NAME" and offset K.]`).
 * Only files named like offloaded results (`<tool>-<callId>.txt`) are read; any other name is a
 * tool error quoting at most 200 characters of it.
 */
export function readOffloadedTool(
  workspace: Workspace,
  options: ReadOffloadedToolOptions = {},
): ToolDefinition<z.infer<typeof input>, string> {
  const directory = options.directory ?? filesystemContextDefaults.offload.directory;
  const name = 'read_offloaded';
  const read = filePageReader(workspace, {
    toolName: name,
    ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
  });
  return {
    name,
    description: `List the tool results an agent offloaded to ${directory}/ (call without "file"), or read one of them in pages of lines.`,
    inputSchema: input,
    async execute({ file, offset, limit }, context) {
      if (file === undefined) return listing(workspace, directory);
      const fileName = path.posix.basename(file);
      const inDirectory = file === fileName || path.posix.normalize(file) === `${directory}/${fileName}`;
      if (!inDirectory || parseOffloadFileName(fileName) === undefined) {
        throw new Error(
          `${quoteForMessage(file)} is not an offloaded result: give a file name like search-call_1.txt from ${directory}/ (call read_offloaded without "file" for the list).`,
        );
      }
      const target = `${directory}/${fileName}`;
      if ((await workspace.stat(target))?.kind !== 'file') {
        throw new Error(
          `No offloaded result is named ${quoteForMessage(fileName)} in ${directory}/ (call read_offloaded without "file" for the list).`,
        );
      }
      const page = await read({ path: target, offset, limit }, context);
      return renderFilePage(
        { ...page, label: fileName },
        {
          toolName: name,
          readOn: (next) => `call read_offloaded with file ${JSON.stringify(fileName)} and offset ${next}`,
        },
      );
    },
  };
}

async function listing(workspace: Workspace, directory: string): Promise<string> {
  const { items, diagnostics } = await listOffloadedFiles(workspace, directory);
  const lines = items.map(
    (file) => `- ${file.name}: ${file.toolName} call ${file.callId}, ${file.size} bytes`,
  );
  const problems = diagnostics.map((diagnostic) => `- ${diagnostic.severity}: ${diagnostic.message}`);
  const head =
    items.length === 0
      ? `No offloaded results in ${directory}/.`
      : `${items.length} offloaded result${items.length === 1 ? '' : 's'} in ${directory}/:`;
  return [head, ...lines, ...(problems.length > 0 ? ['Problems:', ...problems] : [])].join('\n');
}
