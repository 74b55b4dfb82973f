import { describe, expect, it } from 'vitest';
import { processesWith, sleepMarker, waitUntil } from '../../../test/support/processes.js';
import { useTemporaryDirectory } from '../../../test/support/temporary-directory.js';
import type { AgentDefinition } from '../../agent-definitions/agent-definition.js';
import { commandGroup, writeHookRepository } from '../../hooks/hook-fixtures.test-support.js';
import { hooks } from '../../hooks/hooks.js';
import { createContextSession } from '../../session/context-session.js';
import { fileTools } from '../../tools/file-tools.js';
import { localWorkspace } from '../../workspace/local-workspace.js';
import { createSubAgentTools } from './create-sub-agent-tools.js';

const reviewer: AgentDefinition = {
  name: 'reviewer',
  description: 'Reviews a change.',
  prompt: 'Review it.',
  source: '.claude/agents/reviewer.md',
  diagnostics: [],
};

describe('a sub-agent call', () => {
  it("kills what the sub-agent's session started when the sub-agent fails, and leaves the host's session alive", async () => {
    const marker = sleepMarker();
    const root = await useTemporaryDirectory();
    await writeHookRepository(root, { PreToolUse: [commandGroup(`sleep ${marker} & sleep ${marker}`, '*')] });
    const host = createContextSession({
      workspace: localWorkspace(root),
      capabilities: [fileTools(), hooks({ run: true })],
    });
    let running: Promise<unknown> | undefined;
    const [tool] = createSubAgentTools(
      [reviewer],
      [],
      { model: 'model', session: host },
      {
        nameOf: (candidate: { name: string; call: () => Promise<string> }) => candidate.name,
        toTool: (plan, delegate) => ({
          name: plan.name,
          call: () =>
            delegate(async (nested) => {
              // The nested agent calls a tool through its own session (its hook starts), then fails.
              const run = await nested.session?.startRun();
              running = run?.executeTool({
                id: 'call-1',
                toolName: 'write_file',
                input: { path: 'a.txt', content: 'a' },
              });
              await waitUntil(() => processesWith(marker).length >= 2);
              throw new Error('the nested model call failed');
            }),
        }),
      },
    );
    const call = tool!.call();
    await expect(call).rejects.toThrow('the nested model call failed');
    await running;
    expect(processesWith(marker)).toEqual([]);
    expect(host.signal.aborted).toBe(false);
  });
});
