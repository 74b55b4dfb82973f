import { ToolMessage } from '@langchain/core/messages';
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

/** A copy of a `ToolMessage` with other content, every other field kept. */
export function withToolContent(message: ToolMessage, content: ToolMessage['content']): ToolMessage {
  const { tool_call_id, name, status, artifact, metadata, id } = message;
  const { additional_kwargs, response_metadata } = message;
  return new ToolMessage({
    content,
    tool_call_id,
    name,
    status,
    artifact,
    metadata,
    id,
    additional_kwargs,
    response_metadata,
  });
}
