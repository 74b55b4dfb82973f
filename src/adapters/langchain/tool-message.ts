import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { ToolCallResult } from '../../session/capability.js';
import { outputText } from '../kit/index.js';

/**
 * The `ToolMessage` of a tool call the run executed: the output as content (a string as is, anything
 * else as JSON, as LangChain's tool node does), `status: 'error'` for a failed or blocked call.
 */
export function toToolMessage(result: ToolCallResult, toolCallId: string, name: string): ToolMessage {
  return new ToolMessage({
    content: outputText(result.output),
    tool_call_id: toolCallId,
    name,
    status: result.isError ? 'error' : 'success',
  });
}

/** A copy of a human or tool message with other content, every other field kept. */
export function withContent<Message extends BaseMessage>(message: Message, content: unknown): Message {
  const { id, name, additional_kwargs, response_metadata } = message;
  const kept = { content: content as ToolMessage['content'], id, name, additional_kwargs, response_metadata };
  if (!ToolMessage.isInstance(message)) return new HumanMessage(kept) as unknown as Message;
  const { tool_call_id, status, artifact, metadata } = message;
  return new ToolMessage({ ...kept, tool_call_id, status, artifact, metadata }) as unknown as Message;
}
