import type { ContextSession } from 'agent-context';
import type { LanguageModel } from 'ai';
import type { ModelCall } from './prompt-prefix.js';
import type { RecordedCall, Transcript } from './transcript.js';

type Model = Exclude<LanguageModel, string>;
type Content = RecordedCall['content'];
type StreamPart = {
  type: string;
  text?: string;
  delta?: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
  usage?: RecordedCall['usage'];
};

/**
 * Wrap the model so every call is recorded (and printed) with exactly what the model received: the
 * adapter (middleware or processor) runs outside this wrapper, so hidden messages and breakpoints are
 * included. A streamed answer is read whole before it is printed and handed on, so the transcript
 * shows the answer before anything its tool calls cause.
 */
export function recordCalls(model: Model, session: ContextSession, transcript: Transcript): Model {
  const inner = model as unknown as {
    doGenerate(params: ModelCall): Promise<{ content: Content; usage?: RecordedCall['usage'] }>;
    doStream(params: ModelCall): Promise<{ stream: ReadableStream<StreamPart> }>;
  };
  const record = (params: ModelCall, content: Content, usage: RecordedCall['usage']) => {
    const run = session.currentRun;
    if (run) transcript.call({ params, content, usage, run });
  };
  return new Proxy(model, {
    get(target, property) {
      if (property === 'doGenerate') {
        return async (params: ModelCall) => {
          const result = await inner.doGenerate.call(target, params);
          record(params, result.content, result.usage);
          return result;
        };
      }
      if (property === 'doStream') {
        return async (params: ModelCall) => {
          const result = await inner.doStream.call(target, params);
          const parts: StreamPart[] = [];
          const reader = result.stream.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
          record(params, streamedContent(parts), parts.find((part) => part.type === 'finish')?.usage);
          return {
            ...result,
            stream: new ReadableStream<StreamPart>({
              start(controller) {
                for (const part of parts) controller.enqueue(part);
                controller.close();
              },
            }),
          };
        };
      }
      const value = Reflect.get(target, property, target);
      // Provider models may use private fields: call their methods on the model itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The text and tool calls of a streamed answer, as a generated one would hold them. */
function streamedContent(parts: readonly StreamPart[]): Content {
  const text = parts
    .flatMap((part) => (part.type === 'text-delta' && part.delta ? [part.delta] : []))
    .join('');
  const toolCalls = parts
    .filter((part) => part.type === 'tool-call')
    .map((part) => ({
      type: 'tool-call',
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: part.input,
    }));
  return [...(text === '' ? [] : [{ type: 'text', text }]), ...toolCalls];
}
