import type { LanguageModelMiddleware } from 'ai';

/** The call options a language model receives (the same shape in specification v3 and v4). */
export type ModelCallOptions = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];

/** One tool result a model call carries, its output as text (a non-string value as JSON). */
export interface SentToolResult {
  toolCallId: string;
  toolName: string;
  text: string;
}

/** The tool results a model call carries, in prompt order. */
export function sentToolResults(call: ModelCallOptions): SentToolResult[] {
  return call.prompt.flatMap((message) =>
    message.role !== 'tool'
      ? []
      : message.content.flatMap((part) => {
          if (part.type !== 'tool-result') return [];
          const output = part.output as { value?: unknown };
          const text = typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
          return [{ toolCallId: part.toolCallId, toolName: part.toolName, text }];
        }),
  );
}

/** The text of the result of one tool call in a model call, by tool-call id. */
export function resultText(call: ModelCallOptions, id: string): string | undefined {
  return sentToolResults(call).find((result) => result.toolCallId === id)?.text;
}

/** The text of the newest result of a tool in a model call; `''` when the tool has none. */
export function newestResult(call: ModelCallOptions, toolName: string): string {
  return sentToolResults(call).findLast((result) => result.toolName === toolName)?.text ?? '';
}

/** One scripted model response. */
export interface MockTurn {
  text?: string;
  toolCalls?: Array<{ id: string; name: string; input: Record<string, unknown> }>;
}

/** Turns in order, or a function deciding the next turn from what the model was sent. */
export type MockScript = MockTurn[] | ((call: ModelCallOptions, index: number) => MockTurn);

/** Every call a scripted model received, in order (generate and stream alike). */
export interface ScriptedBehaviour {
  calls: ModelCallOptions[];
  doGenerate(options: ModelCallOptions): Promise<unknown>;
  doStream(options: ModelCallOptions): Promise<unknown>;
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/**
 * `doGenerate` / `doStream` implementations for `MockLanguageModelV4` (ai 7) and `MockLanguageModelV3`
 * (ai 6): the result shapes the adapter relies on are identical in both specifications.
 * When the script runs out, the model answers `Script finished.` so a loop ends instead of hanging.
 */
export function scriptedBehaviour(script: MockScript): ScriptedBehaviour {
  const calls: ModelCallOptions[] = [];
  const next = (options: ModelCallOptions): MockTurn => {
    calls.push(options);
    const index = calls.length - 1;
    if (typeof script === 'function') return script(options, index);
    return script[index] ?? { text: 'Script finished.' };
  };
  return {
    calls,
    async doGenerate(options) {
      const turn = next(options);
      const toolCalls = turn.toolCalls ?? [];
      return {
        content: [
          ...(turn.text === undefined ? [] : [{ type: 'text', text: turn.text }]),
          ...toolCalls.map((call) => ({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.name,
            input: JSON.stringify(call.input),
          })),
        ],
        finishReason: { unified: toolCalls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
    async doStream(options) {
      const turn = next(options);
      const toolCalls = turn.toolCalls ?? [];
      const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
      if (turn.text !== undefined) {
        parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: turn.text });
        parts.push({ type: 'text-end', id: 't' });
      }
      for (const call of toolCalls) {
        const input = JSON.stringify(call.input);
        parts.push({ type: 'tool-input-start', id: call.id, toolName: call.name });
        parts.push(
          { type: 'tool-input-delta', id: call.id, delta: input },
          { type: 'tool-input-end', id: call.id },
        );
        parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input });
      }
      parts.push({
        type: 'finish',
        finishReason: { unified: toolCalls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage,
      });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
