/**
 * Provider wire formats for the scripted server: one scripted turn rendered as the JSON body (or the
 * server-sent events) that Anthropic Messages, OpenAI Responses, OpenAI Chat Completions and the Gemini
 * API (`generateContent`) return.
 * Only the fields the official AI SDK providers read are produced; values are deterministic.
 */

/** The HTTP APIs the scripted server speaks, chosen by request path. */
export type WireProtocol = 'anthropic-messages' | 'openai-responses' | 'openai-chat' | 'gemini';

/** A tool call the scripted model makes. `input` is sent as the provider's JSON arguments. */
export interface ScriptedToolCall {
  /** The provider's tool-call id; pick ids that are unique within the session. */
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** One model response. A turn with tool calls finishes with the provider's tool-use stop reason. */
export interface ScriptedTurn {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Reported usage. Default: input tokens estimated as a quarter of the request body's characters. */
  usage?: { inputTokens: number; outputTokens: number };
}

/** One server-sent event: `event` is omitted for OpenAI Chat, which sends bare `data:` lines. */
export interface ServerSentEvent {
  event?: string;
  data: unknown;
}

/** Everything a renderer needs besides the turn. */
export interface RenderContext {
  /** 0-based index of the request in the session; makes ids unique. */
  index: number;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** The JSON body of a non-streaming response. */
export function renderResponseBody(
  protocol: WireProtocol,
  turn: ScriptedTurn,
  context: RenderContext,
): unknown {
  const toolCalls = turn.toolCalls ?? [];
  const text = turn.text ?? '';
  if (protocol === 'anthropic-messages') {
    return {
      id: `msg_${context.index}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [
        ...(text === '' ? [] : [{ type: 'text', text }]),
        ...toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.input })),
      ],
      stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: context.inputTokens, output_tokens: context.outputTokens },
    };
  }
  if (protocol === 'gemini') return geminiResponse(turn, context);
  if (protocol === 'openai-responses') {
    return {
      id: `resp_${context.index}`,
      object: 'response',
      created_at: 1_700_000_000 + context.index,
      model: context.model,
      status: 'completed',
      error: null,
      incomplete_details: null,
      output: [
        ...(text === '' ? [] : [responsesMessageItem(context.index, text)]),
        ...toolCalls.map((call, position) => responsesFunctionCall(context.index, position, call)),
      ],
      usage: responsesUsage(context),
    };
  }
  return {
    id: `chatcmpl_${context.index}`,
    object: 'chat.completion',
    created: 1_700_000_000 + context.index,
    model: context.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text === '' ? null : text,
          ...(toolCalls.length > 0 && {
            tool_calls: toolCalls.map((call) => ({
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.input) },
            })),
          }),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: chatUsage(context),
  };
}

/** An OpenAI Responses `message` output item holding one text part. */
export function responsesMessageItem(index: number, text: string) {
  return {
    type: 'message',
    id: `msg_${index}`,
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** An OpenAI Responses `function_call` output item (`id` unique per request, `call_id` the tool-call id). */
export function responsesFunctionCall(index: number, position: number, call: ScriptedToolCall) {
  return {
    type: 'function_call',
    id: `fc_${index}_${position}`,
    call_id: call.id,
    name: call.name,
    arguments: JSON.stringify(call.input),
    status: 'completed',
  };
}

/** The usage object of an OpenAI Responses response. */
export function responsesUsage(context: RenderContext) {
  return {
    input_tokens: context.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: context.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: context.inputTokens + context.outputTokens,
  };
}

/** The usage object of an OpenAI Chat Completions response. */
export function chatUsage(context: RenderContext) {
  return {
    prompt_tokens: context.inputTokens,
    completion_tokens: context.outputTokens,
    total_tokens: context.inputTokens + context.outputTokens,
  };
}

/**
 * A Gemini `GenerateContentResponse`: one candidate whose parts are the text and the `functionCall`s.
 * Streaming sends the same object as the one event of the stream.
 */
export function geminiResponse(turn: ScriptedTurn, context: RenderContext) {
  const text = turn.text ?? '';
  const parts = [
    ...(text === '' ? [] : [{ text }]),
    ...(turn.toolCalls ?? []).map((call) => ({
      functionCall: { id: call.id, name: call.name, args: call.input },
    })),
  ];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: context.inputTokens,
      candidatesTokenCount: context.outputTokens,
      totalTokenCount: context.inputTokens + context.outputTokens,
    },
    modelVersion: context.model,
    responseId: `gemini_${context.index}`,
  };
}
