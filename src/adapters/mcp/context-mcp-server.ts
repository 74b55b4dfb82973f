import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import manifest from '../../../package.json' with { type: 'json' };
import { type CommandsCapability, commands } from '../../commands/commands.js';
import type { ProjectInstructionsOptions } from '../../instructions/project-instructions.js';
import { type InventoryOptions, inventory } from '../../inventory/inventory.js';
import { findProjectRoot } from '../../project/find-project-root.js';
import type { ContextSession } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { skills } from '../../skills/skills.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { isInside } from '../../workspace/paths.js';
import { readOnlyWorkspace } from '../../workspace/read-only-workspace.js';
import { realDirectory } from '../../workspace/real-directory.js';
import type { Workspace } from '../../workspace/workspace.js';
import { checkAnswerBudget, mcpAnswerDefaults } from './answer-parts.js';
import { connectionRuns } from './connection-runs.js';
import { serveInstructionResources } from './instruction-resources.js';
import { instructionsForPathTool } from './instructions-for-path-tool.js';
import { readOffloadedTool } from './read-offloaded-tool.js';
import { serveCommandPrompts } from './serve-command-prompts.js';
import { type SessionToolsOptions, serveSessionTools } from './serve-session-tools.js';

/** Options of {@link contextMcpServers}. */
export interface ContextMcpServerOptions {
  /** The directory served: the agent's working directory (absolute, or relative to `process.cwd()`). */
  directory: string;
  /**
   * The highest directory whose instruction files load, and the containment boundary. Default: the
   * nearest ancestor of `directory` holding a `.git` marker, else `directory` itself. A `stopAt` that
   * is not `directory` or one of its ancestors means `directory` alone.
   */
  stopAt?: string;
  /** Asset roots of the inventory and the skills, in order. Default `['.claude', '.agents', '.codex', '.grok', '.gemini', '.github', '.cursor', '.opencode']`. */
  roots?: readonly string[];
  /**
   * The user's home directory: adds the user-level skills (`~/.claude/skills`, ...) to `load_skill`,
   * read through their own read-only workspace. Default: none (user-level files are never read).
   */
  userDirectory?: string;
  /** Options of the project instructions (file names, budget, imports). Default: the library's defaults. */
  instructions?: Omit<ProjectInstructionsOptions, 'workspace' | 'stopAt'>;
  /**
   * Characters of one tool answer, notes included, at least 1,000: a longer answer comes in parts
   * (the first by default, each saying how to get the next with the tool's `part` argument). Claude
   * Code, Gemini CLI, Codex and OpenCode pass a 32 KB answer whole; Qwen Code keeps 2,000 characters,
   * Copilot CLI shows 500 and saves the rest to a file. Default 24,000.
   */
  maxAnswerChars?: number;
}

/** What {@link contextMcpServers} returns: one directory resolved once, a server per connection. */
export interface ContextMcpServers {
  /** The read-only workspace every server serves (`root`: the containment boundary, `cwd`: the directory). */
  workspace: Workspace;
  /** A new server with a context session of its own (its own runs), for one connection, not yet connected. */
  createServer(): Server;
}

/** What a `read_offloaded` page leaves of the answer budget for its header line (file names are short). */
const offloadedPageHeadroomChars = 500;

const serverInstructions =
  'agent-context serves the context engineering view of one repository directory. Call instructions_for_path before working on a file: it returns the project instructions and the nested instruction files that apply there. inventory_agent_context maps the skills, sub-agents, commands, hooks and rules; load_skill returns the instructions of one skill when a task matches its description; read_offloaded reads tool results an agent offloaded to files. A long answer comes in parts: its first line says how to get the next (the same call with part). The resources hold the project instructions and each instruction file; the prompts are the repository slash commands.';

/**
 * An MCP server (Model Context Protocol) for one directory of a repository: the directory resolved
 * once (its project root, its read-only, contained workspace: nothing is written, no path outside it
 * is read), and a server for each connection (`createServer`), each with a context session of its
 * own, as `agent-context mcp` serves over stdio and HTTP:
 * - tools (the session's, run through its hooks): `instructions_for_path({ path })`,
 *   `inventory_agent_context()`, `load_skill({ name })`, `read_offloaded({ file?, offset?, limit? })`;
 *   one run serves the connection's requests for 2 seconds, then the next request starts a fresh
 *   one, so skills added on disk show within 2 seconds;
 * - resources: `agent-context://instructions` (the project instructions as one text) and one
 *   `file://` resource per instruction file;
 * - prompts: the repository's slash commands and user-invocable skills, as the `commands()`
 *   capability reads and expands them.
 *
 * Throws `not-found` when `directory` (or `stopAt`) is not an existing directory.
 *
 * @example
 * const { createServer } = await contextMcpServers({ directory: '/repo/packages/app' });
 * await createServer().connect(new StdioServerTransport());
 */
export async function contextMcpServers(options: ContextMcpServerOptions): Promise<ContextMcpServers> {
  if (options.maxAnswerChars !== undefined) checkAnswerBudget(options.maxAnswerChars);
  const directory = realDirectory(options.directory);
  const givenStopAt =
    options.stopAt === undefined ? undefined : realDirectory(path.resolve(directory, options.stopAt));
  // A ceiling that is not the directory or an ancestor means the directory alone (as in every command).
  const stopAt = givenStopAt === undefined || isInside(givenStopAt, directory) ? givenStopAt : directory;
  const root = stopAt ?? (await findProjectRoot(directory)) ?? directory;
  const workspace = readOnlyWorkspace(localWorkspace(root, { cwd: directory }));
  const instructionOptions = {
    ...options.instructions,
    ...(stopAt === undefined ? {} : { stopAt: workspace.root }),
  };
  const roots = options.roots ? { roots: options.roots } : {};
  const userDirectory = options.userDirectory === undefined ? {} : { userDirectory: options.userDirectory };
  const offloadedPageChars =
    (options.maxAnswerChars ?? mcpAnswerDefaults.maxAnswerChars) - offloadedPageHeadroomChars;

  const createServer = (): Server => {
    const slashCommands = commands({ stopAt: workspace.root });
    const session = createContextSession({
      workspace,
      capabilities: [
        {
          name: 'instructions-for-path',
          tools: () => [
            instructionsForPathTool(workspace, {
              ...instructionOptions,
              skills: { ...roots, ...userDirectory },
            }),
          ],
        },
        // The rules the inventory lists are those the instructions read (same formats and user directory).
        inventory({ hint: false, ...roots, ...ruleSelection(options.instructions) }),
        skills({ ...roots, ...userDirectory }),
        {
          name: 'offloaded-results',
          // Pages of offloaded results fit one answer, so they need no parts.
          tools: () => [readOffloadedTool(workspace, { maxChars: offloadedPageChars })],
        },
        slashCommands,
      ],
    });
    return serveContextSession(session, slashCommands, {
      instructions: instructionOptions,
      ...(options.maxAnswerChars === undefined ? {} : { maxAnswerChars: options.maxAnswerChars }),
    });
  };
  return { workspace, createServer };
}

/** Options of {@link serveContextSession}. */
export interface ServeContextSessionOptions extends SessionToolsOptions {
  /** Options of the project instructions the resources serve. Default: the library's defaults. */
  instructions?: Omit<ProjectInstructionsOptions, 'workspace'>;
}

/**
 * A new server for one connection, serving `session`: its tools (one run serving 2 seconds of
 * requests, see `connectionRuns`; answers within `maxAnswerChars`, see `serveSessionTools`), the
 * instruction resources of its workspace, and the commands of
 * its `slashCommands` capability as prompts. The session is disposed when the connection closes (the
 * stdio client leaves; over HTTP the session is deleted, idle or shut down), so nothing its
 * capabilities started for it outlives it.
 */
export function serveContextSession(
  session: ContextSession,
  slashCommands: CommandsCapability,
  options: ServeContextSessionOptions = {},
): Server {
  const server = new Server(
    { name: 'agent-context', version: manifest.version },
    { instructions: serverInstructions },
  );
  const currentRun = connectionRuns(() => session.startRun());
  serveSessionTools(
    server,
    currentRun,
    options.maxAnswerChars === undefined ? {} : { maxAnswerChars: options.maxAnswerChars },
  );
  serveInstructionResources(server, session.workspace, options.instructions);
  serveCommandPrompts(server, session, slashCommands, currentRun);
  server.onclose = () => session.dispose();
  return server;
}

function ruleSelection(
  options: ContextMcpServerOptions['instructions'],
): Pick<InventoryOptions, 'formats' | 'userDirectory'> {
  return {
    ...(options?.formats === undefined ? {} : { formats: options.formats }),
    ...(options?.userDirectory === undefined ? {} : { userDirectory: options.userDirectory }),
  };
}
