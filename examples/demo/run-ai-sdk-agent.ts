import { loadAgentDefinitions } from 'agent-context';
import { subAgentTools, withContext } from 'agent-context/ai-sdk';
import { isStepCount, type ModelMessage, ToolLoopAgent } from 'ai';
import type { DemoAgentOptions } from './demo-agent-options.js';
import { recordCalls } from './record-calls.js';
import { runTestsTool } from './run-tests-tool.js';

/**
 * The user turns through an AI SDK `ToolLoopAgent` wrapped by `withContext`, history kept between
 * turns. The repository's sub-agents (`.claude/agents/*.md`) are tools too, each running in its own
 * session over the same capabilities.
 */
export async function runAiSdkAgent(options: DemoAgentOptions): Promise<void> {
  const { items } = await loadAgentDefinitions(options.session.workspace);
  const subAgents = subAgentTools(items, { model: options.subAgentModel, session: options.session });
  const agent = new ToolLoopAgent(
    withContext(options.session, {
      model: recordCalls(options.model, options.session, options.transcript),
      instructions: options.instructions,
      tools: { run_tests: runTestsTool(options.repository), ...subAgents },
      stopWhen: isStepCount(options.maxSteps),
    }),
  );
  const history: ModelMessage[] = [];
  for (const turn of options.userTurns) {
    history.push({ role: 'user', content: turn });
    const result = await agent.generate({ messages: [...history] });
    history.push(...result.responseMessages);
  }
}
