import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../session/capability.js';
import { instructionsOf, valid } from './capability-fixtures.test-support.js';
import { createCapabilityStore } from './capability-store.js';
import { validationRun } from './inspect-capability.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'capability-store-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('createCapabilityStore: validation at author time', () => {
  it('accepts a plain-object capability and records it active without an error', async () => {
    const store = createCapabilityStore(directory);
    const { record, summary } = await store.write('greeter', valid('greeter'));
    expect(record).toMatchObject({
      name: 'greeter',
      moduleFile: 'greeter.ts',
      exportName: 'default',
      status: 'active',
      lastError: null,
    });
    expect(record.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(summary).toMatchObject({ name: 'greeter', toolNames: ['greeter_echo'], instructionBlocks: 1 });
  });

  it.each([
    ['no capability export', 'export const answer = 42;', 'no capability export found'],
    [
      'two capability exports',
      "export const a = { name: 'a' };\nexport const b = { name: 'b' };",
      'expected exactly one capability export, found 2: a, b',
    ],
    [
      'a class that needs an argument',
      "export class Needy { name = 'needy'; constructor(config: { x: number }) { this.name = String(config.x); } }",
      'class Needy needs 1 constructor argument(s); a capability class must be constructible with no arguments',
    ],
    [
      'a tools getter that throws',
      "export default class Boom { name = 'boom'; get tools() { throw new Error('boom'); } }",
      'Error: boom',
    ],
    [
      'a tools method that throws a TypeError',
      "export default { name: 'bad', tools() { const value: any = undefined; return value.list; } };",
      "TypeError: Cannot read properties of undefined (reading 'list')",
    ],
    [
      'instructions returning a number',
      "export default { name: 'numbers', instructions: () => 42 };",
      'instructions() returned a number (42); expected a string, a list of strings, or nothing',
    ],
  ])('records %s as lastError', async (_case, code, expected) => {
    const store = createCapabilityStore(directory);
    const { record, summary } = await store.write('broken', code);
    expect(record.lastError).toBe(expected);
    expect(record.status).toBe('active');
    expect(summary).toBeUndefined();
  });

  it('reports a syntax error with its location', async () => {
    const store = createCapabilityStore(directory);
    const { record } = await store.write('typo', 'export default { name: "typo", instructions: () => "x" ;');
    expect(record.lastError).toMatch(/^SyntaxError: Expected "}" but found ";" \(typo\.ts:1:\d+\)$/);
  });

  it('compiles TypeScript with types and a type-only import from agent-context', async () => {
    const store = createCapabilityStore(directory);
    const code = `
import type { Capability, Run } from 'agent-context';
interface Settings { readonly tone: 'formal' | 'casual' }
const settings: Settings = { tone: 'formal' };
class Tone implements Capability {
  name = 'tone';
  instructions(_run: Run): string { return \`Write in a \${settings.tone} tone.\`; }
}
export default Tone;`;
    const { record } = await store.write('tone', code);
    expect(record.lastError).toBeNull();
    const { items } = await store.loadActive();
    expect(items.map((capability) => capability.name)).toEqual(['tone']);
    expect(await instructionsOf(items[0] as never)).toBe('Write in a formal tone.');
  });

  it('imports zod and agent-context (an entry point beside the main one too) at runtime from the host', async () => {
    const store = createCapabilityStore(directory);
    const code = `
import { z } from 'zod';
import { describeError } from 'agent-context/adapter-kit';
export default {
  name: 'adder',
  tools: () => [{
    name: 'add_one',
    description: 'Add one to a number.',
    inputSchema: z.object({ value: z.number() }),
    execute: ({ value }: { value: number }) => value + 1,
  }],
  instructions: () => describeError(new Error('errors are described')),
};`;
    const { record } = await store.write('adder', code);
    expect(record.lastError).toBeNull();
    const { items } = await store.loadActive();
    const tools = (await items[0]?.tools?.(validationRun())) as ToolDefinition[];
    const tool = tools[0] as ToolDefinition;
    expect(tool.inputSchema).toMatchObject({ type: 'object', properties: { value: { type: 'number' } } });
    await expect(
      tool.execute({ value: 'x' }, { callId: 'c0', run: validationRun(), touch: () => undefined }),
    ).rejects.toThrow(/^invalid input: /);
    expect(
      await tool.execute({ value: 41 }, { callId: 'c1', run: validationRun(), touch: () => undefined }),
    ).toBe(42);
    expect(await instructionsOf(items[0] as never)).toBe('errors are described');
  });
});
