import type { AgentInputItem } from '@openai/agents';
import type { ContextSession } from '../../session/context-session.js';
import { createMessageKeyOf, type MessageFormat, replaceTextParts, textOfParts } from '../kit/index.js';

/**
 * The Agents SDK's model input items for the kit (`callModelInputFilter`):
 * - keys: a `function_call_result` by its `callId` (the anchor capabilities ask for); any other item
 *   by its type, role and a hash of its content (ids and provider data left out), so a
 *   `function_call`, which carries the same call id, never takes its result's key;
 * - a `function_call_result` keeps a hidden message after the whole group of parallel results;
 * - a hidden message becomes a `user` message item with the hidden text;
 * - a command's expanded text replaces a user message's `input_text` parts (or its string content) as
 *   one part where the first was, other parts (images, files) kept.
 */
export const inputItemFormat: MessageFormat<AgentInputItem> = {
  createKeyOf: () =>
    createMessageKeyOf<AgentInputItem>(
      (item) => {
        if (item.type === 'function_call_result')
          return { toolCallIds: item.callId, role: item.type, content: item };
        const role = 'role' in item ? `${item.type ?? 'message'}:${item.role}` : (item.type ?? 'item');
        return { role, content: item };
      },
      ['id', 'providerData'],
    ),
  isToolResult: (item) => item.type === 'function_call_result',
  toolCallsOf: (item) =>
    item.type === 'function_call'
      ? [{ id: item.callId, toolName: item.name, input: parseArguments(item.arguments) }]
      : undefined,
  toMessage: (message) => ({ type: 'message', role: 'user', content: message.text }),
  userText: (item) => (isUserMessage(item) ? textOfParts(item.content, 'input_text') : undefined),
  withText: (item, text) => {
    if (!isUserMessage(item)) return item;
    const content =
      typeof item.content === 'string' ? text : replaceTextParts(item.content, text, 'input_text');
    return { ...item, content };
  },
};

/**
 * `items` without the hidden messages of `session` that the SDK persisted in its `Session` (it keeps
 * what the model saw, the filter's items included): they are placed again, at the same positions, by
 * the kit, so the model gets each once.
 */
export function withoutPersistedHiddenItems(
  session: ContextSession,
  items: AgentInputItem[],
): AgentInputItem[] {
  const hidden = session.hiddenMessages();
  if (hidden.length === 0) return items;
  const texts = new Set(hidden.map((message) => message.text));
  return items.filter(
    (item) => !(isUserMessage(item) && typeof item.content === 'string' && texts.has(item.content)),
  );
}

/** A function call's arguments (JSON text) as the tool got them; the text itself when it is not JSON. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** True for a user message item (text, images, files). */
export function isUserMessage(item: AgentInputItem): item is Extract<AgentInputItem, { role: 'user' }> {
  return item.type === 'message' && item.role === 'user';
}
