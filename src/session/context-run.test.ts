import { describe, expect, it } from 'vitest';
import { AgentContextError } from '../errors.js';
import type { Capability } from './capability.js';
import { createContextSession } from './context-session.js';
import { echoTool, recordEvents, workspace } from './session-fixtures.test-support.js';

describe('run.executeTool', () => {
  it('validates zod input, applies defaults and runs the capability tool', async () => {
    const log: unknown[] = [];
    const session = createContextSession({
      workspace,
      capabilities: [{ name: 'echo', tools: () => [echoTool('echo', log)] }],
    });
    const run = await session.startRun();
    expect(await run.executeTool({ id: '1', toolName: 'echo', input: { text: 'ab' } })).toEqual({
      output: 'ab',
      isError: false,
    });
    expect(log).toEqual([{ text: 'ab', times: 1 }]);
    const invalid = await run.executeTool({ id: '2', toolName: 'echo', input: { text: 3 } });
    expect(invalid.isError).toBe(true);
    expect(invalid.output).toMatch(/^Invalid input for echo: text: /);
    expect(await run.executeTool({ id: '3', toolName: 'nope', input: {} })).toEqual({
      output: 'Unknown tool "nope". Tools of this run: echo.',
      isError: true,
    });
  });

  it('blocks a call with the reason and never runs the tool', async () => {
    const log: unknown[] = [];
    const guard: Capability = {
      name: 'guard',
      beforeToolCall: (call) => (call.toolName === 'echo' ? { block: 'not allowed here' } : undefined),
    };
    const session = createContextSession({
      workspace,
      capabilities: [guard, { name: 'echo', tools: () => [echoTool('echo', log)] }],
    });
    const events = recordEvents(session);
    const run = await session.startRun();
    expect(await run.executeTool({ id: '1', toolName: 'echo', input: { text: 'x' } })).toEqual({
      output: 'not allowed here',
      isError: true,
    });
    expect(log).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'blocked', trigger: '1' });
  });

  it('passes a replaced input to the tool and to later hooks', async () => {
    const seen: unknown[] = [];
    const capabilities: Capability[] = [
      { name: 'upper', beforeToolCall: (call) => ({ input: { ...(call.input as object), text: 'HI' } }) },
      { name: 'twice', beforeToolCall: (call) => ({ input: { ...(call.input as object), times: 2 } }) },
      { name: 'watch', afterToolCall: (call) => void seen.push(call.input) },
    ];
    const session = createContextSession({ workspace, capabilities });
    const run = await session.startRun();
    const result = await run.executeTool({ id: '1', toolName: 'host', input: { text: 'hi' } }, (input) =>
      JSON.stringify(input),
    );
    expect(result.output).toBe('{"text":"HI","times":2}');
    expect(seen).toEqual([{ text: 'HI', times: 2 }]);
  });

  it('runs afterToolCall hooks in capability order, each seeing the previous change', async () => {
    const capabilities: Capability[] = [
      { name: 'a', afterToolCall: (_call, result) => ({ output: `${result.output}+a` }) },
      { name: 'b', afterToolCall: (_call, result) => ({ output: `${result.output}+b` }) },
    ];
    const run = await createContextSession({ workspace, capabilities }).startRun();
    expect((await run.executeTool({ id: '1', toolName: 'host', input: {} }, () => 'out')).output).toBe(
      'out+a+b',
    );
  });

  it('turns a throwing tool into an error result and drops its touches', async () => {
    const results: unknown[] = [];
    const capabilities: Capability[] = [
      { name: 'watch', afterToolCall: (_call, result) => void results.push(result) },
    ];
    const run = await createContextSession({ workspace, capabilities }).startRun();
    const failing = await run.executeTool({ id: '1', toolName: 'host', input: {} }, (_input, context) => {
      context.touch?.('src/a.ts', 'file');
      throw new Error('disk on fire');
    });
    expect(failing).toEqual({ output: 'disk on fire', isError: true });
    const succeeding = await run.executeTool({ id: '2', toolName: 'host', input: {} }, (_input, context) => {
      context.touch?.('src/a.ts', 'file');
      return 'fine';
    });
    expect(succeeding).toEqual({
      output: 'fine',
      isError: false,
      touched: [{ path: 'src/a.ts', kind: 'file' }],
    });
    expect(results).toEqual([failing, succeeding]);
  });

  it('runs only the after hooks through session.afterToolCall, and refuses before a run', async () => {
    const session = createContextSession({
      workspace,
      capabilities: [{ name: 'a', afterToolCall: () => ({ output: 'changed' }) }],
    });
    expect(() =>
      session.afterToolCall({ id: '1', toolName: 't', input: {} }, { output: 'x', isError: false }),
    ).toThrow(AgentContextError);
    await session.startRun();
    expect(
      await session.afterToolCall({ id: '1', toolName: 't', input: {} }, { output: 'x', isError: false }),
    ).toEqual({
      output: 'changed',
      isError: false,
    });
  });
});
