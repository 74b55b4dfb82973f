import * as ai6 from 'ai6';
import { MockLanguageModelV3 } from 'ai6/test';
import { expect, it, vi } from 'vitest';
import { scriptedBehaviour } from './scripted-mock-model.js';
import { describeSubAgentTools } from './sub-agent-tools.shared.js';

// The adapter imports `ai`; here that import is ai 6, as for a user on Node 20, so the nested
// ToolLoopAgent the sub-agent tools build is ai 6's own.
vi.mock('ai', async () => await import('ai6'));

describeSubAgentTools(
  {
    name: 'ai 6',
    createModel(script) {
      const behaviour = scriptedBehaviour(script);
      return { model: new MockLanguageModelV3(behaviour as never), calls: behaviour.calls };
    },
    ToolLoopAgent: ai6.ToolLoopAgent as never,
  },
  ['generate', 'stream'],
);

it('runs the adapter on ai 6 in this file', async () => {
  expect((await import('ai')).ToolLoopAgent).toBe(ai6.ToolLoopAgent);
});
