import { afterEach, describe, it } from 'vitest';
import { contextExtension } from '../../src/adapters/pi/index.js';
import {
  createHookRepository,
  createHookSession,
  expectHookScenario,
  hookScenarioCalls,
} from './hooks-scenario.shared.js';
import { describeMessages, startFauxPiAgent, textStep, toolCallStep } from './pi-faux-agent.js';

const disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

describe('pi contextExtension with hooks', () => {
  it('blocks with the PreToolUse stderr, places PostToolUse and SessionStart context as hidden messages', async () => {
    const root = await createHookRepository('agent-context-pi-hooks-');
    const session = createHookSession(root);
    const agent = await startFauxPiAgent(root, contextExtension(session), [
      ...hookScenarioCalls.map((call) => toolCallStep(call.name, { ...call.input }, call.id)),
      textStep('Done.'),
    ]);
    disposers.push(agent.dispose);
    await agent.session.prompt('Add a users migration, then format src/a.ts.');
    const lines = describeMessages(agent.requests[hookScenarioCalls.length]!);
    await expectHookScenario(root, lines, (line, id) => line.startsWith(`toolResult[${id}]`));
  });
});
