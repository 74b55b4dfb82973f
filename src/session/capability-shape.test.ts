import { describe, expect, it } from 'vitest';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import type { Capability, ContextEvent } from './capability.js';
import { capabilityShapeProblem, toolShapeProblem } from './capability-shape.js';
import { createContextSession } from './context-session.js';

describe('capability shape', () => {
  it('names the first problem of a capability or a tool, and nothing for a good one', () => {
    expect(capabilityShapeProblem({ name: 'ok', tools: () => [] })).toBeUndefined();
    expect(capabilityShapeProblem({ name: '' })).toBe(
      'capability name must be a non-empty string, got a string ("")',
    );
    expect(capabilityShapeProblem({ name: 'x', onTouch: 3 })).toBe(
      'onTouch must be a method, got a number (3)',
    );
    const tool = { name: 'go', description: 'Go.', inputSchema: { type: 'object' }, execute: () => 'went' };
    expect(toolShapeProblem(tool, 1)).toBeUndefined();
    expect(toolShapeProblem(tool, 1, new Set(['go']))).toBe('tool "go": duplicate tool name');
    expect(toolShapeProblem({ ...tool, inputSchema: { type: 'string' } }, 2)).toContain(
      'inputSchema must be',
    );
  });

  it('skips a contributed capability or tool that breaks the shape at run start, with a diagnostic', async () => {
    const tool = { name: 'go', description: 'Go.', inputSchema: { type: 'object' }, execute: () => 'went' };
    const contributor: Capability = {
      name: 'contributor',
      capabilities: () => [
        { name: 'broken', instructions: 'not a function' } as unknown as Capability,
        { name: 'tools', tools: () => [tool, { ...tool, name: 'bad', description: '' }] },
      ],
    };
    const session = createContextSession({ workspace: memoryWorkspace({}), capabilities: [contributor] });
    const skipped: string[] = [];
    session.on((event: ContextEvent) => {
      if (event.type === 'skipped') skipped.push(event.message);
    });
    const run = await session.startRun();
    expect(run.capabilities.map((capability) => capability.name)).toEqual(['contributor', 'tools']);
    expect(run.tools.map((definition) => definition.name)).toEqual(['go']);
    expect(skipped).toEqual([
      'A capability contributed by contributor was skipped: instructions must be a method, got a string ("not a function").',
      'Tool "bad" of tools was skipped: tool "bad": description must be a non-empty string.',
    ]);
  });
});
