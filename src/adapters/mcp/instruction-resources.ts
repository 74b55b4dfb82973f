import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isAgentContextError } from '../../errors.js';
import { discoverInstructions, instructionDefaults } from '../../instructions/discover-instructions.js';
import { resolveInstructionFilenames } from '../../instructions/instruction-filenames.js';
import type { ProjectInstructionsOptions } from '../../instructions/project-instructions.js';
import { renderInstructions } from '../../instructions/render-instructions.js';
import { quoteForMessage } from '../../text/cut-text.js';
import { toLabel } from '../../workspace/labels.js';
import { isInside } from '../../workspace/paths.js';
import { readTextFile } from '../../workspace/read-text-file.js';
import type { Workspace } from '../../workspace/workspace.js';
import { findNestedInstructionFiles } from './find-nested-instruction-files.js';

/** The URI of the resource holding the whole project instructions. */
export const projectInstructionsUri = 'agent-context://instructions';

/**
 * Answer the MCP resource requests of `server` with the instruction resources of a workspace:
 * - `agent-context://instructions`: the project instructions exactly as an agent working in the served
 *   directory gets them (walk-up, imports, budget: the text of `agent-context render`), read afresh on
 *   every read;
 * - one `file://` resource per instruction file: the walk-up and imported files, then the nested ones
 *   below the served directory (see `findNestedInstructionFiles`), listed afresh on every list; the
 *   template `file://{+path}` names them.
 * Any other URI, and a `file://` URI that is not one of those files, is JSON-RPC invalid params
 * (`-32602`) quoting at most 200 characters of it; nothing else is read.
 */
export function serveInstructionResources(
  server: Server,
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

  server.registerCapabilities({ resources: {} });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: projectInstructionsUri,
        name: 'project-instructions',
        title: 'Project instructions',
        description:
          'The instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, ... and their imports) and always rules from the project root down to the served directory, rendered as an agent gets them.',
        mimeType: 'text/markdown',
      },
      ...(await listFiles()).map((file) => ({
        uri: pathToFileURL(file.absolute).href,
        name: toLabel(workspace, file.absolute),
        title: 'Instruction file',
        description:
          file.kind === 'nested'
            ? `Nested instructions for ${toLabel(workspace, path.posix.dirname(file.absolute))}/, delivered when an agent touches it.`
            : file.kind === 'imported'
              ? 'Imported by a project instruction file.'
              : 'Project instructions, loaded at the start of every run.',
        mimeType: 'text/markdown',
      })),
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'file://{+path}',
        name: 'instruction-file',
        title: 'Instruction file',
        description: 'One instruction file of the workspace.',
        mimeType: 'text/markdown',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const refused = (why: string) =>
      new McpError(
        ErrorCode.InvalidParams,
        `${quoteForMessage(uri)} ${why}; list the resources to see them.`,
      );
    if (uri === projectInstructionsUri) {
      const rendered = renderInstructions(await discover(), maxChars === undefined ? {} : { maxChars });
      return { contents: [{ uri, mimeType: 'text/markdown', text: rendered.text }] };
    }
    const absolute = instructionFilePath(uri);
    if (absolute === undefined) throw refused('is not a resource of this server');
    const nested =
      filenames.some((name) => absolute.endsWith(`/${name}`)) && isInside(workspace.cwd, absolute);
    const known = nested || (await discover()).items.some((item) => item.path === absolute);
    if (!known) throw refused('is not an instruction file of this workspace');
    const file = await readTextFile(workspace, absolute).catch((error: unknown) => {
      const outside = isAgentContextError(error) && error.code === 'path-outside-workspace';
      throw refused(outside ? 'is outside the workspace' : 'could not be read');
    });
    if (file.binary) throw refused('is a binary file');
    return { contents: [{ uri, mimeType: 'text/markdown', text: file.text }] };
  });
}

/** The absolute POSIX path a `file://` URI names, or `undefined` when it names none. */
function instructionFilePath(uri: string): string | undefined {
  if (!uri.startsWith('file://')) return undefined;
  try {
    return fileURLToPath(uri).split(path.sep).join('/');
  } catch {
    return undefined;
  }
}
