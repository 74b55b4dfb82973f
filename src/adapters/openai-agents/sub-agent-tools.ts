import { Agent, type Model, run, type Tool, tool } from '@openai/agents';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import {
  createSubAgentTools,
  DelegationRefused,
  type SubAgentToolsBaseOptions,
  taskInputDescription,
} from '../kit/index.js';
import { runWithContext } from './run-with-context.js';

/** Options of {@link subAgentTools}: the model is a `Model` or a model name. */
export interface SubAgentToolsOptions extends SubAgentToolsBaseOptions<Model | string, readonly Tool[]> {}

const taskInput = z.object({ task: z.string().min(1).describe(taskInputDescription) });

/**
 * One OpenAI Agents function tool per sub-agent definition (see `loadAgentDefinitions`), taking
 * `{ task }`: a call runs a nested `Agent` with the definition's prompt as instructions and the task as
 * input, through `runWithContext` over the sub-agent's session (with `session`; else the SDK's `run`),
 * and returns its final output.
 * Named, given tools, depth-limited and refused on a cycle (with a tool error: the SDK's error result)
 * as in every adapter (docs/sub-agents.md).
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
