import { describe, it } from 'vitest';
import { withContext } from '../../src/adapters/ai-sdk/index.js';
import { describePrompt, majors, modes, runAgent } from './ai-sdk-majors.js';
import {
  createHookRepository,
  createHookSession,
  expectHookScenario,
  hookScenarioCalls,
} from './hooks-scenario.shared.js';

for (const major of majors) {
  for (const mode of modes) {
    describe(`ai-sdk adapter with hooks (${major.name}, ${mode})`, () => {
      it('blocks with the PreToolUse stderr, places PostToolUse and SessionStart context as hidden messages', async () => {
        const root = await createHookRepository('agent-context-ai-sdk-hooks-');
        const session = createHookSession(root);
        const { model, calls } = major.createModel([
          ...hookScenarioCalls.map((call) => ({ toolCalls: [call] })),
          { text: 'Done.' },
        ]);
        const agent = new major.ToolLoopAgent(withContext(session, { model }));
        await runAgent(agent, mode, { prompt: 'Add a users migration, then format src/a.ts.' });
        const lines = describePrompt(calls[hookScenarioCalls.length]!).map(
          (message) => `${message.role}: ${message.text}`,
        );
        await expectHookScenario(
          root,
          lines,
          (line, id) => line.startsWith('tool: ') && line.includes(`[result ${id}]`),
        );
      });
    });
  }
}
