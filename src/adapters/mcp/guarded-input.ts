import { PassThrough, type Readable, type Writable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** Longest request line read, in bytes; a longer one is answered with an error and skipped. */
const maxRequestBytes = 4 * 1024 * 1024;

/** JSON-RPC error codes used here. */
const parseError = -32700;
const invalidRequest = -32600;

/**
 * The stdin of the MCP server, with every line the SDK would drop without an answer answered here:
 * - a line over 4 MiB: skipped (never buffered whole), answered `-32600` with id `null`, logged;
 * - a line that is not JSON: `-32700` with id `null`;
 * - a batch (a JSON array): refused as over HTTP, one line per answer of {@link batchRefusals};
 * - a message the SDK's schema refuses (`jsonrpc: "1.0"`, array `params`, ...): `-32600` with its
 *   id, or only logged when it has none (a notification gets no answer).
 * Every other line is passed on unchanged, for the SDK's transport to read. `log` gets one line per
 * refusal.
 */
export function guardedInput(input: Readable, output: Writable, log: (line: string) => void): Readable {
  const passed = new PassThrough();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  const reply = (id: unknown, code: number, message: string) => {
    output.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: validId(id) ? id : null, error: { code, message } })}\n`,
    );
  };
  const handleLine = (line: string) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      log(
        `agent-context mcp: answered a request that is not JSON (${line.length} characters) with a parse error.`,
      );
      reply(null, parseError, 'Parse error: the line is not JSON.');
      return;
    }
    if (Array.isArray(value)) {
      log(batchRefusedLine(value.length));
      for (const answer of batchRefusals(value)) output.write(`${JSON.stringify(answer)}\n`);
      return;
    }
    if (JSONRPCMessageSchema.safeParse(value).success) {
      passed.write(`${line}\n`);
      return;
    }
    const id = (value as { id?: unknown } | null)?.id;
    log(
      `agent-context mcp: refused a message that is not JSON-RPC 2.0${validId(id) ? ` (id ${JSON.stringify(id)})` : ''}.`,
    );
    if (validId(id)) {
      reply(
        id,
        invalidRequest,
        'Invalid request: expected a JSON-RPC 2.0 message (jsonrpc "2.0", a method, params an object).',
      );
    }
  };
  input.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      if (!skipping) {
        pending.push(chunk.subarray(start, newline));
        handleLine(Buffer.concat(pending).toString('utf8'));
      }
      pending = [];
      pendingBytes = 0;
      skipping = false;
      start = newline + 1;
    }
    if (skipping || start === chunk.length) return;
    const rest = chunk.subarray(start);
    pendingBytes += rest.length;
    if (pendingBytes > maxRequestBytes) {
      // Answer now, skip the rest of the line as it arrives: it is never held whole in memory.
      log(
        `agent-context mcp: answered a request over ${maxRequestBytes} bytes with an error; it was not read.`,
      );
      reply(null, invalidRequest, `Request too large: a message may hold at most ${maxRequestBytes} bytes.`);
      pending = [];
      pendingBytes = 0;
      skipping = true;
      return;
    }
    pending.push(rest);
  });
  input.on('end', () => passed.end());
  input.on('error', (error) => passed.destroy(error));
  return passed;
}

/** A JSON-RPC error answer. */
export interface JsonRpcErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The answers to a JSON-RPC batch (a JSON array), the same over stdio and HTTP: the server takes one
 * message at a time (MCP since 2025-06-18 has no batches), so nothing in it runs, and each element
 * that has an id gets `-32600` with that id; a batch with no id in it (notifications, or not
 * messages at all) gets one `-32600` with id `null`, so the sender learns why nothing happened.
 */
export function batchRefusals(batch: readonly unknown[]): JsonRpcErrorAnswer[] {
  const error = {
    code: invalidRequest,
    message: 'Invalid request: batches are not supported; send one message at a time.',
  };
  const answers: JsonRpcErrorAnswer[] = [];
  for (const element of batch) {
    const id = (element as { id?: unknown } | null)?.id;
    if (validId(id)) answers.push({ jsonrpc: '2.0', id, error });
  }
  return answers.length > 0 ? answers : [{ jsonrpc: '2.0', id: null, error }];
}

/** The log line of a refused batch. */
export function batchRefusedLine(count: number): string {
  return `agent-context mcp: answered a batch of ${count} messages with errors: batches are not supported.`;
}

function validId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}
