import type { DemoAgentOptions } from './demo-agent-options.js';
import { recordCalls } from './record-calls.js';
import { runTests, runTestsDescription, runTestsInput } from './run-tests-tool.js';

/**
 * The user turns through a Mastra `Agent` with agent-context's input processor. Mastra's own
 * messages (`result.messages`) are passed back as the history, as the adapter's docs advise. Mastra
 * is imported here, when chosen, so the default demo never loads it.
 */
export async function runMastraAgent(options: DemoAgentOptions): Promise<void> {
  const [{ Agent }, { createTool }, { contextProcessor }] = await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/core/tools'),
    import('agent-context/mastra'),
  ]);
  const runTestsTool = createTool({
    id: 'run_tests',
    description: runTestsDescription,
    inputSchema: runTestsInput,
    execute: async ({ workspace }) => runTests(options.repository, workspace),
  });
  const agent = new Agent({
    id: 'harbor-coder',
    name: 'harbor-coder',
    instructions: options.instructions,
    // Mastra types models against its own copy of the AI SDK's provider types.
    model: recordCalls(options.model, options.session, options.transcript) as never,
    tools: { run_tests: runTestsTool },
    inputProcessors: [contextProcessor(options.session)],
  });
  let history: unknown[] = [];
  for (const turn of options.userTurns) {
    const input = [...history, { role: 'user', content: turn }];
    history = (await agent.generate(input as never, { maxSteps: options.maxSteps })).messages;
  }
}
