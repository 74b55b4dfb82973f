import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import { type AgentMiddleware, createAgent } from 'langchain';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import {
  createSubAgentTools,
  DelegationRefused,
  type SubAgentToolsBaseOptions,
  taskInputDescription,
} from '../kit/index.js';
import { contextMiddleware } from './context-middleware.js';

/** Options of {@link subAgentTools}: the model is a chat model, or a model id `createAgent` accepts. */
export interface SubAgentToolsOptions
  extends SubAgentToolsBaseOptions<BaseChatModel | string, readonly StructuredToolInterface[]> {
  /** More middleware for the nested agents, after the context middleware (prompt caching, logging). Default none. */
  middleware?: readonly AgentMiddleware[];
}

const taskInput = z.object({ task: z.string().min(1).describe(taskInputDescription) });

/**
 * One LangChain tool per sub-agent definition (see `loadAgentDefinitions`), taking `{ task }`: a call
 * runs a nested `createAgent` with the definition's prompt as system prompt, the task as the user
 * message and, with `session`, `contextMiddleware` over the sub-agent's session, and returns its final
 * text.
 * Named, given tools, depth-limited and refused on a cycle (with a tool error) as in every adapter
 * (docs/sub-agents.md).
 *
 * @example
 * const agent = createAgent({
 *   model,
 *   tools: subAgentTools(items, { model, session }),
 *   middleware: [contextMiddleware(session)],
 * });
 */
export function subAgentTools(
  definitions: readonly AgentDefinition[],
  options: SubAgentToolsOptions,
): DynamicStructuredTool[] {
  const tools = createSubAgentTools<BaseChatModel | string, StructuredToolInterface>(
    definitions,
    options.tools ?? [],
    options,
    {
      nameOf: (tool) => tool.name,
      toTool: (entry, delegate) =>
        new DynamicStructuredTool({
          name: entry.name,
          description: entry.description,
          schema: taskInput,
          func: (input: z.infer<typeof taskInput>, _runManager, config) =>
            delegate(async (nested) => {
              const middleware = [
                ...(nested.session ? [contextMiddleware(nested.session)] : []),
                ...(options.middleware ?? []),
              ];
              const agent = createAgent({
                model: nested.model,
                tools: nested.tools,
                systemPrompt: nested.definition.prompt,
                middleware: middleware as AgentMiddleware[],
              });
              const result = await agent.invoke(
                { messages: [new HumanMessage(input.task)] },
                {
                  recursionLimit: nested.maxSteps * 2 + 1,
                  ...(config?.signal ? { signal: config.signal } : {}),
                },
              );
              return finalText(result.messages as BaseMessage[]);
            }).catch((error: unknown) => {
              // createAgent does not turn a thrown tool error into a result: a refusal is answered here.
              if (!(error instanceof DelegationRefused)) throw error;
              const toolCallId = (config as { toolCall?: { id?: string } } | undefined)?.toolCall?.id ?? '';
              return new ToolMessage({
                content: error.message,
                tool_call_id: toolCallId,
                name: entry.name,
                status: 'error',
              });
            }),
        }),
    },
  );
  return tools as DynamicStructuredTool[];
}

/** The text of the last message (the sub-agent's answer). */
function finalText(messages: readonly BaseMessage[]): string {
  const last = messages[messages.length - 1];
  if (last === undefined) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content
    .map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
    .join('');
}
