import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { createSubAgentTools } from '../kit/index.js';
import type { MastraTools } from './compose-tools.js';
import { contextProcessor } from './context-processor.js';

export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions {
  /** The model every sub-agent runs on (a model object or a model router id such as `'openai/gpt-5'`), or a choice per definition. */
  model: MastraModelConfig | ((definition: AgentDefinition) => MastraModelConfig);
  /** Host tools a sub-agent may be given, by name as in `Agent`'s `tools`; each gets those its definition names (all when it names none). Default none. */
  tools?: MastraTools;
  /** The host's session: each call runs in a new session over its workspace and capabilities. Default: no capabilities. */
  session?: ContextSession;
  /** Maps the definitions' tool names (`Read`, `Bash`) to tools. Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary;
  /** Most model calls (steps) of one sub-agent run. Default 20. */
  maxSteps?: number;
  /** Most sub-agents on one delegation path. Default 3. */
  maxDepth?: number;
}

const taskInput = z.object({
  task: z.string().min(1).describe('What the sub-agent should do, with everything it needs to know.'),
});

type NamedTool = [name: string, tool: unknown];

/**
 * One Mastra tool per sub-agent definition (see `loadAgentDefinitions`), by name (see
 * `subAgentToolName`; colliding names kept with a `_2` suffix and a warning), taking `{ task }`. A
 * call runs a nested Mastra `Agent` with the definition's prompt as instructions and the task as the
 * prompt, with `session` through `contextProcessor` over a new session with the host session's
 * workspace and capabilities, and returns the sub-agent's final text. Tools are chosen as in every
 * adapter: through the tool vocabulary, sub-agent tools within `maxDepth`, a cycle refused with a
 * tool error (Mastra sends the thrown message to the model).
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
