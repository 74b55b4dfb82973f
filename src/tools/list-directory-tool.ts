import type { z } from 'zod';
import type { ToolDefinition } from '../session/capability.js';
import { zodSchemaOnFirstUse } from '../shared/load-on-first-use.js';
import { toLabel } from '../workspace/labels.js';
import type { Workspace } from '../workspace/workspace.js';
import { fileToolsDefaults } from './file-tools-defaults.js';
import { toolError } from './tool-error.js';

const listDirectoryInput = zodSchemaOnFirstUse((z) =>
  z.object({
    path: z
      .string()
      .min(1)
      .default('.')
      .describe('Directory, relative to the working directory. Default ".".'),
  }),
);

/** Options of {@link listDirectoryTool}. */
export interface ListDirectoryToolOptions {
  /** Most entries shown; the rest are counted in `[N more]`. Default 1,000. */
  maxEntries?: number;
}

/**
 * `list_directory(path = '.')`: the entries of a workspace directory, one per line, sorted by code
 * point; directories end with `/`, symbolic links with `@` (not followed). At most `maxEntries`
 * lines, then `[N more]`. A successful call reports the directory as touched.
 */
export function listDirectoryTool(
  workspace: Workspace,
  options: ListDirectoryToolOptions = {},
): ToolDefinition<z.infer<ReturnType<typeof listDirectoryInput>>, string> {
  const maxEntries = options.maxEntries ?? fileToolsDefaults.maxEntries;
  return {
    name: 'list_directory',
    description: `List a directory of the workspace: one entry per line, directories ending in "/", symbolic links in "@" (at most ${maxEntries} entries).`,
    inputSchema: listDirectoryInput(),
    async execute(input, context) {
      let label = input.path;
      let entries: Awaited<ReturnType<Workspace['readdir']>>;
      try {
        label = toLabel(workspace, workspace.resolve(input.path));
        entries = await workspace.readdir(input.path);
      } catch (error) {
        // Some workspaces report a file as "not found" when listed; one stat on this failure path tells the model why.
        const kind = await workspace.stat(input.path).then(
          (stat) => stat?.kind,
          () => undefined,
        );
        if (kind !== undefined && kind !== 'directory')
          throw new Error(`${JSON.stringify(input.path)} is not a directory.`);
        throw toolError(error, input.path);
      }
      context.touch?.(input.path, 'directory');
      if (entries.length === 0) return `[list_directory: ${label} is empty.]`;
      const lines = entries
        .slice(0, maxEntries)
        .map((entry) =>
          entry.kind === 'directory'
            ? `${entry.name}/`
            : entry.kind === 'symlink'
              ? `${entry.name}@`
              : entry.name,
        );
      if (entries.length > maxEntries) lines.push(`[${entries.length - maxEntries} more]`);
      return lines.join('\n');
    },
  };
}
