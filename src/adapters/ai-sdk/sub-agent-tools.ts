import { type LanguageModel, stepCountIs, ToolLoopAgent, type ToolSet } from 'ai';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import { createSubAgentTools, type SubAgentToolsBaseOptions, taskInputDescription } from '../kit/index.js';
import { withContext } from './with-context.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions extends SubAgentToolsBaseOptions<LanguageModel, ToolSet> {}

const taskInput = z.object({ task: z.string().min(1).describe(taskInputDescription) });

/**
 * One AI SDK tool per sub-agent definition (see `loadAgentDefinitions`), taking `{ task }`: a call runs
 * a nested `ToolLoopAgent` with the definition's prompt as instructions and the task as prompt, and
 * returns its final text.
 * Named, given tools, depth-limited and refused on a cycle (with a tool error) as in every adapter
 * (docs/sub-agents.md).
 *
 * @example
 * const { items } = await loadAgentDefinitions(workspace);
 * const agent = new ToolLoopAgent(withContext(session, {
 *   model,
 *   tools: subAgentTools(items, { model, session }),
 * }));
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions,
): ToolSet {
  type NamedTool = [name: string, tool: ToolSet[string]];
  const entries = createSubAgentTools<LanguageModel, NamedTool>(
    definitions,
    Object.entries(options.tools ?? {}),
    options,
    {
      nameOf: ([name]) => name,
      toTool: (entry, delegate) => [
        entry.name,
        {
          description: entry.description,
          inputSchema: taskInput,
          execute: (input: z.infer<typeof taskInput>, call: { abortSignal?: AbortSignal }) =>
            delegate(async (nested) => {
              const settings = {
                model: nested.model,
                instructions: nested.definition.prompt,
                tools: Object.fromEntries(nested.tools),
                stopWhen: stepCountIs(nested.maxSteps),
              };
              const agent = new ToolLoopAgent(
                nested.session ? withContext(nested.session, settings) : settings,
              );
              const abortSignal = call.abortSignal;
              const result = await agent.generate({
                prompt: input.task,
                ...(abortSignal ? { abortSignal } : {}),
              });
              return result.text;
            }),
        } as ToolSet[string],
      ],
    },
  );
  return Object.fromEntries(entries);
}
