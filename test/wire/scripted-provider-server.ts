import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type RenderContext,
  renderResponseBody,
  type ScriptedTurn,
  type WireProtocol,
} from './wire-formats.js';
import { renderStreamEvents } from './wire-stream-events.js';

export type { ScriptedToolCall, ScriptedTurn, WireProtocol } from './wire-formats.js';

/** One request the server received, with its JSON body parsed. */
export interface RecordedRequest {
  /** 0-based position in the session. */
  index: number;
  protocol: WireProtocol;
  /** The request path, e.g. `/v1/messages`. */
  path: string;
  /** Lower-cased header names, as Node reports them. */
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** True when the client asked for server-sent events (`"stream": true`, or Gemini's `:streamGenerateContent`). */
  stream: boolean;
}

/** What the server answers: a fixed list of turns replayed in order, or a function of the request. */
export type Script = ScriptedTurn[] | ((request: RecordedRequest) => ScriptedTurn | undefined);

/** Options of {@link startScriptedProviderServer}. */
export interface ScriptedProviderServerOptions {
  script: Script;
  /** The model name echoed in responses. Default `scripted-model`. */
  model?: string;
}

/** A running scripted server. */
export interface ScriptedProviderServer {
  /** `http://127.0.0.1:PORT/v1`: the `baseURL` for `createAnthropic` and `createOpenAI`. */
  readonly baseURL: string;
  /** Every request received, in arrival order (also the failed ones). */
  readonly requests: RecordedRequest[];
  /** Errors answered with HTTP 400 (unknown path, bad JSON, script exhausted), for test assertions. */
  readonly errors: string[];
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

const protocolByPath: Array<[string, WireProtocol]> = [
  ['/messages', 'anthropic-messages'],
  ['/responses', 'openai-responses'],
  ['/chat/completions', 'openai-chat'],
  [':generateContent', 'gemini'],
  [':streamGenerateContent', 'gemini'],
];

/**
 * Start a recording HTTP server on 127.0.0.1 (a free port) that speaks the Anthropic Messages, OpenAI
 * Responses, OpenAI Chat Completions and Gemini `generateContent` APIs well enough for the official AI
 * SDK providers and the coding-assistant CLIs, both
 * non-streaming and streaming (SSE). Each request's JSON body is recorded; the response is the next
 * scripted turn rendered in the protocol of the request path. When the script has no turn left, the
 * server answers HTTP 400 (not retried by the SDK) and records the error, so a test fails visibly.
 *
 * @example
 * const server = await startScriptedProviderServer({ script: [{ toolCalls: [{ id: 'call_1', name: 'read_file', input: { path: 'a.ts' } }] }, { text: 'Done.' }] });
 * const anthropic = createAnthropic({ baseURL: server.baseURL, apiKey: 'test' });
 * // ... run the agent, then inspect server.requests ...
 * await server.close();
 */
export async function startScriptedProviderServer(
  options: ScriptedProviderServerOptions,
): Promise<ScriptedProviderServer> {
  const requests: RecordedRequest[] = [];
  const errors: string[] = [];
  const model = options.model ?? 'scripted-model';
  let nextTurn = 0;

  const turnFor = (request: RecordedRequest): ScriptedTurn | undefined => {
    if (typeof options.script === 'function') return options.script(request);
    const turn = options.script[nextTurn];
    nextTurn += 1;
    return turn;
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const protocol = protocolByPath.find(([suffix]) => path.endsWith(suffix))?.[1];
    const text = await readBody(incoming);
    if (incoming.method !== 'POST' || protocol === undefined) {
      return fail(response, errors, `no scripted API at ${incoming.method} ${path}`);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return fail(response, errors, `request ${requests.length} is not JSON`);
    }
    const request: RecordedRequest = {
      index: requests.length,
      protocol,
      path,
      headers: { ...incoming.headers },
      body,
      stream: body.stream === true || path.endsWith(':streamGenerateContent'),
    };
    requests.push(request);
    const turn = turnFor(request);
    if (turn === undefined) return fail(response, errors, `script exhausted at request ${request.index}`);
    const context: RenderContext = {
      index: request.index,
      model,
      inputTokens: turn.usage?.inputTokens ?? Math.ceil(text.length / 4),
      outputTokens: turn.usage?.outputTokens ?? 10,
    };
    if (!request.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(renderResponseBody(protocol, turn, context)));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of renderStreamEvents(protocol, turn, context)) {
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      response.write(`${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${data}\n\n`);
    }
    response.end();
  };

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => fail(response, errors, String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

function fail(response: ServerResponse, errors: string[], message: string): void {
  errors.push(message);
  if (response.headersSent) {
    response.end();
    return;
  }
  // The error shape both providers parse; 400 is not retried, so a broken script fails fast.
  response.writeHead(400, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } }));
}
