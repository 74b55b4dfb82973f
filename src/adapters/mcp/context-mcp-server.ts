import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AgentContextError } from '../../errors.js';
import type { ProjectInstructionsOptions } from '../../instructions/project-instructions.js';
import { type InventoryOptions, inventory } from '../../inventory/inventory.js';
import { findProjectRoot } from '../../project/find-project-root.js';
import { createContextSession } from '../../session/context-session.js';
import { skills } from '../../skills/skills.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { isInside, toPosixPath } from '../../workspace/paths.js';
import { readOnlyWorkspace } from '../../workspace/read-only-workspace.js';
import type { Workspace } from '../../workspace/workspace.js';
import { type CommandPrompt, registerCommandPrompts } from './command-prompts.js';
import { registerInstructionResources } from './instruction-resources.js';
import { instructionsForPathTool } from './instructions-for-path-tool.js';
import { readOffloadedTool } from './read-offloaded-tool.js';
import { serveSessionTools } from './serve-session-tools.js';

/** Options of {@link createContextMcpServer}. */
export interface ContextMcpServerOptions {
  /** The directory served: the agent's working directory (absolute, or relative to `process.cwd()`). */
  directory: string;
  /**
   * The highest directory whose instruction files load, and the containment boundary. Default: the
   * nearest ancestor of `directory` holding a `.git` marker, else `directory` itself.
   */
  stopAt?: string;
  /** Asset roots of the inventory, the skills and the slash commands, in order. Default `['.claude', '.agents', '.codex', '.grok']`. */
  roots?: readonly string[];
  /**
   * The user's home directory: adds the user-level skills (`~/.claude/skills`, ...) to `load_skill`,
   * read through their own read-only workspace. Default: none (user-level files are never read).
   */
  userDirectory?: string;
  /** Options of the project instructions (file names, budget, imports). Default: the library's defaults. */
  instructions?: Omit<ProjectInstructionsOptions, 'workspace' | 'stopAt'>;
}

/** What {@link createContextMcpServer} returns. */
export interface ContextMcpServer {
  /** The server, not yet connected: `await server.connect(new StdioServerTransport())`. */
  server: McpServer;
  /** The read-only workspace it serves (`root`: the containment boundary, `cwd`: the directory). */
  workspace: Workspace;
  /** The slash commands served as prompts. */
  prompts: CommandPrompt[];
}

const serverInstructions =
  'agent-context serves the context engineering view of one repository directory. Call instructions_for_path before working on a file: it returns the project instructions and the nested instruction files that apply there. inventory_agent_context maps the skills, sub-agents, commands, hooks and rules; load_skill returns the instructions of one skill when a task matches its description; read_offloaded reads tool results an agent offloaded to files. The resources hold the project instructions and each instruction file; the prompts are the repository slash commands.';

/**
 * An MCP server (Model Context Protocol) for one directory of a repository, built on a context
 * session over a read-only, contained workspace (nothing is written; no path outside the workspace
 * is read):
 * - tools (the session's, run through its hooks): `instructions_for_path({ path })`,
 *   `inventory_agent_context()`, `load_skill({ name })`, `read_offloaded({ file?, offset?, limit? })`;
 *   every `tools/list` and `tools/call` starts a fresh run, so skills added on disk show at once;
 * - resources: `agent-context://instructions` (the project instructions as one text) and one
 *   `file://` resource per instruction file;
 * - prompts: the repository's slash commands, with `$ARGUMENTS` substituted.
 *
 * Throws `not-found` / `not-a-directory` when `directory` is not an existing directory, and
 * `invalid-option` when `stopAt` is not `directory` or one of its ancestors.
 *
 * @example
 * const { server } = await createContextMcpServer({ directory: '/repo/packages/app' });
 * await server.connect(new StdioServerTransport());
 */
export async function createContextMcpServer(options: ContextMcpServerOptions): Promise<ContextMcpServer> {
  const directory = await realDirectory(path.resolve(options.directory));
  const stopAt =
    options.stopAt === undefined ? undefined : await realDirectory(path.resolve(directory, options.stopAt));
  if (stopAt !== undefined && !isInside(toPosixPath(stopAt), toPosixPath(directory))) {
    throw new AgentContextError(`stopAt must be the served directory or one of its ancestors: ${stopAt}`, {
      code: 'invalid-option',
      path: stopAt,
      reason: 'stopAt not an ancestor',
    });
  }
  const root = stopAt ?? (await findProjectRoot(directory)) ?? directory;
  const workspace = readOnlyWorkspace(localWorkspace(root, { cwd: directory }));
  const instructionOptions = {
    ...options.instructions,
    ...(stopAt === undefined ? {} : { stopAt: workspace.root }),
  };

  const server = new McpServer(
    { name: 'agent-context', version: packageVersion() },
    { instructions: serverInstructions },
  );
  const roots = options.roots ? { roots: options.roots } : {};
  const userDirectory = options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory };
  const session = createContextSession({
    workspace,
    capabilities: [
      {
        name: 'instructions-for-path',
        tools: () => [instructionsForPathTool(workspace, instructionOptions)],
      },
      // The rules the inventory lists are those the instructions read (same formats and user directory).
      inventory({ hint: false, ...roots, ...ruleSelection(options.instructions) }),
      skills({ ...roots, ...userDirectory }),
      { name: 'offloaded-results', tools: () => [readOffloadedTool(workspace)] },
    ],
  });
  serveSessionTools(server.server, () => session.startRun());
  registerInstructionResources(server, workspace, instructionOptions);
  const prompts = await registerCommandPrompts(server, workspace, options.roots);
  return { server, workspace, prompts };
}

function ruleSelection(
  options: ContextMcpServerOptions['instructions'],
): Pick<InventoryOptions, 'formats' | 'userDirectory'> {
  return {
    ...(options?.formats === undefined ? {} : { formats: options.formats }),
    ...(options?.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
  };
}

async function realDirectory(directory: string): Promise<string> {
  let real: string;
  try {
    real = await fs.realpath(directory);
  } catch (error) {
    throw new AgentContextError(`Directory not found: ${directory}`, {
      code: 'not-found',
      path: directory,
      reason: 'does not exist',
      cause: error,
    });
  }
  if (!(await fs.stat(real)).isDirectory()) {
    throw new AgentContextError(`Not a directory: ${directory}`, {
      code: 'not-a-directory',
      path: directory,
      reason: 'not a directory',
    });
  }
  return real;
}

function packageVersion(): string {
  const require = createRequire(import.meta.url);
  for (const candidate of ['../../../package.json', '../package.json']) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // Sources (src/adapters/mcp) and the build (dist) sit at different depths.
    }
  }
  return '0.0.0';
}
