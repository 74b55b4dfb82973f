import path from 'node:path';
import { z } from 'zod';
import { filesystemContextDefaults } from '../../filesystem-context/filesystem-context-options.js';
import { parseOffloadFileName } from '../../filesystem-context/offload-file-name.js';
import { listOffloadedFiles } from '../../filesystem-context/offloaded-files.js';
import type { ToolDefinition } from '../../session/capability.js';
import { readFileTool } from '../../tools/read-file-tool.js';
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

/**
 * `read_offloaded({ file?, offset?, limit? })`: the tool results an agent-context session offloaded
 * to the offload directory (default `.context` in the served directory). Without `file`, the list of
 * offloaded results (name, tool, call id, size); with it, the result's text, paged exactly like
 * `read_file` (a header line says which lines a page holds and where to continue). Only files named
 * like offloaded results (`<tool>-<callId>.txt`) are read; any other name is a tool error.
 */
export function readOffloadedTool(
  workspace: Workspace,
  directory: string = filesystemContextDefaults.offload.directory,
): ToolDefinition<z.infer<typeof input>, string> {
  const reader = readFileTool(workspace);
  return {
    name: 'read_offloaded',
    description: `List the tool results an agent offloaded to ${directory}/ (call without "file"), or read one of them in pages of lines.`,
    inputSchema: input,
    async execute({ file, offset, limit }, context) {
      if (file === undefined) return listing(workspace, directory);
      const name = path.posix.basename(file);
      const inDirectory = file === name || path.posix.normalize(file) === `${directory}/${name}`;
      if (!inDirectory || parseOffloadFileName(name) === undefined) {
        throw new Error(
          `${JSON.stringify(file)} is not an offloaded result: give a file name like search-call_1.txt from ${directory}/ (call read_offloaded without "file" for the list).`,
        );
      }
      const target = `${directory}/${name}`;
      if ((await workspace.stat(target))?.kind !== 'file') {
        throw new Error(
          `No offloaded result named ${name} in ${directory}/ (call read_offloaded without "file" for the list).`,
        );
      }
      return reader.execute(
        {
          path: target,
          ...(offset === undefined ? {} : { offset }),
          ...(limit === undefined ? {} : { limit }),
        },
        context,
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
