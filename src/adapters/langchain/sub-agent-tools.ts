import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import { type AgentMiddleware, createAgent } from 'langchain';
import { z } from 'zod';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import type { ContextSession } from '../../session/context-session.js';
import type { ToolVocabulary } from '../../tool-vocabulary/tool-vocabulary.js';
import { createSubAgentTools, DelegationRefused } from '../kit/index.js';
import { contextMiddleware } from './context-middleware.js';

export { subAgentToolName, subAgentToolsDefaults } from '../kit/index.js';

/** Options of {@link subAgentTools}. */
export interface SubAgentToolsOptions {
  /** The chat model every sub-agent runs on (or a model id `createAgent` accepts), or a choice per definition. */
  model: BaseChatModel | string | ((definition: AgentDefinition) => BaseChatModel | string);
  /** Host tools a sub-agent may be given; each gets those its definition names (all when it names none). Default none. */
  tools?: readonly StructuredToolInterface[];
  /** The host's session: each call runs in a new session over its workspace and capabilities. Default: no capabilities. */
  session?: ContextSession;
  /** Maps the definitions' tool names (`Read`, `Bash`) to tools. Default `toolVocabulary()`. */
  vocabulary?: ToolVocabulary;
  /** Most model calls of one sub-agent run. Default 20. */
  maxSteps?: number;
  /** Most sub-agents on one delegation path. Default 3. */
  maxDepth?: number;
  /** More middleware for the nested agents, after the context middleware (prompt caching, logging). Default none. */
  middleware?: readonly AgentMiddleware[];
}

const taskInput = z.object({
  task: z.string().min(1).describe('What the sub-agent should do, with everything it needs to know.'),
});

/**
 * One LangChain tool per sub-agent definition (see `loadAgentDefinitions`), named after it (see
 * `subAgentToolName`; colliding names kept with a `_2` suffix and a warning), taking `{ task }`. A
 * call runs a nested `createAgent` with the definition's prompt as system prompt, the task as the
 * user message and, with `session`, `contextMiddleware` over a new session with the same workspace
 * and capabilities; it returns the sub-agent's final text. Tools are chosen as by the AI SDK's
 * `subAgentTools`: through the tool vocabulary, sub-agent tools within `maxDepth`, a cycle refused
 * with a tool error.
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
