import { DynamicStructuredTool } from '@langchain/core/tools';
import type { JSONSchema } from '@langchain/core/utils/json_schema';
import type { Run, ToolDefinition } from '../../session/capability.js';
import { offeredCapabilityTools } from '../kit/index.js';
import { toToolMessage } from './tool-message.js';

/** The run's capability tools as LangChain tools, in a list and by name. */
export interface CapabilityTools {
  /** In the run's order, without the ones whose name a host tool already has. */
  readonly tools: readonly DynamicStructuredTool[];
  readonly byName: ReadonlyMap<string, DynamicStructuredTool>;
}

const toolsOfRun = new WeakMap<Run, CapabilityTools>();

/**
 * The capability tools of a run as LangChain tools, built once per run (the same instances on every
 * model call, in the run's order, so the tool list is stable within a run):
 * - a zod schema is passed as it is; a JSON Schema is passed as LangChain's `JSONSchema`, which the
 *   tool validates with `@langchain/core`'s JSON Schema validator before it runs;
 * - `func` goes through `run.executeTool`, so `beforeToolCall` hooks, zod validation, the tool and
 *   the `afterToolCall` hooks (touches, offload, notes) all run; the result comes back as a
 *   `ToolMessage`, with `status: 'error'` for a failed or blocked call, so the model sees the message.
 *
 * A capability tool whose name is in `hostNames` is left out (the host's tool wins) and reported once
 * as a `diagnostic` event with code `tool-name-taken`.
 */
export function capabilityTools(run: Run, hostNames: ReadonlySet<string>): CapabilityTools {
  const cached = toolsOfRun.get(run);
  if (cached) return cached;
  const tools = offeredCapabilityTools(run, (name) => hostNames.has(name), 'langchain').map((definition) =>
    toLangChainTool(definition, run),
  );
  const built = { tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
  toolsOfRun.set(run, built);
  return built;
}

/**
 * The capability tool `name` of a run, as the model was offered it; `undefined` when the run has no
 * such tool or no model call of the run has built the list yet (a tool call always follows one).
 */
export function findCapabilityTool(run: Run, name: string): DynamicStructuredTool | undefined {
  return toolsOfRun.get(run)?.byName.get(name);
}

function toLangChainTool(definition: ToolDefinition, run: Run): DynamicStructuredTool {
  const schema = definition.inputSchema;
  return new DynamicStructuredTool({
    name: definition.name,
    description: definition.description,
    // LangChain recognises a zod 4 schema by its `_zod` marker and validates it; anything else is
    // taken as JSON Schema and validated by `@langchain/core`'s JSON Schema validator.
    schema: schema as JSONSchema,
    func: async (input: unknown, _runManager, config) => {
      const toolCallId = (config as { toolCall?: { id?: string } } | undefined)?.toolCall?.id ?? '';
      const signal = config?.signal;
      const call = { id: toolCallId, toolName: definition.name, input };
      const result = await run.executeTool(call, undefined, signal ? { signal } : {});
      return toToolMessage(result, toolCallId, definition.name);
    },
  });
}
