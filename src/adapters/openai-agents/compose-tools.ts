import { type FunctionTool, type RunContext, type Tool, tool } from '@openai/agents';
import { z } from 'zod';
import { describeError } from '../../errors.js';
import type { JsonSchema, Run, ToolDefinition } from '../../session/capability.js';
import { composeToolList, outputText, unwrapToolResult } from '../kit/index.js';

/**
 * The tools of one run (the kit's `composeToolList`), all through `run.executeTool`: a host function
 * tool keeps everything of its own (schema, approval, guardrails, error function) and its hooks see
 * the parsed JSON arguments; a capability tool is a non-strict `tool()` (a zod schema converted input
 * side) whose failed or blocked call answers the model with the run's message. Hosted tools pass through.
 */
export function composeTools<Context>(
  host: readonly Tool<Context>[],
  run: Run,
  hostToolHooks: boolean | undefined,
): Tool<Context>[] {
  const tools = composeToolList<Tool<Context>>(
    host.map((candidate) => [candidate.name, candidate]),
    run,
    { adapter: 'openai-agents', hostToolHooks },
    {
      wrapHostTool: (_name, candidate) =>
        candidate.type === 'function' ? wrapHostTool(candidate, run) : candidate,
      toTool: (definition) => toAgentsTool<Context>(definition, run),
    },
  );
  return tools.map(([, tool]) => tool);
}

function wrapHostTool<Context>(host: FunctionTool<Context>, run: Run): FunctionTool<Context> {
  const invoke = host.invoke;
  return {
    ...host,
    invoke: async (runContext: RunContext<Context>, input: string, details) => {
      const call = { id: details?.toolCall?.callId ?? '', toolName: host.name, input: parseArguments(input) };
      const result = await run.executeTool(
        call,
        (value) =>
          invoke.call(host, runContext, value === call.input ? input : JSON.stringify(value), details),
        { signal: details?.signal },
      );
      if (result.isError) return outputText(result.output);
      return result.output as string;
    },
  } as FunctionTool<Context>;
}

function toAgentsTool<Context>(definition: ToolDefinition, run: Run): FunctionTool<Context> {
  const schema = definition.inputSchema;
  // Plain JSON: zod's JSON Schema output also carries a Standard Schema marker, which the SDK would
  // take for a schema object of its own (and then require strict mode).
  const parameters = JSON.parse(
    JSON.stringify('_zod' in schema ? z.toJSONSchema(schema as z.ZodType, { io: 'input' }) : schema),
  ) as JsonSchema;
  return tool({
    name: definition.name,
    description: definition.description,
    parameters: parameters as never,
    strict: false,
    execute: async (input: unknown, _runContext, details) => {
      const call = { id: details?.toolCall?.callId ?? '', toolName: definition.name, input };
      return unwrapToolResult(await run.executeTool(call, undefined, { signal: details?.signal }));
    },
    errorFunction: (_runContext, error) => describeError(error),
  }) as unknown as FunctionTool<Context>;
}

/** The arguments the model sent, parsed; the text itself when it is not JSON. */
function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}
