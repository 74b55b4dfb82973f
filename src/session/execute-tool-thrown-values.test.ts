import { describe, expect, it } from 'vitest';
import { thrownValueZoo } from '../thrown-value-zoo.test-support.js';
import type { Capability } from './capability.js';
import { createContextSession } from './context-session.js';
import { recordEvents, workspace } from './session-fixtures.test-support.js';

describe('run.executeTool with values no error handler expects', () => {
  it.each(thrownValueZoo)(
    'turns $name thrown by a capability tool into an error result',
    async ({ make }) => {
      const thrower: Capability = {
        name: 'thrower',
        tools: () => [
          {
            name: 'explode',
            description: 'throws',
            inputSchema: { type: 'object' },
            execute: () => {
              throw make();
            },
          },
        ],
      };
      const run = await createContextSession({ workspace, capabilities: [thrower] }).startRun();
      const result = await run.executeTool({ id: '1', toolName: 'explode', input: {} });
      expect(result.isError).toBe(true);
      expect(typeof result.output).toBe('string');
    },
  );

  it.each(thrownValueZoo)(
    'turns $name thrown or rejected by a host tool into an error result',
    async ({ make }) => {
      const run = await createContextSession({ workspace, capabilities: [] }).startRun();
      const thrown = await run.executeTool({ id: '1', toolName: 'host', input: {} }, () => {
        throw make();
      });
      expect(thrown.isError).toBe(true);
      const rejected = await run.executeTool({ id: '2', toolName: 'host', input: {} }, () =>
        Promise.reject(make()),
      );
      expect(rejected.isError).toBe(true);
      expect(typeof rejected.output).toBe('string');
    },
  );

  it.each(thrownValueZoo)(
    'ignores $name thrown by a contributed capability hook, with a diagnostic',
    async ({ make }) => {
      const contributed: Capability = {
        name: 'authored',
        beforeToolCall: () => {
          throw make();
        },
        afterToolCall: async () => {
          throw make();
        },
      };
      const parent: Capability = { name: 'parent', capabilities: () => [contributed] };
      const session = createContextSession({ workspace, capabilities: [parent] });
      const events = recordEvents(session);
      const run = await session.startRun();
      const result = await run.executeTool({ id: '1', toolName: 'host', input: {} }, () => 'fine');
      expect(result).toEqual({ output: 'fine', isError: false });
      const failures = events.filter(
        (event) => event.type === 'diagnostic' && event.diagnostic?.code === 'capability-hook-failed',
      );
      expect(failures.map((event) => event.message)).toEqual([
        expect.stringMatching(/^authored: beforeToolCall failed and was ignored: ./),
        expect.stringMatching(/^authored: afterToolCall failed and was ignored: ./),
      ]);
    },
  );

  it('returns a thenable whose then getter throws as an error result', async () => {
    const run = await createContextSession({ workspace, capabilities: [] }).startRun();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('then exploded');
        },
      },
    );
    const result = await run.executeTool({ id: '1', toolName: 'host', input: {} }, () => hostile);
    expect(result).toEqual({ output: 'then exploded', isError: true });
  });
});
