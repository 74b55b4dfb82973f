import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ErrorCode,
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { AgentContextError } from '../../errors.js';
import { concurrencyLimit } from '../../shared/concurrency-limit.js';
import { quoteForMessage } from '../../text/cut-text.js';
import { batchRefusals, jsonRpcError, maxRequestBytes, tooLargeMessage } from './guarded-input.js';
import { type HttpSession, httpSessionTable } from './http-session-table.js';
import { type RequestIdScanner, requestIdScanner } from './request-id-scanner.js';

/** Defaults of {@link serveMcpOverHttp}. */
export const mcpHttpDefaults = {
  host: '127.0.0.1',
  port: 7337,
  maxSessions: 128,
  maxConcurrentRequests: 16,
  idleSessionMs: 30 * 60_000,
  abandonedSessionMs: 60_000,
} as const;

/** Options of {@link serveMcpOverHttp}. */
export interface McpHttpOptions {
  /** A new MCP server for each session: every client gets its own (and its own context session and runs). */
  createServer: () => Server;
  /** The address listened on. Default `127.0.0.1` (this machine only). Any other address needs `token`. */
  host?: string;
  /** The port listened on. Default 7337; `0` picks a free port (the result's `port` says which). */
  port?: number;
  /**
   * The secret every request must carry as `Authorization: Bearer <token>`, at least 32 characters.
   * Required when `host` is not a loopback address (`127.0.0.1`, `::1`, `localhost`). Default: none
   * (loopback only, no token asked).
   */
  token?: string;
  /**
   * Browser origins allowed to call the server (`http://localhost:6274`), besides its own. A request
   * with any other `Origin` header is refused with 403 (DNS rebinding). Default: none.
   */
  allowedOrigins?: readonly string[];
  /**
   * Sessions open at once. A new client at the cap closes the least recently used idle session (one
   * whose client's event stream has closed first); only when every session is busy is it refused:
   * 503 with a JSON-RPC error, to its initialize's id, saying why. Default 128.
   */
  maxSessions?: number;
  /** Requests handled at once across all sessions; the others wait, in arrival order. Default 16. */
  maxConcurrentRequests?: number;
  /** A session with no request for this long (and none open) is closed. Default 30 minutes (`1_800_000`). */
  idleSessionMs?: number;
  /**
   * A session whose client had an event stream (its GET) open, has it no more, and sends no request
   * for this long is closed: its client is gone (Claude Code, Gemini CLI and OpenCode exit without
   * deleting their session; an exiting process drops its connections). Long enough for a client to
   * reconnect a dropped stream (the SDK's client retries after 1 s, up to 30 s). Default 60 seconds
   * (`60_000`).
   */
  abandonedSessionMs?: number;
  /** Gets one line per refused request and per session opened or closed. Default: nothing is logged. */
  log?: (line: string) => void;
}

/** A running {@link serveMcpOverHttp} server. */
export interface McpHttpServer {
  /** The endpoint clients connect to: `http://127.0.0.1:7337/mcp`. */
  url: string;
  /** The port listened on (the one picked when `port` was 0). */
  port: number;
  /** Sessions open now. */
  readonly sessions: number;
  /** Close every session and connection and stop listening; resolves when nothing is left open. */
  close(): Promise<void>;
}

/** Shortest token accepted: a guessable secret is no protection on a network. */
const minTokenChars = 32;

/** The endpoint's path. */
const endpointPath = '/mcp';

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Serve MCP over Streamable HTTP (the SDK's `StreamableHTTPServerTransport`) at `/mcp`, one session
 * per client (the `Mcp-Session-Id` of its `initialize`), each with its own server from
 * `createServer`. Every request is checked before it reaches a session:
 * 1. the path is `/mcp` (else 404);
 * 2. bound to a loopback address, the `Host` header names this machine (`localhost`, `127.0.0.1`,
 *    `[::1]`, or the address listened on), else 403: a DNS-rebinding page's requests name its host;
 * 3. an `Origin` header is the server's own or one of `allowedOrigins`, else 403 (the server serves
 *    no web page, so any other page calling it is a foreign site);
 * 4. with a `token`, `Authorization: Bearer <token>` (compared in constant time), else 401.
 * Then the limits of the options hold, and bodies over 4 MiB are answered 413.
 *
 * Sessions cannot exhaust the server: a session whose client is gone (its event stream closed, no
 * request for `abandonedSessionMs`) is closed, and a new client at `maxSessions` closes the least
 * recently used idle session; closing a session closes its server (and its context session with it).
 * Only when every session is busy is a new client refused, with a JSON-RPC error to its request's id.
 *
 * Throws `invalid-option` for a non-loopback `host` without a `token`, or a token under 32
 * characters; rejects with the listen error (`EADDRINUSE`, ...) when the port cannot be taken.
 *
 * @example
 * const { createServer } = await contextMcpServers({ directory: '/repo' });
 * const http = await serveMcpOverHttp({ createServer, port: 0 });
 * // ... later: await http.close();
 */
export async function serveMcpOverHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? mcpHttpDefaults.host;
  const maxSessions = options.maxSessions ?? mcpHttpDefaults.maxSessions;
  const log = options.log ?? (() => {});
  const loopback = isLoopback(host);
  const token = options.token;
  if (token !== undefined && token.length < minTokenChars) {
    throw new AgentContextError(
      `The MCP token has ${token.length} characters; give one of at least ${minTokenChars} (for example \`openssl rand -hex 32\`).`,
      { code: 'invalid-option', reason: 'token too short' },
    );
  }
  if (!loopback && token === undefined) {
    throw new AgentContextError(
      `${quoteForMessage(host)} is not a loopback address: serving MCP there needs a bearer token, so that only clients holding it are answered.`,
      { code: 'invalid-option', reason: 'token required' },
    );
  }
  const tokenDigest = token === undefined ? undefined : digest(token);
  const limit = concurrencyLimit(options.maxConcurrentRequests ?? mcpHttpDefaults.maxConcurrentRequests);
  const sessions = httpSessionTable({
    maxSessions,
    idleSessionMs: options.idleSessionMs ?? mcpHttpDefaults.idleSessionMs,
    abandonedSessionMs: options.abandonedSessionMs ?? mcpHttpDefaults.abandonedSessionMs,
    log,
  });
  let closing = false;
  let port = 0;

  const ownHostnames = () => (loopback ? [...loopbackNames, bracketed(host)] : [bracketed(host)]);
  const allowedOrigin = (origin: string) =>
    ownHostnames().some((name) => origin === `http://${name}:${port}`) ||
    (options.allowedOrigins ?? []).includes(origin);

  /** Why the request is refused before any session sees it, or `undefined` when it passes. */
  const refusal = (request: IncomingMessage): Refusal | undefined => {
    const url = request.url ?? '/';
    const pathname = url.split('?', 1)[0];
    if (pathname !== endpointPath)
      return { status: 404, message: `Not found: the MCP endpoint is ${endpointPath}.` };
    if (loopback) {
      const hostname = hostnameOf(request.headers.host);
      if (hostname === undefined || !ownHostnames().includes(hostname)) {
        return {
          status: 403,
          message: `Forbidden: the Host header ${quoteForMessage(request.headers.host ?? '')} does not name this machine.`,
        };
      }
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigin(origin)) {
      return { status: 403, message: `Forbidden: the origin ${quoteForMessage(origin)} is not allowed.` };
    }
    if (request.method === 'OPTIONS') return undefined;
    if (tokenDigest !== undefined) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      if (given === undefined || !timingSafeEqual(digest(given), tokenDigest)) {
        return {
          status: 401,
          message: 'Unauthorized: send the bearer token as "Authorization: Bearer <token>".',
          headers: { 'WWW-Authenticate': 'Bearer realm="agent-context"' },
        };
      }
    }
    return undefined;
  };

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: JSONRPCRequest) => {
    if (!(await sessions.reserve())) {
      const message = `Service unavailable: ${maxSessions} sessions are open and every one is busy (a request or an event stream open); try again when one ends.`;
      log(`agent-context mcp: refused a new session: ${maxSessions} are open, none idle.`);
      return reply(response, 503, message, {}, -32000, body.id);
    }
    let server: Server;
    try {
      server = options.createServer();
    } catch (error) {
      sessions.release();
      throw error;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxRequestBytes,
      onsessioninitialized: (id) => sessions.add(id, session),
    });
    const session: HttpSession = sessions.create(transport);
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined) sessions.remove(id, session);
    };
    try {
      await server.connect(transport);
      await sessions.whileBusy(session, () =>
        handled(response, () => transport.handleRequest(request, response, body)),
      );
    } finally {
      sessions.release();
      // An initialize the transport refused leaves no session behind.
      if (sessions.get(transport.sessionId ?? '') !== session) await server.close();
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const refused = refusal(request);
    const origin = request.headers.origin;
    if (origin !== undefined && refused?.status !== 403) corsHeaders(response, origin);
    if (refused) {
      log(`agent-context mcp: refused a ${request.method} request (${refused.status}): ${refused.message}`);
      return reply(response, refused.status, refused.message, refused.headers);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (closing) return reply(response, 503, 'Service unavailable: the server is shutting down.');
    const id = request.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (session === undefined) {
        const message =
          'Session not found (it was deleted, closed when idle or its client gone, or closed for a new client at the cap): start a new session with initialize.';
        if (request.method !== 'POST') return reply(response, 404, message, {}, -32001);
        const read = await readMessage(request, response, log);
        if (read === undefined) return;
        const requestId = isJSONRPCRequest(read.message) ? read.message.id : null;
        return reply(response, 404, message, {}, -32001, requestId);
      }
      // A GET is the session's stream of server messages, open as long as the client listens: it
      // holds no slot of the limit, and its end (200 given, then closed) may mean the client is gone.
      if (request.method === 'GET') {
        return sessions.whileBusy(
          session,
          () => handled(response, () => session.transport.handleRequest(request, response)),
          { listening: () => response.statusCode === 200 },
        );
      }
      return sessions.whileBusy(session, async () => {
        if (request.method !== 'POST')
          return handled(response, () => session.transport.handleRequest(request, response));
        const read = await readMessage(request, response, log);
        if (read === undefined) return;
        await limit(() =>
          handled(response, () => session.transport.handleRequest(request, response, read.message)),
        );
      });
    }
    if (request.method !== 'POST') {
      return reply(
        response,
        400,
        'Bad request: give the Mcp-Session-Id of a session (start one with initialize).',
      );
    }
    const read = await readMessage(request, response, log);
    if (read === undefined) return;
    if (!isJSONRPCRequest(read.message) || !isInitializeRequest(read.message)) {
      // Answered to the request's id, as over stdio: a method no session has (a client's
      // `server/discover` probe) is -32601, anything else asks for a session first.
      const request = isJSONRPCRequest(read.message) ? read.message : undefined;
      if (request !== undefined && !sessionMethod.test(request.method)) {
        return reply(
          response,
          400,
          `Method not found: ${quoteForMessage(request.method)} (start a session with initialize).`,
          {},
          ErrorCode.MethodNotFound,
          request.id,
        );
      }
      return reply(
        response,
        400,
        'Bad request: no Mcp-Session-Id; the first request of a session is initialize.',
        {},
        -32000,
        request?.id ?? null,
      );
    }
    const initialize = read.message;
    await limit(() => openSession(request, response, initialize));
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`agent-context mcp: a request failed: ${quoteForMessage(String(error))}`);
      if (!response.headersSent) reply(response, 500, 'Internal error.', {}, ErrorCode.InternalError);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? mcpHttpDefaults.port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    url: `http://${bracketed(host)}:${port}${endpointPath}`,
    port,
    get sessions() {
      return sessions.size;
    },
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      await sessions.closeAll();
      http.closeAllConnections();
      await closed;
    },
  };
}

interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Run the transport's handling, and resolve only once the response is finished or its connection gone. */
async function handled(response: ServerResponse, handle: () => Promise<void>): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    if (response.writableEnded && response.closed) resolve();
    else response.once('close', () => resolve());
  });
  await handle();
  await closed;
}

/** The methods a session of this server answers (`ping`, `tools/...`, ...): asked without one, they need initialize first. */
const sessionMethod = /^(?:ping|(?:tools|resources|prompts|completion|logging|notifications)\/.+)$/;

function reply(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
  id: string | number | null = null,
): void {
  response
    .writeHead(status, { 'Content-Type': 'application/json', ...headers })
    .end(JSON.stringify(jsonRpcError(id, code, message)));
}

function corsHeaders(response: ServerResponse, origin: string): void {
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  );
  response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id');
}

/**
 * The one JSON-RPC message a POST holds, or `undefined` once answered: a body over 4 MiB (413 with a
 * JSON-RPC error naming the limit, to the request's id when one can be read as the body goes by;
 * never held whole), one that is not JSON (400, `-32700`), and a batch (400, the answers of
 * `batchRefusals` as a JSON array: the same answers stdio gives, one per line there).
 */
async function readMessage(
  request: IncomingMessage,
  response: ServerResponse,
  log: (line: string) => void,
): Promise<{ message: unknown } | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let scanner: RequestIdScanner | undefined =
    Number(request.headers['content-length']) > maxRequestBytes ? requestIdScanner() : undefined;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (scanner !== undefined) {
      // Too large: only looked through for the id (until it has gone by), never kept.
      if (scanner.id === undefined) scanner.push(chunk);
      continue;
    }
    bytes += chunk.length;
    chunks.push(chunk);
    if (bytes > maxRequestBytes) {
      scanner = requestIdScanner();
      for (const kept of chunks.splice(0)) scanner.push(kept);
    }
  }
  if (scanner !== undefined) {
    log(
      `agent-context mcp: answered a POST over ${maxRequestBytes} bytes${scanner.id === undefined ? '' : ` (id ${JSON.stringify(scanner.id)})`} with 413; it was not read.`,
    );
    return void reply(response, 413, tooLargeMessage, {}, ErrorCode.InvalidRequest, scanner.id ?? null);
  }
  let message: unknown;
  try {
    message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return void reply(response, 400, 'Parse error: the body is not JSON.', {}, ErrorCode.ParseError);
  }
  if (!Array.isArray(message)) return { message };
  response
    .writeHead(400, { 'Content-Type': 'application/json' })
    .end(JSON.stringify(batchRefusals(message, log)));
  return undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** True for an address that only this machine reaches: `localhost`, `127.x.x.x`, `::1`. */
export function isLoopback(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** An IPv6 address in brackets, as URLs and Host headers write it. */
function bracketed(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (hostHeader === undefined || hostHeader === '') return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}
