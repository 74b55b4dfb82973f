import type { ContextSession } from 'agent-context';
import type { LanguageModel } from 'ai';
import type { Transcript } from './transcript.js';

/** The agent frameworks the demo runs in; the AI SDK is the default. */
export const frameworks = ['ai-sdk', 'mastra', 'openai-agents'] as const;
export type Framework = (typeof frameworks)[number];

/** What the demo hands to the agent of each framework. */
export interface DemoAgentOptions {
  session: ContextSession;
  transcript: Transcript;
  /** The temporary copy of the example repository the agent works in. */
  repository: string;
  /** An AI SDK language model (the AI SDK and Mastra run it; the OpenAI Agents SDK plays the script itself). */
  model: Exclude<LanguageModel, string>;
  /** The model of the repository's sub-agents (the AI SDK agent delegates to them). */
  subAgentModel: Exclude<LanguageModel, string>;
  instructions: string;
  userTurns: readonly string[];
  /** Model calls allowed per user turn. */
  maxSteps: number;
}
