import { createTool } from '@mastra/core/tools';
import type { ContextAdapterOptions } from '../../session/adapter-options.js';
import type { Run, ToolCall, ToolDefinition } from '../../session/capability.js';
import { composeToolRecord, unwrapToolResult } from '../kit/index.js';

/** The tools of one Mastra step, by name. */
export type MastraTools = Record<string, unknown>;

type Execute = (input: unknown, options?: { toolCallId?: string; abortSignal?: AbortSignal }) => unknown;

/**
 * The tools of one run for Mastra's step (the kit's `composeToolRecord`): each `execute` through
 * `run.executeTool`, the capability tools as `createTool` tools. A failed or blocked call throws, and
 * Mastra sends its message to the model as the tool's error; tools without `execute` pass through.
 */
export function composeTools(host: MastraTools | undefined, run: Run, options: ContextAdapterOptions) {
  const { hostToolHooks } = options;
  return composeToolRecord(
    host,
    run,
    { adapter: 'mastra', hostToolHooks },
    { wrapHostTool, toTool: toMastraTool },
  );
}

function wrapHostTool(name: string, tool: unknown, run: Run): unknown {
  const execute = (tool as { execute?: Execute } | null)?.execute;
  if (typeof execute !== 'function') return tool;
  return {
    ...(tool as object),
    execute: async (input: unknown, options: { toolCallId?: string; abortSignal?: AbortSignal } = {}) => {
      const call: ToolCall = { id: options.toolCallId ?? '', toolName: name, input };
      const signal = options.abortSignal;
      return unwrapToolResult(
        await run.executeTool(call, (value) => execute.call(tool, value, options), { signal }),
      );
    },
  };
}

function toMastraTool(definition: ToolDefinition, run: Run): unknown {
  return createTool({
    id: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema as never,
    execute: async (
      input: unknown,
      context?: { agent?: { toolCallId?: string }; abortSignal?: AbortSignal },
    ) => {
      const call: ToolCall = { id: context?.agent?.toolCallId ?? '', toolName: definition.name, input };
      return unwrapToolResult(await run.executeTool(call, undefined, { signal: context?.abortSignal }));
    },
  });
}
