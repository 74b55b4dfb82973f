import {
  chatUsage,
  geminiResponse,
  type RenderContext,
  responsesFunctionCall,
  responsesMessageItem,
  responsesUsage,
  type ScriptedTurn,
  type ServerSentEvent,
  type WireProtocol,
} from './wire-formats.js';

/**
 * The server-sent events of a streaming response, in the order the provider sends them: Anthropic and
 * OpenAI Responses name each event (`event:` line), OpenAI Chat sends bare `data:` lines ending in `[DONE]`,
 * Gemini (`alt=sse`) one bare `data:` line per response chunk (here the whole response in one).
 */
export function renderStreamEvents(
  protocol: WireProtocol,
  turn: ScriptedTurn,
  context: RenderContext,
): ServerSentEvent[] {
  if (protocol === 'anthropic-messages') return anthropicEvents(turn, context);
  if (protocol === 'openai-responses') return responsesEvents(turn, context);
  if (protocol === 'gemini') return [{ data: geminiResponse(turn, context) }];
  return chatEvents(turn, context);
}

function anthropicEvents(turn: ScriptedTurn, context: RenderContext): ServerSentEvent[] {
  const toolCalls = turn.toolCalls ?? [];
  const events: ServerSentEvent[] = [];
  const add = (event: string, data: Record<string, unknown>) =>
    events.push({ event, data: { type: event, ...data } });
  add('message_start', {
    message: {
      id: `msg_${context.index}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [],
      stop_reason: null,
      usage: { input_tokens: context.inputTokens, output_tokens: 1 },
    },
  });
  let index = 0;
  if (turn.text) {
    add('content_block_start', { index, content_block: { type: 'text', text: '' } });
    add('content_block_delta', { index, delta: { type: 'text_delta', text: turn.text } });
    add('content_block_stop', { index });
    index += 1;
  }
  for (const call of toolCalls) {
    add('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    });
    add('content_block_delta', {
      index,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
    });
    add('content_block_stop', { index });
    index += 1;
  }
  add('message_delta', {
    delta: { stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: context.outputTokens },
  });
  add('message_stop', {});
  return events;
}

function responsesEvents(turn: ScriptedTurn, context: RenderContext): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const add = (event: string, data: Record<string, unknown>) =>
    events.push({ event, data: { type: event, ...data } });
  const response = {
    id: `resp_${context.index}`,
    created_at: 1_700_000_000 + context.index,
    model: context.model,
  };
  add('response.created', { response });
  // The completed response lists every output item, as the API does (the Agents SDK reads them there).
  const output: unknown[] = [];
  let outputIndex = 0;
  if (turn.text) {
    const item = responsesMessageItem(context.index, turn.text);
    add('response.output_item.added', { output_index: outputIndex, item: { ...item, content: [] } });
    add('response.output_text.delta', { item_id: item.id, output_index: outputIndex, delta: turn.text });
    add('response.output_item.done', { output_index: outputIndex, item });
    output.push(item);
    outputIndex += 1;
  }
  for (const [position, call] of (turn.toolCalls ?? []).entries()) {
    const item = responsesFunctionCall(context.index, position, call);
    add('response.output_item.added', { output_index: outputIndex, item: { ...item, arguments: '' } });
    add('response.function_call_arguments.delta', {
      item_id: item.id,
      output_index: outputIndex,
      delta: item.arguments,
    });
    add('response.output_item.done', { output_index: outputIndex, item });
    output.push(item);
    outputIndex += 1;
  }
  add('response.completed', {
    response: { ...response, output, incomplete_details: null, usage: responsesUsage(context) },
  });
  return events;
}

function chatEvents(turn: ScriptedTurn, context: RenderContext): ServerSentEvent[] {
  const toolCalls = turn.toolCalls ?? [];
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): ServerSentEvent => ({
    data: {
      id: `chatcmpl_${context.index}`,
      object: 'chat.completion.chunk',
      created: 1_700_000_000 + context.index,
      model: context.model,
      choices,
      ...extra,
    },
  });
  const events = [
    chunk([{ index: 0, delta: { role: 'assistant', content: turn.text ?? '' }, finish_reason: null }]),
  ];
  for (const [position, call] of toolCalls.entries()) {
    const function_ = { name: call.name, arguments: JSON.stringify(call.input) };
    const toolCall = { index: position, id: call.id, type: 'function', function: function_ };
    events.push(chunk([{ index: 0, delta: { tool_calls: [toolCall] }, finish_reason: null }]));
  }
  const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  events.push(chunk([{ index: 0, delta: {}, finish_reason: finishReason }]));
  events.push(chunk([], { usage: chatUsage(context) }));
  events.push({ data: '[DONE]' });
  return events;
}
