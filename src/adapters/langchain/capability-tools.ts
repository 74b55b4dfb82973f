import { DynamicStructuredTool } from '@langchain/core/tools';
import type { JSONSchema } from '@langchain/core/utils/json_schema';
import type { Run, ToolDefinition } from '../../session/capability.js';
import { offeredCapabilityTools } from '../kit/index.js';
import { toToolMessage } from './tool-message.js';

const toolsOfRun = new WeakMap<Run, DynamicStructuredTool[]>();

/**
 * The run's capability tools as LangChain tools (the kit's `offeredCapabilityTools`), built once per
 * run. A zod schema is passed as it is, a JSON Schema as LangChain's `JSONSchema` (validated by
 * `@langchain/core`); `func` goes through `run.executeTool` and answers with a `ToolMessage`.
 */
export function capabilityTools(run: Run, hostNames: ReadonlySet<string>): DynamicStructuredTool[] {
  const tools =
    toolsOfRun.get(run) ??
    offeredCapabilityTools(run, (name) => hostNames.has(name), 'langchain').map((definition) =>
      toLangChainTool(definition, run),
    );
  toolsOfRun.set(run, tools);
  return tools;
}

/**
 * The capability tool `name` of a run, as the model was offered it; `undefined` when the run has no
 * such tool or no model call of the run has built the list yet (a tool call always follows one).
 */
export function findCapabilityTool(run: Run, name: string): DynamicStructuredTool | undefined {
  return toolsOfRun.get(run)?.find((tool) => tool.name === name);
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
      const call = { id: toolCallId, toolName: definition.name, input };
      const result = await run.executeTool(call, undefined, { signal: config?.signal });
      return toToolMessage(result, toolCallId, definition.name);
    },
  });
}
