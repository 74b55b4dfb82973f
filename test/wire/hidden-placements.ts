import { nestedContentsLead } from '../../src/instructions/nested/render-nested-files.js';
import { cacheOrderOf } from './cache-order.js';
import type { RecordedRequest } from './scripted-provider-server.js';

/** One hidden message found in a request, and what the model sees right before it. */
export interface HiddenPlacement {
  /** The first line of the hidden text. */
  text: string;
  /** `tool-result` when it follows a tool result (Anthropic `tool_result` block, OpenAI tool output). */
  previous: 'tool-result' | 'user-text' | 'assistant' | 'none';
}

/**
 * Where the nested-instructions messages sit in a recorded request: each text that starts with the
 * nested lead, with the kind of block right before it in the flattened conversation. Anthropic merges
 * consecutive user messages, so a hidden message there is a text block after the `tool_result` blocks
 * of the same user message; OpenAI Responses sends it as a user item after the `function_call_output`,
 * OpenAI Chat as a user message after the `tool` message.
 */
export function hiddenPlacements(request: RecordedRequest, lead = nestedContentsLead): HiddenPlacement[] {
  const blocks: Array<{ kind: HiddenPlacement['previous']; text?: string }> = [];
  for (const message of cacheOrderOf(request).messages as Array<Record<string, unknown>>) {
    if (request.protocol === 'openai-responses' && message.type !== undefined && message.type !== 'message') {
      const type = String(message.type);
      blocks.push({ kind: type === 'function_call_output' ? 'tool-result' : 'assistant' });
      continue;
    }
    if (message.role === 'tool') {
      blocks.push({ kind: 'tool-result' });
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user-text';
    const content = message.content;
    if (typeof content === 'string') {
      blocks.push({ kind: role, text: content });
      continue;
    }
    for (const part of (content ?? []) as Array<Record<string, unknown>>) {
      if (part.type === 'tool_result' || part.type === 'tool-result') blocks.push({ kind: 'tool-result' });
      else if (typeof part.text === 'string') blocks.push({ kind: role, text: part.text });
      else blocks.push({ kind: role });
    }
  }
  const placements: HiddenPlacement[] = [];
  blocks.forEach((block, index) => {
    if (block.text === undefined || !block.text.startsWith(lead)) return;
    placements.push({
      text: block.text.split('\n')[2] ?? block.text,
      previous: blocks[index - 1]?.kind ?? 'none',
    });
  });
  return placements;
}
