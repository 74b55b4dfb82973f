import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { guardedInput } from './guarded-input.js';

/** Options of {@link serveMcpOverStdio}. */
export interface McpStdioOptions {
  /** The server of this one connection (see `contextMcpServers().createServer`). */
  server: Server;
  /** The client's messages, one JSON-RPC message a line (the process's stdin). */
  input: Readable;
  /** Where the answers go, one a line (the process's stdout). */
  output: Writable;
  /** Gets one line per refused request (see `guardedInput`). */
  log(line: string): void;
}

/**
 * Serve one MCP connection over a pair of line streams, as `agent-context mcp` does on stdin and
 * stdout: every line the SDK would drop unanswered (too large, not JSON-RPC 2.0, a batch) is answered
 * first (see `guardedInput`). Resolves once the server is connected, with `closed`, which resolves
 * once the connection is over: when `input` ends or closes (the client left), the server is closed,
 * which disposes its context session, so every process the session started (hooks, shell lines) is
 * killed with it.
 */
export async function serveMcpOverStdio(options: McpStdioOptions): Promise<{ closed: Promise<void> }> {
  const { server, input, output, log } = options;
  const ended = new Promise<void>((resolve) => {
    input.once('end', resolve);
    input.once('close', resolve);
  });
  const guarded = guardedInput(input, output, log);
  await server.connect(new StdioServerTransport(guarded, output));
  return { closed: ended.then(() => server.close()) };
}
