import { describe, expect, it } from 'vitest';
import type { ContextEvent } from '../../session/capability.js';
import { createContextSession } from '../../session/context-session.js';
import { memoryWorkspace } from '../../workspace/memory-workspace.js';
import { budgetBreakpoints } from './cache-breakpoints.js';
import { composeToolList, offeredCapabilityTools, withCapabilityTools } from './tool-list.js';

async function runWithTools(names: string[]) {
  const events: ContextEvent[] = [];
  const session = createContextSession({
    workspace: memoryWorkspace({}),
    capabilities: [
      {
        name: 'toolbox',
        tools: () =>
          names.map((name) => ({
            name,
            description: name,
            inputSchema: { type: 'object' as const },
            execute: () => name,
          })),
      },
    ],
  });
  session.on((event) => events.push(event));
  return { run: await session.startRun(), events };
}

describe('composeToolList', () => {
  it('puts the host first, skips a taken name, and reports it once per run however often it is built', async () => {
    const { run, events } = await runWithTools(['read', 'notes']);
    const shape = {
      wrapHostTool: (name: string) => `host:${name}`,
      toTool: (definition: { name: string }) => `own:${definition.name}`,
    };
    const host: Array<[string, string]> = [['read', 'r']];
    const first = composeToolList(host, run, { adapter: 'toy', hostToolHooks: true }, shape);
    composeToolList(host, run, { adapter: 'toy', hostToolHooks: true }, shape);
    expect(first).toEqual([
      ['read', 'host:read'],
      ['notes', 'own:notes'],
    ]);
    expect(composeToolList(host, run, { adapter: 'toy', hostToolHooks: false }, shape)[0]).toEqual([
      'read',
      'r',
    ]);
    const taken = events.filter(
      (event) => event.type === 'diagnostic' && event.diagnostic?.code === 'tool-name-taken',
    );
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ capability: 'toy', reason: 'run-start' });
    expect(offeredCapabilityTools(run, () => false, 'toy').map((tool) => tool.name)).toEqual([
      'read',
      'notes',
    ]);
  });

  it('adds the capability tools to a host list of active tools, once each', () => {
    expect(withCapabilityTools(['read'], ['notes', 'read'])).toEqual(['read', 'notes']);
  });
});

describe('budgetBreakpoints', () => {
  it('counts the host first, then the instruction breakpoint, then the rolling one, four in all', () => {
    expect(budgetBreakpoints(2, { instructions: 1, rolling: true })).toMatchObject({
      instructions: 1,
      rolling: true,
    });
    expect(budgetBreakpoints(3, { instructions: 1, rolling: true })).toMatchObject({
      instructions: 1,
      rolling: false,
      skippedRolling: true,
    });
    expect(budgetBreakpoints(4, { instructions: 1, rolling: false })).toMatchObject({
      instructions: 0,
      droppedInstructions: true,
      skippedRolling: false,
    });
  });
});
