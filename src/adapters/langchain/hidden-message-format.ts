import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { createMessageKeyOf, type MessageFormat, textOfParts } from '../kit/index.js';

/**
 * LangChain's messages for the kit:
 * - keys: a `ToolMessage` by its `tool_call_id` (the anchor capabilities ask for after a tool call);
 *   any other message by its `id` (the agent's state gives every message one, and keeps it), or, when
 *   it has none, by its type and a hash of its content and tool calls (`cache_control` left out);
 * - a hidden message becomes a `HumanMessage` whose `id` is the hidden message's stable key;
 * - a command's expanded text replaces a `HumanMessage`'s text blocks (as a string when the content
 *   was one), its id and other blocks kept.
 */
export const langChainMessageFormat: MessageFormat<BaseMessage> = {
  createKeyOf: () =>
    createMessageKeyOf<BaseMessage>(
      (message) =>
        ToolMessage.isInstance(message)
          ? { toolCallIds: message.tool_call_id, role: message.type, content: message.content }
          : {
              ...(typeof message.id === 'string' ? { id: message.id } : {}),
              role: message.type,
              content: [message.content, (message as { tool_calls?: unknown }).tool_calls],
            },
      ['cache_control'],
    ),
  isToolResult: (message) => ToolMessage.isInstance(message),
  toolCallsOf: (message) =>
    AIMessage.isInstance(message)
      ? (message.tool_calls ?? []).flatMap((call) =>
          call.id === undefined ? [] : [{ id: call.id, toolName: call.name, input: call.args }],
        )
      : undefined,
  toMessage: (message) => new HumanMessage({ content: message.text, id: message.key }),
  userText: (message) => (HumanMessage.isInstance(message) ? textOfParts(message.content) : undefined),
  withText: (message, text) => {
    const others =
      typeof message.content === 'string' ? [] : message.content.filter((part) => part.type !== 'text');
    const content = others.length === 0 ? text : [{ type: 'text' as const, text }, ...others];
    return new HumanMessage({ content, ...(typeof message.id === 'string' ? { id: message.id } : {}) });
  },
};
