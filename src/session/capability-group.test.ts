import { describe, expect, it } from 'vitest';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import type { Capability, ContextEvent } from './capability.js';
import { capabilityGroup, isCapabilityGroup } from './capability-group.js';
import { createContextSession } from './context-session.js';

/** A capability with one instruction line and one tool, both named after it. */
function named(name: string, toolName = `${name}_tool`): Capability {
  return {
    name,
    instructions: () => `${name} instructions`,
    tools: () => [
      {
        name: toolName,
        description: `The ${name} tool.`,
        inputSchema: { type: 'object', properties: {} },
        execute: () => `${name} ran`,
      },
    ],
  };
}

const workspace = () => memoryWorkspace({});

describe('capabilityGroup', () => {
  it('stands for its members in their place, nested groups included, in order', async () => {
    const inner = capabilityGroup('inner', [named('b'), named('c')]);
    const outer = capabilityGroup('outer', [inner, named('d')]);
    const session = createContextSession({
      workspace: workspace(),
      capabilities: [named('a'), outer, named('e')],
    });

    expect(session.capabilities.map((capability) => capability.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const run = await session.startRun();
    expect(run.instructionBlocks.map((block) => block.capability)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(run.tools.map((tool) => tool.name)).toEqual(['a_tool', 'b_tool', 'c_tool', 'd_tool', 'e_tool']);
    expect(isCapabilityGroup(outer)).toBe(true);
    expect(isCapabilityGroup(named('x'))).toBe(false);
    expect(isCapabilityGroup({ name: 'plain', capabilities: [] })).toBe(false);
  });

  it('keeps its members when the list it was given changes later', () => {
    const members = [named('a')];
    const group = capabilityGroup('g', members);
    members.push(named('b'));
    expect(group.capabilities.map((capability) => capability.name)).toEqual(['a']);
    expect(Object.isFrozen(group.capabilities)).toBe(true);
  });

  it('treats members as configured: a duplicate name or tool name is a caller mistake, thrown', async () => {
    expect(() =>
      createContextSession({
        workspace: workspace(),
        capabilities: [named('a'), capabilityGroup('g', [named('a', 'other_tool')])],
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('"a"') }));

    const clash = createContextSession({
      workspace: workspace(),
      capabilities: [named('a', 'shared'), capabilityGroup('g', [named('b', 'shared')])],
    });
    await expect(clash.startRun()).rejects.toMatchObject({
      code: 'invalid-option',
      reason: 'duplicate tool name',
    });
  });

  it('differs from a contributed capability, which is checked at run start and skipped when it clashes', async () => {
    const contributor: Capability = { name: 'contributor', capabilities: () => [named('a', 'shared')] };
    const session = createContextSession({
      workspace: workspace(),
      capabilities: [capabilityGroup('g', [named('b', 'shared')]), contributor],
    });
    const events: ContextEvent[] = [];
    session.on((event) => events.push(event));
    const run = await session.startRun();
    expect(run.tools.map((tool) => tool.name)).toEqual(['shared']);
    expect(run.tools[0]!.description).toBe('The b tool.');
    expect(events.filter((event) => event.type === 'skipped').map((event) => event.message)).toEqual([
      'Tool "shared" of a was skipped: the name is already used by b.',
    ]);
  });
});
