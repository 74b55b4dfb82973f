import type { AiSdkMajor } from './ai-sdk-majors.js';
import type { ModelCallOptions } from './scripted-mock-model.js';

// biome-ignore lint/suspicious/noExplicitAny: one helper type serves the ai 6 and ai 7 signatures
type Loose = any;

export type Mode = 'generate' | 'stream';
export const modes: Mode[] = ['generate', 'stream'];

/** Run an agent once in the given mode and return the messages to append to the history. */
export async function runAgent(agent: InstanceType<AiSdkMajor['ToolLoopAgent']>, mode: Mode, call: object) {
  if (mode === 'generate') {
    const result = await agent.generate(call);
    return { text: result.text as string, messages: allResponseMessages(result) };
  }
  const result = await agent.stream(call);
  await result.consumeStream();
  return { text: (await result.text) as string, messages: await allResponseMessages(result) };
}

/** Run `generateText` or `streamText` of the major in the given mode. */
export async function runCall(major: AiSdkMajor, mode: Mode, options: object) {
  if (mode === 'generate') {
    const result = await major.generateText(options);
    return { text: result.text as string, messages: allResponseMessages(result) };
  }
  const result = major.streamText(options);
  await result.consumeStream();
  return { text: (await result.text) as string, messages: await allResponseMessages(result) };
}

/**
 * The messages of every step of a call: `responseMessages` in ai 7 (where `response.messages` holds
 * only the last step's), `response.messages` in ai 6. Awaitable for stream results.
 */
function allResponseMessages(result: Loose): Loose {
  if ('responseMessages' in result) return result.responseMessages;
  return 'then' in result.response
    ? result.response.then((response: Loose) => response.messages)
    : result.response.messages;
}

/** The text of every message of a model call, by role, for assertions on what the model saw. */
export function describePrompt(call: ModelCallOptions): Array<{ role: string; text: string }> {
  return call.prompt.map((message) => ({
    role: message.role,
    text:
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) => {
              if (part.type === 'text') return part.text;
              if (part.type === 'tool-call') return `[call ${part.toolName} ${part.toolCallId}]`;
              if (part.type === 'tool-result') {
                const output = part.output as { type: string; value?: unknown };
                return `[result ${part.toolCallId}] ${typeof output.value === 'string' ? output.value : JSON.stringify(output.value)}`;
              }
              return `[${part.type}]`;
            })
            .join(' '),
  }));
}
