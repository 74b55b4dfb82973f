import * as ai7 from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as ai6 from 'ai6';
import { MockLanguageModelV3 } from 'ai6/test';
import { type MockScript, type ModelCallOptions, scriptedBehaviour } from './scripted-mock-model.js';

/** The two majors' types differ in detail; tests drive both through one loose shape. */
// biome-ignore lint/suspicious/noExplicitAny: one helper type serves the ai 6 and ai 7 signatures
type Loose = any;

/** How a test drives one AI SDK major: its own functions and its official mock model. */
export interface AiSdkMajor {
  name: 'ai 7' | 'ai 6';
  /** A mock model of the major's specification (v4 / v3) playing `script`, and the calls it received. */
  createModel(script: MockScript): { model: Loose; calls: ModelCallOptions[] };
  ToolLoopAgent: new (
    settings: Loose,
  ) => {
    generate(call: Loose): Promise<Loose>;
    stream(call: Loose): Promise<Loose>;
  };
  generateText(options: Loose): Promise<Loose>;
  streamText(options: Loose): Loose;
  stepCount(count: number): unknown;
}

export const majors: AiSdkMajor[] = [
  {
    name: 'ai 7',
    createModel(script) {
      const behaviour = scriptedBehaviour(script);
      return { model: new MockLanguageModelV4(behaviour as never), calls: behaviour.calls };
    },
    ToolLoopAgent: ai7.ToolLoopAgent as never,
    generateText: ai7.generateText as never,
    streamText: ai7.streamText as never,
    stepCount: ai7.isStepCount,
  },
  {
    name: 'ai 6',
    createModel(script) {
      const behaviour = scriptedBehaviour(script);
      return { model: new MockLanguageModelV3(behaviour as never), calls: behaviour.calls };
    },
    ToolLoopAgent: ai6.ToolLoopAgent as never,
    generateText: ai6.generateText as never,
    streamText: ai6.streamText as never,
    stepCount: ai6.stepCountIs,
  },
];

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
