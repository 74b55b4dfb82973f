import { Agent, type Model, run, type Tool, tool } from '@openai/agents';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { createSubAgentTools, DelegationRefused } from '../kit/index.js';
import { runWithContext } from './run-with-context.js';

export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions {
  /** The model every sub-agent runs on (a `Model` or a model name), or a choice per definition. */
  model: Model | string | ((definition: AgentDefinition) => Model | string);
  /** Host tools a sub-agent may be given; each gets those its definition names (all when it names none). Default none. */
  tools?: readonly Tool[];
  /** The host's session: each call runs in a new session over its workspace and capabilities. Default: no capabilities. */
  session?: ContextSession;
  /** Maps the definitions' tool names (`Read`, `Bash`) to tools. Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary;
  /** Most model calls (turns) of one sub-agent run. Default 20. */
  maxSteps?: number;
  /** Most sub-agents on one delegation path. Default 3. */
  maxDepth?: number;
}

const taskInput = z.object({
  task: z.string().min(1).describe('What the sub-agent should do, with everything it needs to know.'),
});

/**
 * One OpenAI Agents function tool per sub-agent definition (see `loadAgentDefinitions`), named after
 * it (see `subAgentToolName`; colliding names kept with a `_2` suffix and a warning), taking
 * `{ task }`. A call runs a nested `Agent` with the definition's prompt as instructions and the task
 * as input, through `runWithContext` over a new session with the host session's workspace and
 * capabilities (with `session`; else the SDK's `run`), and returns the final output. Tools are chosen
 * as by the AI SDK's `subAgentTools`: through the tool vocabulary, sub-agent tools within `maxDepth`,
 * a cycle refused with a tool error (the SDK's error result).
 *
 * @example
 * const agent = new Agent({ name: 'host', model, tools: subAgentTools(items, { model, session }) });
 * await runWithContext(session, agent, 'Ask the api-reviewer to check the products route.');
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions,
): Tool[] {
  return createSubAgentTools<Model | string, Tool>(definitions, options.tools ?? [], options, {
    nameOf: (candidate) => candidate.name,
    toTool: (entry, delegate) =>
      tool({
        name: entry.name,
        description: entry.description,
        parameters: taskInput,
        // The SDK's default hides every error's message; a refusal (cycle, depth) is meant for the model.
        errorFunction: (_context, error) =>
          error instanceof DelegationRefused
            ? error.message
            : 'An error occurred while running the tool. Please try again.',
        execute: (input, _context, details) =>
          delegate(async (nested) => {
            const agent = new Agent({
              name: nested.name,
              instructions: nested.definition.prompt,
              model: nested.model,
              tools: nested.tools,
            });
            const signal = details?.signal;
            const runOptions = { maxTurns: nested.maxSteps, ...(signal ? { signal } : {}) };
            const result = nested.session
              ? await runWithContext(nested.session, agent, input.task, runOptions)
              : await run(agent, input.task, runOptions);
            const output = result.finalOutput;
            return typeof output === 'string' ? output : JSON.stringify(output ?? '');
          }),
      }),
  });
}
