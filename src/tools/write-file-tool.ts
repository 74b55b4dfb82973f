import type { z } from 'zod';
import { AgentContextError } from '../errors.js';
import type { ToolDefinition } from '../session/capability.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { toolError } from './tool-error.js';

const writeFileInput = zodSchemaOnFirstUse((z) =>
  z.object({
    path: z.string().min(1).describe('Path of the file, relative to the working directory.'),
    content: z.string().describe('The complete new content of the file.'),
  }),
);

/**
 * `write_file(path, content)`: create or replace a text file of the workspace (parent directories
 * created). Throws `workspace-not-writable` at creation when the workspace has no `writeFile`.
 * A successful call reports the file as touched.
 */
export function writeFileTool(
  workspace: Workspace,
): ToolDefinition<z.infer<ReturnType<typeof writeFileInput>>, string> {
  const writeFile = workspace.writeFile;
  if (!writeFile) {
    throw new AgentContextError(
      'fileTools({ write: true }) needs a workspace with writeFile; this workspace is read-only.',
      {
        code: 'workspace-not-writable',
        reason: 'writeFile missing',
      },
    );
  }
  return {
    name: 'write_file',
    description:
      'Create or replace a text file of the workspace with the given content (parent directories are created).',
    inputSchema: writeFileInput(),
    async execute(input, context) {
      let label = input.path;
      try {
        label = toLabel(workspace, workspace.resolve(input.path));
        await writeFile.call(workspace, input.path, input.content);
      } catch (error) {
        throw toolError(error, input.path);
      }
      context.touch?.(input.path, 'file');
      return `Wrote ${input.content.length} characters to ${label}.`;
    },
  };
}
