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

// The run helpers import no AI SDK major, so a test that swaps `ai` for ai 6 can use them too.
export { describePrompt, type Mode, modes, runAgent, runCall } from './ai-sdk-runs.js';
