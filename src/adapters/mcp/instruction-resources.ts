import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { discoverInstructions, instructionDefaults } from '../../instructions/discover-instructions.js';
import { resolveInstructionFilenames } from '../../instructions/instruction-filenames.js';
import type { ProjectInstructionsOptions } from '../../instructions/project-instructions.js';
import { renderInstructions } from '../../instructions/render-instructions.js';
import { toLabel } from '../../workspace/labels.js';
import { isInside } from '../../workspace/paths.js';
import { readTextFile } from '../../workspace/read-text-file.js';
import type { Workspace } from '../../workspace/workspace.js';
import { findNestedInstructionFiles } from './find-nested-instruction-files.js';

/** The URI of the resource holding the whole project instructions. */
export const projectInstructionsUri = 'agent-context://instructions';

/**
 * Register the instruction resources of a workspace on an MCP server:
 * - `agent-context://instructions`: the project instructions exactly as an agent working in the served
 *   directory gets them (walk-up, imports, budget: the text of `agent-context render`), read afresh on
 *   every read;
 * - one `file://` resource per instruction file: the walk-up and imported files, then the nested ones
 *   below the served directory (see `findNestedInstructionFiles`), listed afresh on every list.
 * Only those files can be read through a `file://` URI; any other is an MCP error naming the URI.
 */
export function registerInstructionResources(
  server: McpServer,
  workspace: Workspace,
  options: Omit<ProjectInstructionsOptions, 'workspace'> = {},
): void {
  const { maxChars, ...discoverOptions } = options;
  const resolved = resolveInstructionFilenames(
    options.filenames,
    options.formats,
    instructionDefaults.filenames,
  );
  // Every name a directory's instruction file can have, overrides included.
  const filenames = [...resolved.filenames, ...resolved.overrides.values()];
  const discover = () => discoverInstructions({ ...discoverOptions, workspace });

  server.registerResource(
    'project-instructions',
    projectInstructionsUri,
    {
      title: 'Project instructions',
      description:
        'The instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, ... and their imports) and always rules from the project root down to the served directory, rendered as an agent gets them.',
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const rendered = renderInstructions(await discover(), maxChars === undefined ? {} : { maxChars });
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: rendered.text }] };
    },
  );

  const listFiles = async () => {
    const discovery = await discover();
    const nested = await findNestedInstructionFiles(workspace, { filenames });
    return [
      ...discovery.items.map((item) => ({
        absolute: item.path,
        kind: item.reason === 'import' ? 'imported' : 'project',
      })),
      ...nested.items.map((absolute) => ({ absolute, kind: 'nested' })),
    ];
  };

  server.registerResource(
    'instruction-file',
    new ResourceTemplate('file://{+path}', {
      list: async () => ({
        resources: (await listFiles()).map((file) => ({
          uri: pathToFileURL(file.absolute).href,
          name: toLabel(workspace, file.absolute),
          description:
            file.kind === 'nested'
              ? `Nested instructions for ${toLabel(workspace, path.posix.dirname(file.absolute))}/, delivered when an agent touches it.`
              : file.kind === 'imported'
                ? 'Imported by a project instruction file.'
                : 'Project instructions, loaded at the start of every run.',
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Instruction file',
      description: 'One instruction file of the workspace.',
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const absolute = fileURLToPath(uri).split(path.sep).join('/');
      const nested =
        filenames.some((name) => absolute.endsWith(`/${name}`)) && isInside(workspace.cwd, absolute);
      const known = nested || (await discover()).items.some((item) => item.path === absolute);
      if (!known) {
        throw new Error(
          `${uri.href} is not an instruction file of this workspace; list the resources to see them.`,
        );
      }
      const file = await readTextFile(workspace, absolute);
      if (file.binary) throw new Error(`${uri.href} is a binary file.`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: file.text }] };
    },
  );
}
