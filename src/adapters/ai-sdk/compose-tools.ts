import { jsonSchema, type ToolExecutionOptions, type ToolSet } from 'ai';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { JsonSchema, Run, ToolCall, ToolDefinition, ToolExecutor } from '../../session/capability.js';
import { composeToolRecord, unwrapToolResult } from '../kit/index.js';

type AnyTool = ToolSet[string];
type HostExecute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;
type ToModelOutput = (options: { toolCallId: string; input: unknown; output: unknown }) => unknown;

/**
 * The tools of one run in the AI SDK's shape (the kit's `composeToolRecord`), each `execute` through
 * `run.executeTool` (a failed or blocked call rethrown, which the SDK sends as a tool error); tools
 * without `execute` pass through. A host tool's `toModelOutput` is kept, except for a result a hook
 * replaced (offload preview, note), sent as it is since it is no longer of the host's output type.
 */
export function composeTools(host: ToolSet | undefined, run: Run, options: ContextAdapterOptions): ToolSet {
  const { hostToolHooks } = options;
  return composeToolRecord(
    host,
    run,
    { adapter: 'ai-sdk', hostToolHooks },
    { wrapHostTool, toTool: toAiSdkTool },
  );
}

function wrapHostTool(name: string, tool: AnyTool, run: Run): AnyTool {
  const execute = (tool as { execute?: HostExecute }).execute;
  if (typeof execute !== 'function') return tool;
  const toModelOutput = (tool as { toModelOutput?: ToModelOutput }).toModelOutput;
  // Results a hook replaced (an offload preview, a note), by tool-call id: the host's
  // `toModelOutput` expects its own output type, so these go to the model as they are.
  const replaced = new Map<string, unknown>();
  const wrapped: Record<string, unknown> = {
    ...tool,
    execute: async (input: unknown, options: ToolExecutionOptions<unknown>) => {
      let original: unknown;
      const output = await executeThroughRun(run, name, input, options, async (value) => {
        original = await settle(execute.call(tool, value, options));
        return original;
      });
      if (toModelOutput && output !== original) replaced.set(options.toolCallId, output);
      return output;
    },
  };
  if (toModelOutput) {
    wrapped.toModelOutput = (options: { toolCallId: string; input: unknown; output: unknown }) => {
      if (!replaced.has(options.toolCallId) || replaced.get(options.toolCallId) !== options.output) {
        return toModelOutput.call(tool, options);
      }
      const output = options.output;
      return typeof output === 'string'
        ? { type: 'text', value: output }
        : { type: 'json', value: output ?? null };
    };
  }
  return wrapped as AnyTool;
}

function toAiSdkTool(definition: ToolDefinition, run: Run): AnyTool {
  const schema = definition.inputSchema;
  const inputSchema = '_zod' in schema ? schema : jsonSchema(schema as JsonSchema);
  return {
    description: definition.description,
    inputSchema,
    execute: (input: unknown, options: ToolExecutionOptions<unknown>) =>
      executeThroughRun(run, definition.name, input, options, undefined),
  } as AnyTool;
}

async function executeThroughRun(
  run: Run,
  toolName: string,
  input: unknown,
  options: ToolExecutionOptions<unknown>,
  execute: ToolExecutor | undefined,
): Promise<unknown> {
  const call: ToolCall = { id: options.toolCallId, toolName, input };
  return unwrapToolResult(await run.executeTool(call, execute, { signal: options.abortSignal }));
}

/**
 * A tool may return a value, a promise, or an async iterable of preliminary results (the SDK's
 * streaming tool output). Hooks need the final result, so an iterable is drained to its last value;
 * its preliminary values are not streamed to the host's UI.
 */
async function settle(value: unknown): Promise<unknown> {
  const resolved = await value;
  if (resolved === null || typeof resolved !== 'object' || !(Symbol.asyncIterator in resolved))
    return resolved;
  let last: unknown;
  for await (const item of resolved as AsyncIterable<unknown>) last = item;
  return last;
}
