import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import { createSubAgentTools, type SubAgentToolsBaseOptions, taskInputDescription } from '../kit/index.js';
import type { MastraTools } from './compose-tools.js';
import { contextProcessor } from './context-processor.js';

/** Options of {@link subAgentTools}: a model object or a model router id (`'openai/gpt-5'`); tools by name, as in `Agent`'s `tools`. */
export interface SubAgentToolsOptions extends SubAgentToolsBaseOptions<MastraModelConfig, MastraTools> {}

const taskInput = z.object({ task: z.string().min(1).describe(taskInputDescription) });

type NamedTool = [name: string, tool: unknown];

/**
 * One Mastra tool per sub-agent definition (see `loadAgentDefinitions`), taking `{ task }`: a call runs
 * a nested Mastra `Agent` with the definition's prompt as instructions and the task as the prompt,
 * with `session` through `contextProcessor` over the sub-agent's session, and returns its final text.
 * Named, given tools, depth-limited and refused on a cycle (with a tool error, whose message Mastra
 * sends to the model) as in every adapter (docs/sub-agents.md).
 *
 * @example
 * const agent = new Agent({
 *   id: 'host', name: 'host', instructions, model,
 *   tools: subAgentTools(items, { model, session }),
 *   inputProcessors: [contextProcessor(session)],
 * });
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions,
): MastraTools {
  const entries = createSubAgentTools<MastraModelConfig, NamedTool>(
    definitions,
    Object.entries(options.tools ?? {}),
    options,
    {
      nameOf: ([name]) => name,
      toTool: (entry, delegate) => [
        entry.name,
        createTool({
          id: entry.name,
          description: entry.description,
          inputSchema: taskInput,
          execute: (input, context) =>
            delegate(async (nested) => {
              const agent = new Agent({
                id: nested.name,
                name: nested.name,
                instructions: nested.definition.prompt,
                model: nested.model,
                tools: Object.fromEntries(nested.tools) as never,
                ...(nested.session ? { inputProcessors: [contextProcessor(nested.session)] } : {}),
              });
              const abortSignal = context?.abortSignal;
              const result = await agent.generate(input.task, {
                maxSteps: nested.maxSteps,
                ...(abortSignal ? { abortSignal } : {}),
              });
              return result.text;
            }),
        }),
      ],
    },
  );
  return Object.fromEntries(entries);
}
