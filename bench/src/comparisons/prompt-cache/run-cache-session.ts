import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { isStepCount, jsonSchema, type LanguageModelMiddleware, ToolLoopAgent } from 'ai';
import type { Capability } from '../../../../src/session/capability.js';
import {
  type RecordedRequest,
  startScriptedProviderServer,
} from '../../../../test/wire/scripted-provider-server.js';
import { microsecondsSince, now } from '../../harness/run-alternating.js';
import type { AgentContext, AiSdkAdapter } from '../../library.js';
import { type CodingTurn, commandOutput, commandToolName } from './coding-session-script.js';

/** One configuration of the prompt-cache comparison. */
export interface CacheConfiguration {
  key: string;
  name: string;
  /** The short label of the chart's legend. */
  chartLabel: string;
  /** What is configured, in words, for the report. */
  description: string;
  /** The session's capabilities, and for the baseline a model middleware of the bench's own. */
  build(library: AgentContext): { capabilities: Capability[]; middleware?: LanguageModelMiddleware };
}

/** What one session through the real Anthropic provider produced. */
export interface CacheSessionRun {
  requests: RecordedRequest[];
  milliseconds: number;
  /** Events the session emitted, by type (`loaded`, `offloaded`, ...). */
  events: Record<string, number>;
}

/** The host's own system prompt: long enough, with the tools, to pass the 1,024-token cache minimum. */
export const hostInstructions = [
  'You are a careful coding agent working in a TypeScript monorepo.',
  ...Array.from(
    { length: 24 },
    (_, index) =>
      `Rule ${index + 1}: read the relevant files before changing them, keep changes small, run the tests of the package you touched, and explain what you changed and why in one short paragraph.`,
  ),
].join('\n');

/**
 * Run the scripted session once under one configuration: a recording server on 127.0.0.1 speaks the
 * Anthropic Messages API, the real `@ai-sdk/anthropic` provider talks to it, and a `ToolLoopAgent`
 * connected with `withContext(session, ...)` runs until the script's final answer. The host adds one
 * tool of its own (`run_command`) whose outputs are large.
 */
export async function runCacheSession(
  library: AgentContext,
  adapter: AiSdkAdapter,
  configuration: CacheConfiguration,
  root: string,
  turns: readonly CodingTurn[],
): Promise<CacheSessionRun> {
  const server = await startScriptedProviderServer({ script: (request) => turns[request.index] });
  try {
    const { capabilities, middleware } = configuration.build(library);
    const session = library.createContextSession({ workspace: library.localWorkspace(root), capabilities });
    const events: Record<string, number> = {};
    session.on((event) => {
      events[event.type] = (events[event.type] ?? 0) + 1;
    });
    const provider = createAnthropic({ baseURL: server.baseURL, apiKey: 'bench' })('claude-sonnet-4-5');
    const model = middleware ? adapter.wrapModel(provider, middleware) : provider;
    const runCommand = {
      description: 'Run a shell command in the repository and return its output.',
      inputSchema: jsonSchema<{ command: string }>({
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
      }),
      execute: async ({ command }: { command: string }) => commandOutput(command),
    };
    const agent = new ToolLoopAgent(
      adapter.withContext(session, {
        model,
        instructions: hostInstructions,
        tools: { [commandToolName]: runCommand },
        stopWhen: isStepCount(turns.length),
        maxRetries: 0,
      }),
    );
    const start = now();
    await agent.generate({ prompt: 'The tests fail in several packages. Find out why and fix them.' });
    const milliseconds = microsecondsSince(start) / 1_000;
    if (server.errors.length > 0) throw new Error(`scripted server errors: ${server.errors.join('; ')}`);
    if (server.requests.length !== turns.length) {
      throw new Error(`expected ${turns.length} requests, the server got ${server.requests.length}`);
    }
    return { requests: [...server.requests], milliseconds, events };
  } finally {
    await server.close();
    // Offloaded results stay on disk by design; the next session must start from the same tree.
    rmSync(join(root, '.context'), { recursive: true, force: true });
  }
}
