import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import type { ContextEvent, Run, ToolDefinition } from '../session/capability.js';
import { createContextSession } from '../session/context-session.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { capabilityCreation } from './capability-creation.js';
import { capabilityCreationGuidance } from './capability-guidance.js';
import { validationRun } from './inspect-capability.js';

const greeter = `export default {
  name: 'greeter',
  instructions: () => 'Greet the user by name.',
  tools: () => [{
    name: 'greet',
    description: 'Greet someone.',
    inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
    execute: ({ who }: { who: string }) => 'Hello, ' + who + '!',
  }],
};`;

function recordingRun(events: ContextEvent[]): Run {
  return { ...validationRun(), index: 1, emit: (event: ContextEvent) => events.push(event) };
}

async function setup(guidance?: string) {
  const directory = join(await useTemporaryDirectory('capability-creation-'), 'capabilities');
  const creation = capabilityCreation(guidance === undefined ? { directory } : { directory, guidance });
  const events: ContextEvent[] = [];
  const run = recordingRun(events);
  const tools = (await creation.tools?.(run)) ?? [];
  const call = async (toolName: string, input: unknown) => {
    const tool = tools.find((candidate) => candidate.name === toolName) as ToolDefinition;
    return tool.execute(input, { callId: 'call_1', run, touch: () => undefined });
  };
  return { directory, creation, events, run, tools, call };
}

describe('capabilityCreation', () => {
  it('gives the four authoring tools and the default guidance', async () => {
    const { creation, run, tools } = await setup();
    expect(tools.map((tool) => tool.name)).toEqual([
      'author_capability',
      'list_authored_capabilities',
      'disable_authored_capability',
      'enable_authored_capability',
    ]);
    const instructions = await creation.instructions?.(run);
    expect(instructions).toBe(capabilityCreationGuidance);
    expect(capabilityCreationGuidance).toContain('live only from the next run');
  });

  it('leaves the guidance out with an empty string and replaces it with another', async () => {
    const silent = await setup('');
    expect(await silent.creation.instructions?.(silent.run)).toBeUndefined();
    const custom = await setup('Only author capabilities when asked.');
    expect(await custom.creation.instructions?.(custom.run)).toBe('Only author capabilities when asked.');
  });

  it('authors a capability, says it is live from the next run, and reports an authored event', async () => {
    const { call, events, directory } = await setup();
    const output = await call('author_capability', { name: 'greeter', code: greeter });
    expect(output).toBe(
      'Capability "greeter" is validated and saved (export default; tools: greet; 1 instruction block). It will be live from the next run, not in this one.',
    );
    expect(await readFile(join(directory, 'greeter.ts'), 'utf8')).toBe(greeter);
    expect(events).toEqual([
      expect.objectContaining({ type: 'authored', reason: 'authoring', capability: 'capability-creation' }),
    ]);
  });

  it('answers a validation failure with what to fix and to author again under the same name', async () => {
    const { call } = await setup();
    await expect(call('author_capability', { name: 'empty', code: 'export const x = 1;' })).rejects.toThrow(
      'Capability "empty" failed validation: no capability export found\nThe code is saved (empty.ts) but will not be loaded. Fix the problem and call author_capability again with the name "empty".',
    );
  });

  it('answers a bad name and a missing code as tool errors', async () => {
    const { call } = await setup();
    await expect(call('author_capability', { name: 'Bad-Name', code: greeter })).rejects.toThrow(
      /^Invalid capability name "Bad-Name"/,
    );
    await expect(call('author_capability', { name: 'greeter' })).rejects.toThrow(
      'author_capability needs "code": the module as a string.',
    );
  });

  it('lists, disables and enables authored capabilities, and names the known ones for an unknown name', async () => {
    const { call } = await setup();
    await call('author_capability', { name: 'greeter', code: greeter });
    expect(await call('disable_authored_capability', { name: 'greeter' })).toBe(
      'Capability "greeter" is disabled: its code stays saved, and it will not be loaded from the next run on.',
    );
    const listed = (await call('list_authored_capabilities', {})) as { capabilities: unknown[] };
    expect(listed.capabilities).toEqual([
      { name: 'greeter', status: 'disabled', lastError: null, updatedAt: expect.any(String) },
    ]);
    expect(await call('enable_authored_capability', { name: 'greeter' })).toBe(
      'Capability "greeter" is enabled and validated (export default; tools: greet; 1 instruction block). It will be live from the next run.',
    );
    await expect(call('disable_authored_capability', { name: 'nobody' })).rejects.toThrow(
      'No authored capability is named "nobody" (known: greeter).',
    );
  });

  it('contributes the active authored capabilities at run start with a loaded event each', async () => {
    const { creation, call, events, run } = await setup();
    await call('author_capability', { name: 'greeter', code: greeter });
    await call('author_capability', {
      name: 'broken',
      code: 'export default { name: "broken", tools: 1 };',
    }).catch(() => undefined);
    events.length = 0;
    const contributed = (await creation.capabilities?.(run)) ?? [];
    expect(contributed.map((capability) => capability.name)).toEqual(['greeter']);
    expect(events.map((event) => [event.type, event.message])).toEqual([
      ['skipped', 'Authored capability "broken" was not loaded: tools must be a method, got a number (1)'],
      ['loaded', 'Loaded authored capability "greeter".'],
    ]);
  });
});

describe('capabilityCreation: where the store is', () => {
  it('warns once per session when the store is inside a writable workspace', async () => {
    const root = await useTemporaryDirectory('capability-creation-workspace-');
    const directory = join(root, '.agent', 'capabilities');
    const creation = capabilityCreation({ directory });
    const events: ContextEvent[] = [];
    const session = createContextSession({ workspace: localWorkspace(root), capabilities: [creation] });
    session.on((event) => events.push(event));
    await session.startRun();
    await session.startRun();
    const warnings = events.filter((event) => event.diagnostic?.code === 'capability-store-in-workspace');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('is inside the writable workspace');
  });

  it('says nothing for a store outside the workspace, or a read-only workspace', async () => {
    const root = await useTemporaryDirectory('capability-creation-workspace-');
    const outside = join(await useTemporaryDirectory('capability-creation-store-'), 'capabilities');
    for (const [workspace, directory] of [
      [localWorkspace(root), outside],
      [memoryWorkspace({ 'note.txt': 'x' }), join(root, 'capabilities')],
    ] as const) {
      const events: ContextEvent[] = [];
      const session = createContextSession({ workspace, capabilities: [capabilityCreation({ directory })] });
      session.on((event) => events.push(event));
      await session.startRun();
      expect(events.filter((event) => event.diagnostic?.code === 'capability-store-in-workspace')).toEqual(
        [],
      );
    }
  });
});
