import type { BaseMessage } from '@langchain/core/messages';

/**
 * The text of a message's content: the string itself, or the `text` of its text blocks joined with a
 * newline (other blocks, such as images, are left out). `''` when there is none.
 */
export function messageText(content: BaseMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}
