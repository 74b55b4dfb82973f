import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { JsonSchema, Run, ToolCallResult } from '../../session/capability.js';
import { concurrencyLimit } from '../../shared/concurrency-limit.js';
import { quoteForMessage } from '../../text/cut-text.js';

/** Tool calls of one connection executing at once; further calls wait their turn. */
const maxConcurrentCalls = 4;

/**
 * Answer the MCP `tools/list` and `tools/call` requests of `server` with the tools of the
 * connection's run (`currentRun`, see `connectionRuns`):
 * - at most 4 tool calls execute at once; the others wait, in arrival order;
 * - `tools/list`: the run's tools in the run's order, each with its JSON Schema (a zod schema is
 *   converted, input side, so defaulted fields stay optional);
 * - `tools/call`: through `run.executeTool`, so `beforeToolCall` hooks, zod validation, the tool and
 *   the `afterToolCall` hooks run as in every adapter. A failed call, invalid arguments and an
 *   unknown tool name are MCP tool errors (`isError: true`) carrying the message, never a protocol
 *   error. A text result is sent as text; any other result as one compact JSON text, and nothing
 *   else.
 *
 * Decision: no `structuredContent`. The session's tools declare no output schema, and clients that
 * get both (Copilot CLI, Qwen Code) pass both to their model: the same data twice, 60% more input for
 * the inventory. Compact JSON rather than indented: the model reads it as well, for fewer tokens.
 */
export function serveSessionTools(server: Server, currentRun: () => Promise<Run>): void {
  server.registerCapabilities({ tools: {} });
  let calls = 0;
  const limit = concurrencyLimit(maxConcurrentCalls);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await currentRun()).tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: toInputSchema(tool.inputSchema),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    limit(async (): Promise<CallToolResult> => {
      const run = await currentRun();
      const name = request.params.name;
      if (!run.tools.some((tool) => tool.name === name)) {
        const known = run.tools.map((tool) => tool.name).join(', ');
        return errorResult(`Unknown tool ${quoteForMessage(name)}. The tools are: ${known}.`);
      }
      calls += 1;
      const call = { id: `mcp_${calls}`, toolName: name, input: request.params.arguments ?? {} };
      const result = await run.executeTool(call, undefined, { signal: extra.signal });
      return toCallToolResult(result);
    }),
  );
}

function toInputSchema(schema: object): { type: 'object'; [key: string]: unknown } {
  const json = (
    '_zod' in schema ? z.toJSONSchema(schema as z.ZodType, { io: 'input' }) : schema
  ) as JsonSchema;
  const { $schema: _dialect, ...rest } = json;
  return { ...rest, type: 'object' };
}

function toCallToolResult(result: ToolCallResult): CallToolResult {
  const output = result.output;
  if (result.isError) return errorResult(typeof output === 'string' ? output : JSON.stringify(output));
  if (typeof output === 'string') return { content: [{ type: 'text', text: output }] };
  return { content: [{ type: 'text', text: JSON.stringify(output) ?? 'null' }] };
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
