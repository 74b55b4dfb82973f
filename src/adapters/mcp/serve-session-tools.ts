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
import { answerPart, mcpAnswerDefaults } from './answer-parts.js';

/** Tool calls of one connection executing at once; further calls wait their turn. */
const maxConcurrentCalls = 4;

/** The argument every tool gets for the parts of a long answer. */
const partArgument = 'part';

/** Options of {@link serveSessionTools}. */
export interface SessionToolsOptions {
  /** Characters of one tool answer, notes included; a longer answer comes in parts. Default 24,000. */
  maxAnswerChars?: number;
}

/**
 * Answer the MCP `tools/list` and `tools/call` requests of `server` with the tools of the
 * connection's run (`currentRun`, see `connectionRuns`):
 * - at most 4 tool calls execute at once; the others wait, in arrival order;
 * - `tools/list`: the run's tools in the run's order, each with its JSON Schema (a zod schema is
 *   converted, input side, so defaulted fields stay optional) plus an optional `part` (from 1);
 * - every answer fits `maxAnswerChars`: a longer one comes in parts (`answerPart`), the first by
 *   default, each saying which part it is and how to get the next (the same call with `part`), so
 *   a client that keeps 32 KB gets it whole and none gets a silent cut. The tool runs again for each
 *   part, and `part` never reaches it;
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
export function serveSessionTools(
  server: Server,
  currentRun: () => Promise<Run>,
  options: SessionToolsOptions = {},
): void {
  const maxAnswerChars = options.maxAnswerChars ?? mcpAnswerDefaults.maxAnswerChars;
  server.registerCapabilities({ tools: {} });
  let calls = 0;
  const limit = concurrencyLimit(maxConcurrentCalls);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await currentRun()).tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: withPart(toInputSchema(tool.inputSchema)),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    limit(async (): Promise<CallToolResult> => {
      const run = await currentRun();
      const name = request.params.name;
      const tool = run.tools.find((candidate) => candidate.name === name);
      if (tool === undefined) {
        const known = run.tools.map((candidate) => candidate.name).join(', ');
        return errorResult(`Unknown tool ${quoteForMessage(name)}. The tools are: ${known}.`);
      }
      const given = request.params.arguments ?? {};
      const owned = ownsPart(tool.inputSchema);
      const { [partArgument]: asked = 1, ...rest } = given;
      const part = owned ? 1 : asked;
      if (typeof part !== 'number' || !Number.isInteger(part) || part < 1) {
        return errorResult(
          `Invalid input for ${name}: part: a whole number from 1 (the part of a long answer), not ${quoteForMessage(JSON.stringify(part) ?? String(part))}.`,
        );
      }
      calls += 1;
      const call = { id: `mcp_${calls}`, toolName: name, input: owned ? given : rest };
      const result = await run.executeTool(call, undefined, { signal: extra.signal });
      if (result.isError) return toCallToolResult(result);
      try {
        const text = answerPart({ toolName: name, text: textOf(result), part, maxAnswerChars });
        return { content: [{ type: 'text', text }] };
      } catch (error) {
        return errorResult(error instanceof Error ? error.message : String(error));
      }
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

/** Whether a tool has an argument named `part` of its own (it gets it, and its answers come whole or as part 1). */
function ownsPart(schema: object): boolean {
  return partArgument in ((toInputSchema(schema).properties ?? {}) as Record<string, unknown>);
}

/** The input schema with the optional `part` argument (a tool that has its own `part` keeps it). */
function withPart(schema: { type: 'object'; [key: string]: unknown }) {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (partArgument in properties) return schema;
  return {
    ...schema,
    properties: {
      ...properties,
      [partArgument]: {
        type: 'integer',
        minimum: 1,
        description:
          'Which part of a long answer to return (from 1; default 1). A cut answer starts by saying which part comes next.',
      },
    },
  };
}

/** A result's text: a text as it is, anything else as one compact JSON text. */
function textOf(result: ToolCallResult): string {
  const output = result.output;
  return typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null');
}

function toCallToolResult(result: ToolCallResult): CallToolResult {
  const text = textOf(result);
  return result.isError ? errorResult(text) : { content: [{ type: 'text', text }] };
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
