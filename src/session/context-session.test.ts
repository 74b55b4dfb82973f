import { describe, expect, it } from 'vitest';
import { AgentContextError } from '../errors.js';
import type { Capability, ContextEvent, Touch } from './capability.js';
import { createContextSession } from './context-session.js';
import { echoTool, recordEvents, workspace } from './session-fixtures.test-support.js';

describe('createContextSession / startRun', () => {
  it('runs contributions, onRunStart, instructions and tools in that order, contributed ones after their contributor', async () => {
    const order: string[] = [];
    const note = <Value>(step: string, value: Value): Value => {
      order.push(step);
      return value;
    };
    const authored: Capability = {
      name: 'authored',
      instructions: () => note('authored.instructions', 'authored rules'),
    };
    const first: Capability = {
      name: 'first',
      capabilities: () => note('first.capabilities', [authored]),
      onRunStart: () => void order.push('first.onRunStart'),
      instructions: () => note('first.instructions', ['one', '', 'two']),
      tools: () => note('first.tools', [echoTool('first_tool')]),
    };
    const second: Capability = {
      name: 'second',
      instructions: () => note('second.instructions', 'three'),
    };
    const session = createContextSession({ workspace, capabilities: [first, second] });
    const run = await session.startRun();
    expect(order).toEqual([
      'first.capabilities',
      'first.onRunStart',
      'first.instructions',
      'authored.instructions',
      'second.instructions',
      'first.tools',
    ]);
    expect(run.capabilities.map((capability) => capability.name)).toEqual(['first', 'authored', 'second']);
    expect(run.instructionBlocks).toEqual([
      { capability: 'first', text: 'one' },
      { capability: 'first', text: 'two' },
      { capability: 'authored', text: 'authored rules' },
      { capability: 'second', text: 'three' },
    ]);
    expect(run.instructions).toBe('one\n\ntwo\n\nauthored rules\n\nthree');
    expect(run.tools.map((tool) => tool.name)).toEqual(['first_tool']);
  });

  it('reads instructions once per run and freezes them; the next run reads again', async () => {
    let version = 0;
    const session = createContextSession({
      workspace,
      capabilities: [{ name: 'v', instructions: () => `version ${++version}` }],
    });
    const run = await session.startRun();
    expect(run.instructions).toBe('version 1');
    expect(run.instructions).toBe('version 1');
    expect(Object.isFrozen(run.instructionBlocks)).toBe(true);
    expect(Object.isFrozen(run.tools)).toBe(true);
    const next = await session.startRun();
    expect([run.index, next.index]).toEqual([1, 2]);
    expect(next.instructions).toBe('version 2');
    expect(session.currentRun).toBe(next);
  });

  it('throws for duplicate capability names and for duplicate configured tool names', async () => {
    expect(() => createContextSession({ workspace, capabilities: [{ name: 'x' }, { name: 'x' }] })).toThrow(
      AgentContextError,
    );
    const session = createContextSession({
      workspace,
      capabilities: [
        { name: 'a', tools: () => [echoTool('same')] },
        { name: 'b', tools: () => [echoTool('same')] },
      ],
    });
    await expect(session.startRun()).rejects.toMatchObject({ code: 'invalid-option' });
  });

  it('skips contributed capabilities and tools that clash or are malformed, with diagnostics', async () => {
    const contributor: Capability = {
      name: 'creation',
      tools: () => [echoTool('author_capability')],
      capabilities: () => [
        { name: 'creation' },
        { name: 'shadow', tools: () => [echoTool('author_capability'), echoTool('fresh')] },
        { nope: true } as unknown as Capability,
        {
          name: 'broken',
          instructions: () => {
            throw new Error('boom');
          },
        },
      ],
    };
    const session = createContextSession({ workspace, capabilities: [contributor] });
    const events = recordEvents(session);
    const run = await session.startRun();
    expect(run.capabilities.map((capability) => capability.name)).toEqual(['creation', 'shadow', 'broken']);
    expect(run.tools.map((tool) => tool.name)).toEqual(['author_capability', 'fresh']);
    expect(events.filter((event) => event.diagnostic).map((event) => event.message)).toEqual([
      'A capability contributed by creation was skipped: the name "creation" is already taken.',
      'A capability contributed by creation was skipped: it is not an object with a string name.',
      'broken: instructions failed and was ignored: boom',
      'Tool "author_capability" of shadow was skipped: the name is already used by creation.',
    ]);
  });

  it('lets a configured capability hook failure reject startRun', async () => {
    const session = createContextSession({
      workspace,
      capabilities: [
        {
          name: 'bad',
          onRunStart: () => {
            throw new Error('nope');
          },
        },
      ],
    });
    await expect(session.startRun()).rejects.toThrow('nope');
  });
});

describe('session touches, state, events', () => {
  it('sends session.touch and user-input touches to onTouch with their anchor', async () => {
    const touches: Touch[] = [];
    const session = createContextSession({
      workspace,
      capabilities: [{ name: 't', onTouch: (touch) => void touches.push(touch) }],
    });
    await session.touch('src', { kind: 'directory', anchor: 'm1' });
    await session.touch('src/b.ts', 'opened by the host');
    await session.observeUserInput('<file name="src/x.ts">x</file> see @src/a.ts and @src/missing.ts', {
      key: 'u1',
    });
    expect(touches).toEqual([
      { path: 'src', kind: 'directory', anchor: 'm1', source: 'manual', trigger: 'session.touch' },
      { path: 'src/b.ts', source: 'manual', trigger: 'opened by the host' },
      { path: 'src/x.ts', kind: 'file', source: 'user-input', trigger: 'user input: src/x.ts', anchor: 'u1' },
      {
        path: 'src/a.ts',
        kind: 'file',
        source: 'user-input',
        trigger: 'user input: @src/a.ts',
        anchor: 'u1',
      },
    ]);
  });

  it('keeps per-owner state until reset()', () => {
    const session = createContextSession({ workspace });
    const owner = {};
    const state = session.state(owner, () => ({ count: 0 }));
    state.count += 1;
    expect(session.state(owner, () => ({ count: 0 })).count).toBe(1);
    session.reset();
    expect(session.state(owner, () => ({ count: 0 })).count).toBe(0);
  });

  it('stops sending events after unsubscribing and survives a throwing listener', async () => {
    const session = createContextSession({
      workspace,
      capabilities: [
        {
          name: 'c',
          onCompaction: (s) =>
            s.emit({ type: 'diagnostic', reason: 'compaction', capability: 'c', message: 'hook ran' }),
        },
      ],
    });
    session.on(() => {
      throw new Error('listener bug');
    });
    const events: ContextEvent[] = [];
    const stop = session.on((event) => events.push(event));
    await session.onCompaction();
    expect(events.map((event) => event.type)).toEqual(['compacted', 'diagnostic']);
    stop();
    session.reset();
    expect(events).toHaveLength(2);
  });

  it('lists loaded files from loaded events, and forgets them on reset()', () => {
    const session = createContextSession({ workspace });
    session.emit({
      type: 'loaded',
      reason: 'session-start',
      capability: 'project-instructions',
      path: 'AGENTS.md',
      message: 'loaded',
    });
    expect(session.describe()).toBe(
      'Loaded context files:\n- AGENTS.md (session-start, project-instructions)\nNo nested instruction files loaded.',
    );
    session.reset();
    expect(session.loadedFiles()).toEqual([]);
  });

  it('lists a file loaded again at a later run start once, with its first reason', () => {
    const session = createContextSession({ workspace });
    for (const reason of ['session-start', 'run-start'] as const) {
      session.emit({
        type: 'loaded',
        reason,
        capability: 'project-instructions',
        path: 'AGENTS.md',
        message: 'loaded',
      });
    }
    expect(session.loadedFiles()).toEqual([
      { path: 'AGENTS.md', reason: 'session-start', capability: 'project-instructions' },
    ]);
  });
});
