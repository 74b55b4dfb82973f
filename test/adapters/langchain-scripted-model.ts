import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { AIMessage, createMiddleware, fakeModel } from 'langchain';

/** One scripted model response: text, or tool calls. */
export interface LangChainTurn {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; args: Record<string, unknown> }>;
}

/** Turns in order, or a function deciding the next turn from what the model was sent. */
export type LangChainScript = LangChainTurn[] | ((messages: BaseMessage[], index: number) => LangChainTurn);

/** What one model call was given, as the last middleware before the model saw it. */
export interface RecordedRequest {
  tools: string[];
  system: unknown;
}

/**
 * A `fakeModel()` that plays a script (answering `Script finished.` when it runs out, so a loop ends),
 * and a middleware to put after the context middleware that records each request's tools and system
 * message. `model.calls[i].messages` is what the model received (the system message first).
 */
export function scriptedModel(script: LangChainScript, maxCalls = 16) {
  const model = fakeModel();
  let index = 0;
  for (let call = 0; call < maxCalls; call += 1) {
    model.respond((messages) => {
      const turn = typeof script === 'function' ? script(messages, index) : script[index];
      index += 1;
      const next = turn ?? { text: 'Script finished.' };
      return new AIMessage({
        content: next.text ?? '',
        tool_calls: (next.toolCalls ?? []).map((toolCall) => ({ ...toolCall, type: 'tool_call' as const })),
      });
    });
  }
  const requests: RecordedRequest[] = [];
  const recorder = createMiddleware({
    name: 'Recorder',
    wrapModelCall: (request, handler) => {
      requests.push({
        tools: request.tools.map((tool) => String(tool.name)),
        system: request.systemMessage.content,
      });
      return handler(request);
    },
  });
  return { model, requests, recorder };
}

/** One line per message: type, then text; tool results as `[result ID] text`; tool calls listed. */
export function describeMessages(messages: readonly BaseMessage[]): string[] {
  return messages.map((message) => {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    if (ToolMessage.isInstance(message)) return `tool: [result ${message.tool_call_id}] ${content}`;
    const calls = (message as { tool_calls?: Array<{ id?: string; name: string }> }).tool_calls ?? [];
    const listed = calls.map((call) => ` <${call.name} ${call.id}>`).join('');
    return `${message.type}: ${content}${listed}`;
  });
}

/** The text of the tool result of `id` in a model call's messages. */
export function resultText(messages: readonly BaseMessage[], id: string): string | undefined {
  const message = messages.find((item) => ToolMessage.isInstance(item) && item.tool_call_id === id);
  return message === undefined ? undefined : String(message.content);
}
