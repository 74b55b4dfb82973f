import path from 'node:path';
import { type CliCommand, type CliOutput, CliUsageError } from '../command.js';
import { parseCommandArguments } from '../parse-command-arguments.js';

const usage = `Usage: agent-context mcp [--dir <dir>] [options]
       agent-context mcp --http [--port <n>] [--host <address>] [--dir <dir>] [options]

Serve one directory of a repository to any MCP client (Claude Desktop, Cursor, VS Code, Codex,
Gemini CLI...), read-only: nothing is written and no path outside the workspace is read. Over
standard input and output by default; with --http, over Streamable HTTP at http://HOST:PORT/mcp,
one session per client.

  tools      instructions_for_path({ path }), inventory_agent_context(), load_skill({ name }),
             read_offloaded({ file? }); each takes part for the parts of a long answer
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
  --max-answer-chars <n>
                     characters of one tool answer, at least 1000 (default 24000); a longer one
                     comes in parts, each saying how to get the next (the tool's part argument)

HTTP (with --http):
  --port <n>         the port (default 7337; 0 picks a free one, printed on standard error)
  --host <address>   the address listened on (default 127.0.0.1: this machine only); any other
                     address needs a token
  --allow-origin <a,b>  browser origins allowed to call the server, besides its own (default: none;
                     a request from any other Origin is refused)
  Token: set AGENT_CONTEXT_MCP_TOKEN to a secret of at least 32 characters (openssl rand -hex 32);
  every request must then carry "Authorization: Bearer <token>". Required off loopback.
  SIGINT or SIGTERM closes every session and exits 0.
`;

/** The environment variable holding the bearer token of `mcp --http`. */
const tokenVariable = 'AGENT_CONTEXT_MCP_TOKEN';

/** `agent-context mcp`: an MCP server over stdio, or over HTTP with `--http` (see `contextMcpServers`). */
export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'serve a directory to MCP clients over stdio or HTTP: instructions, inventory, commands',
  usage,
  async run(args: string[], output: CliOutput): Promise<number> {
    const { values } = parseCommandArguments(
      args,
      {
        dir: { type: 'string' },
        'stop-at': { type: 'string' },
        roots: { type: 'string' },
        user: { type: 'string' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-origin': { type: 'string' },
        'max-answer-chars': { type: 'string' },
      },
      0,
    );
    const directory = path.resolve(output.cwd, values.dir ?? '.');
    const stopAt = values['stop-at'] === undefined ? undefined : path.resolve(output.cwd, values['stop-at']);
    const roots = listOption(values.roots);
    if (roots !== undefined && roots.length === 0)
      throw new CliUsageError('--roots needs at least one folder name');
    const maxAnswerChars = answerCharsOption(values['max-answer-chars']);
    const serverOptions = {
      directory,
      ...(maxAnswerChars === undefined ? {} : { maxAnswerChars }),
      ...(stopAt === undefined ? {} : { stopAt }),
      ...(roots === undefined ? {} : { roots }),
      ...(values.user === undefined ? {} : { userDirectory: path.resolve(output.cwd, values.user) }),
    };
    if (!values.http) {
      for (const name of ['port', 'host', 'allow-origin'] as const) {
        if (values[name] !== undefined) throw new CliUsageError(`--${name} needs --http`);
      }
      return serveOverStdio(serverOptions, output);
    }
    const port = values.port === undefined ? undefined : portOption(values.port);
    const allowedOrigins = listOption(values['allow-origin']);
    const token = process.env[tokenVariable];
    const { contextMcpServers, serveMcpOverHttp, isLoopback, mcpHttpDefaults } = await loadHttpServer();
    const host = values.host ?? mcpHttpDefaults.host;
    if (token === undefined && !isLoopback(host)) {
      throw new CliUsageError(
        `--host ${host} is not a loopback address: set ${tokenVariable} to a secret of at least 32 characters (openssl rand -hex 32), which every client then sends as "Authorization: Bearer <token>"`,
      );
    }
    if (token !== undefined && token.length < 32) {
      throw new CliUsageError(
        `${tokenVariable} has ${token.length} characters; give at least 32 (openssl rand -hex 32)`,
      );
    }
    const servers = await contextMcpServers(serverOptions);
    const http = await serveMcpOverHttp({
      createServer: servers.createServer,
      host,
      ...(port === undefined ? {} : { port }),
      ...(token === undefined ? {} : { token }),
      ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
      log: (line) => output.stderr(`${line}\n`),
    });
    output.stderr(
      `agent-context mcp: serving ${servers.workspace.cwd} (read-only) at ${http.url}${token === undefined ? '' : ' (bearer token required)'}\n`,
    );
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      const stop = (received: NodeJS.Signals) => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve(received);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    const open = http.sessions;
    await http.close();
    output.stderr(`agent-context mcp: ${signal}: closed ${open} session${open === 1 ? '' : 's'}; stopped.\n`);
    return 0;
  },
};

async function serveOverStdio(
  options: Parameters<typeof import('../../adapters/mcp/index.js').contextMcpServers>[0],
  output: CliOutput,
): Promise<number> {
  const { contextMcpServers, serveMcpOverStdio } = await loadServer();
  const servers = await contextMcpServers(options);
  const served = await serveMcpOverStdio({
    server: servers.createServer(),
    input: process.stdin,
    output: process.stdout,
    log: (line) => output.stderr(`${line}\n`),
  });
  output.stderr(`agent-context mcp: serving ${servers.workspace.cwd} (read-only)\n`);
  await served.closed;
  return 0;
}

function listOption(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function answerCharsOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const chars = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(chars >= 1_000))
    throw new CliUsageError(
      `--max-answer-chars takes a whole number of at least 1000, got ${JSON.stringify(value.slice(0, 20))}`,
    );
  return chars;
}

function portOption(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new CliUsageError(
      `--port takes a number from 0 to 65535, got ${JSON.stringify(value.slice(0, 20))}`,
    );
  return port;
}

async function loadServer() {
  const [adapter, stdio] = await loadModules(() =>
    Promise.all([
      import('../../adapters/mcp/index.js'),
      import('../../adapters/mcp/serve-mcp-over-stdio.js'),
    ]),
  );
  return { contextMcpServers: adapter.contextMcpServers, serveMcpOverStdio: stdio.serveMcpOverStdio };
}

async function loadHttpServer() {
  const [adapter, http] = await loadModules(() =>
    Promise.all([import('../../adapters/mcp/index.js'), import('../../adapters/mcp/serve-mcp-over-http.js')]),
  );
  return {
    contextMcpServers: adapter.contextMcpServers,
    serveMcpOverHttp: http.serveMcpOverHttp,
    isLoopback: http.isLoopback,
    mcpHttpDefaults: http.mcpHttpDefaults,
  };
}

async function loadModules<Modules>(load: () => Promise<Modules>): Promise<Modules> {
  try {
    return await load();
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
