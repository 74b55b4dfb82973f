import path from 'node:path';
import { type CliCommand, type CliOutput, CliUsageError } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

const usage = `Usage: agent-context mcp [--dir <dir>] [options]

Serve one directory of a repository to any MCP client (Claude Desktop, Cursor, VS Code, Codex,
Gemini CLI...) over standard input and output, read-only: nothing is written and no path outside the
workspace is read.

  tools      instructions_for_path({ path }), inventory_agent_context(), load_skill({ name }),
             read_offloaded({ file? })
  resources  agent-context://instructions (the project instructions), one file:// per instruction file
  prompts    the repository's slash commands and user-invocable skills, expanded as their
             assistant does ($ARGUMENTS, $1, {{args}}, @file; see docs/commands.md)

Needs the @modelcontextprotocol/sdk package next to agent-context.

Options:
  --dir <dir>        the directory served (default: the current directory)
  --stop-at <dir>    highest directory whose instructions load, and the containment boundary
                     (default: the nearest directory with a .git marker, else --dir itself)
  --roots <a,b>      asset roots of the inventory and the skills, in order
                     (default .claude,.agents,.codex,.grok)
  --user <dir>       the user's home directory: its skills (~/.claude/skills, ...) join load_skill
                     (default: user-level files are never read)
`;

/** `agent-context mcp`: an MCP server over stdio for one directory (see `createContextMcpServer`). */
export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'serve a directory to MCP clients over stdio: instructions, inventory, commands',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values } = parseCommandArguments(
      args,
      {
        dir: { type: 'string' },
        'stop-at': { type: 'string' },
        roots: { type: 'string' },
        user: { type: 'string' },
      },
      0,
    );
    const directory = path.resolve(output.cwd, values.dir ?? '.');
    const stopAt = values['stop-at'] === undefined ? undefined : path.resolve(output.cwd, values['stop-at']);
    const roots = values.roots
      ?.split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (roots !== undefined && roots.length === 0)
      throw new CliUsageError('--roots needs at least one folder name');

    const { createContextMcpServer, guardedInput, StdioServerTransport } = await loadServer();
    const served = await createContextMcpServer({
      directory,
      ...(stopAt === undefined ? {} : { stopAt }),
      ...(roots === undefined ? {} : { roots }),
      ...(values.user === undefined ? {} : { userDirectory: path.resolve(output.cwd, values.user) }),
    });
    const closed = new Promise<void>((resolve) => {
      process.stdin.once('end', resolve);
      process.stdin.once('close', resolve);
    });
    // Lines the SDK would drop unanswered (too large, not JSON-RPC 2.0, batches) are answered here.
    const input = guardedInput(process.stdin, process.stdout, (line) => output.stderr(`${line}\n`));
    await served.server.connect(new StdioServerTransport(input, process.stdout));
    output.stderr(`agent-context mcp: serving ${served.workspace.cwd} (read-only)\n`);
    await closed;
    await served.server.close();
    return 0;
  },
};

async function loadServer() {
  try {
    const [adapter, guarded, stdio] = await Promise.all([
      import('../../adapters/mcp/index.js'),
      import('../../adapters/mcp/guarded-input.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
    ]);
    return {
      createContextMcpServer: adapter.createContextMcpServer,
      guardedInput: guarded.guardedInput,
      StdioServerTransport: stdio.StdioServerTransport,
    };
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      String(error).includes('@modelcontextprotocol/sdk')
    ) {
      throw new CliUsageError(
        'the MCP server needs the @modelcontextprotocol/sdk package: npm install @modelcontextprotocol/sdk (or npx -p agent-context -p @modelcontextprotocol/sdk agent-context mcp)',
      );
    }
    throw error;
  }
}
