import { type LanguageModel, stepCountIs, ToolLoopAgent, type ToolSet } from 'ai';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { createSubAgentTools } from '../kit/index.js';
import { withContext } from './with-context.js';

export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions {
  /** The model every sub-agent runs on, or a choice per definition (its `model` field is only read here). */
  model: LanguageModel | ((definition: AgentDefinition) => LanguageModel);
  /** Host tools a sub-agent may be given; each gets those its definition names (all when it names none). Default none. */
  tools?: ToolSet;
  /**
   * The host's session: each sub-agent call then runs in a new session with the same workspace and
   * capabilities (instructions, nested instructions on touch, file tools...), limited to the tools its
   * definition names, and its events reach this session's listeners. Default: no capabilities.
   */
  session?: ContextSession;
  /** Maps the definitions' tool names (`Read`, `Bash`) to tools; map the host's own with `toolVocabulary({ hostTools })`. Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary;
  /** Most model calls of one sub-agent run. Default 20. */
  maxSteps?: number;
  /** Most sub-agents on one delegation path (a sub-agent's sub-agent counts two). Default 3. */
  maxDepth?: number;
}

const taskInput = z.object({
  task: z.string().min(1).describe('What the sub-agent should do, with everything it needs to know.'),
});

/**
 * One AI SDK tool per sub-agent definition (see `loadAgentDefinitions`), named after the definition
 * (see `subAgentToolName`; colliding names are kept with a `_2` suffix and a warning), taking
 * `{ task }`. A call runs a nested `ToolLoopAgent` with the definition's prompt as instructions and
 * the task as prompt, and returns the sub-agent's final text as the tool result.
 *
 * The sub-agent gets the tools its definition's `tools` names through the tool vocabulary (`Read` is
 * `read_file`, `Grep` `search_files`; every tool when it names none): host tools from `tools`, with
 * `session` the capability tools of a new session over the same capabilities, and the sub-agent
 * tools themselves while the delegation path is shorter than `maxDepth`. A definition already on the
 * path (a cycle) or a path at `maxDepth` is refused with a tool error.
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
