import { Agent, type AgentInputItem, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { beforeAll, describe, it } from 'vitest';
import { runWithContext } from '../../src/adapters/openai-agents/index.js';
import {
  createHookRepository,
  createHookSession,
  expectHookScenario,
  hookScenarioCalls,
} from './hooks-scenario.shared.js';

beforeAll(() => setTracingDisabled(true));

/** Each input item of a model call as one line, tool results with their text. */
function outline(items: readonly AgentInputItem[]): string[] {
  return items.map((item) => {
    if (item.type === 'function_call') return `call ${item.callId}`;
    if (item.type === 'function_call_result') {
      const output = item.output as { text?: string } | string;
      return `result ${item.callId}: ${typeof output === 'string' ? output : output.text}`;
    }
    const content = (item as { content?: unknown }).content;
    return `${(item as { role?: string }).role}: ${typeof content === 'string' ? content : JSON.stringify(content)}`;
  });
}

for (const mode of ['run', 'stream'] as const) {
  describe(`openai-agents adapter with hooks (${mode})`, () => {
    it('blocks with the PreToolUse stderr, places PostToolUse and SessionStart context as hidden messages', async () => {
      const root = await createHookRepository('agent-context-openai-agents-hooks-');
      const session = createHookSession(root);
      const model = new ScriptedModel([
        ...hookScenarioCalls.map((call) => [functionCall(call.name, { ...call.input }, { callId: call.id })]),
        [assistantMessage('Done.')],
      ]);
      const agent = new Agent({ name: 'host', instructions: 'Host.', model });
      const prompt = 'Add a users migration, then format src/a.ts.';
      if (mode === 'run') await runWithContext(session, agent, prompt);
      else await (await runWithContext(session, agent, prompt, { stream: true })).completed;
      const lines = outline(model.calls[hookScenarioCalls.length]!.request.input as AgentInputItem[]);
      await expectHookScenario(root, lines, (line, id) => line.startsWith(`result ${id}:`));
    });
  });
}
