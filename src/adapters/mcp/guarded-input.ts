import { PassThrough, type Readable, type Writable } from 'node:stream';
import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { type RequestIdScanner, requestIdScanner } from './request-id-scanner.js';

/** Longest message read, in bytes: a stdio line or an HTTP body; a longer one is answered with an error. */
export const maxRequestBytes = 4 * 1024 * 1024;

/** The error message of a message over {@link maxRequestBytes}. */
export const tooLargeMessage = `Request too large: a message may hold at most ${maxRequestBytes} bytes.`;

/** A JSON-RPC error answer. */
export interface JsonRpcErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/** The JSON-RPC error answer to `id` (`null` when it is not a valid id), over stdio and HTTP alike. */
export function jsonRpcError(id: unknown, code: number, message: string): JsonRpcErrorAnswer {
  return { jsonrpc: '2.0', id: validId(id) ? id : null, error: { code, message } };
}

/**
 * The stdin of the MCP server, with every line the SDK would drop without an answer answered here:
 * - a line over 4 MiB: skipped (never buffered whole), answered `-32600` with the limit in the message
 *   and the request's id (read as the line goes by, see `requestIdScanner`; `null` when it has none
 *   that can be read), logged: at once when the id has gone by, else when the line ends;
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
  const reply = (answers: JsonRpcErrorAnswer[]) => {
    for (const answer of answers) output.write(`${JSON.stringify(answer)}\n`);
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
      return reply([jsonRpcError(null, ErrorCode.ParseError, 'Parse error: the line is not JSON.')]);
    }
    if (Array.isArray(value)) return reply(batchRefusals(value, log));
    if (JSONRPCMessageSchema.safeParse(value).success) return void passed.write(`${line}\n`);
    const id = idOf(value);
    log(
      `agent-context mcp: refused a message that is not JSON-RPC 2.0${validId(id) ? ` (id ${JSON.stringify(id)})` : ''}.`,
    );
    if (validId(id)) {
      reply([
        jsonRpcError(
          id,
          ErrorCode.InvalidRequest,
          'Invalid request: expected a JSON-RPC 2.0 message (jsonrpc "2.0", a method, params an object).',
        ),
      ]);
    }
  };
  /** The line being skipped, while its answer is still owed: its id is looked for as it goes by. */
  let owed: RequestIdScanner | undefined;
  const refuseTooLarge = (id: string | number | undefined) => {
    log(
      `agent-context mcp: answered a request over ${maxRequestBytes} bytes${id === undefined ? '' : ` (id ${JSON.stringify(id)})`} with an error; it was not read.`,
    );
    reply([jsonRpcError(id ?? null, ErrorCode.InvalidRequest, tooLargeMessage)]);
  };
  /** Look for the skipped line's id in `bytes`; answer as soon as it has gone by. */
  const scanSkipped = (bytes: Buffer[]) => {
    if (owed === undefined) return;
    for (const part of bytes) owed.push(part);
    if (owed.id !== undefined) {
      refuseTooLarge(owed.id);
      owed = undefined;
    }
  };
  /** The skipped line ended: its answer, if still owed, goes out now (id `null` when none was read). */
  const endSkipped = () => {
    if (owed !== undefined) refuseTooLarge(undefined);
    owed = undefined;
  };
  input.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      // A line may end in the chunk that makes it too large: it is measured before it is read.
      if (!skipping && pendingBytes + newline - start > maxRequestBytes) {
        owed = requestIdScanner();
        scanSkipped([...pending, chunk.subarray(start, newline)]);
        endSkipped();
      } else if (!skipping)
        handleLine(Buffer.concat([...pending, chunk.subarray(start, newline)]).toString('utf8'));
      else {
        scanSkipped([chunk.subarray(start, newline)]);
        endSkipped();
      }
      pending = [];
      pendingBytes = 0;
      skipping = false;
      start = newline + 1;
    }
    if (start === chunk.length) return;
    if (skipping) return scanSkipped([chunk.subarray(start)]);
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxRequestBytes) {
      // Skip the rest of the line as it arrives: it is never held whole in memory. It is answered
      // as soon as its id has gone by, or when it ends.
      owed = requestIdScanner();
      scanSkipped(pending);
      pending = [];
      skipping = true;
    }
  });
  input.on('end', () => {
    if (skipping) endSkipped();
    passed.end();
  });
  input.on('error', (error) => passed.destroy(error));
  return passed;
}

/**
 * The answers to a JSON-RPC batch (a JSON array), the same over stdio and HTTP, logged in one line:
 * the server takes one message at a time (MCP since 2025-06-18 has no batches), so nothing in it
 * runs, and each element that has an id gets `-32600` with that id; a batch with no id in it
 * (notifications, or not messages at all) gets one `-32600` with id `null`, so the sender learns why
 * nothing happened.
 */
export function batchRefusals(batch: readonly unknown[], log: (line: string) => void): JsonRpcErrorAnswer[] {
  log(
    `agent-context mcp: answered a batch of ${batch.length} messages with errors: batches are not supported.`,
  );
  const ids = batch.map(idOf).filter(validId);
  return (ids.length > 0 ? ids : [null]).map((id) =>
    jsonRpcError(
      id,
      ErrorCode.InvalidRequest,
      'Invalid request: batches are not supported; send one message at a time.',
    ),
  );
}

function idOf(message: unknown): unknown {
  return (message as { id?: unknown } | null)?.id;
}

function validId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}
