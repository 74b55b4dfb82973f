import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCapabilityStore } from './capability-store.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'capability-isolation-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const limits = { timeoutMs: 1_500, memoryLimitMb: 32 };

describe('validation in a sandboxed child process', () => {
  it.each([
    [
      'an endless loop at import',
      'for (;;) {}\nexport default { name: "spin" };',
      /^validation timed out after 1500 ms/,
    ],
    [
      'an endless loop in instructions()',
      'export default { name: "spin", instructions() { for (;;) {} } };',
      /^validation timed out after 1500 ms/,
    ],
    [
      'a tools() promise that never settles',
      'export default { name: "wait", tools: () => new Promise(() => {}) };',
      /^validation timed out after 1500 ms/,
    ],
    [
      'process.exit(1)',
      'process.exit(1);\nexport default { name: "quit" };',
      /^the module ended its process during validation \(it exited with code 1\)/,
    ],
    [
      'an array grown until the heap limit',
      'const hoard: unknown[] = [];\nfor (;;) hoard.push({ index: hoard.length, text: String(hoard.length) });\nexport default { name: "hoard" };',
      /^out of memory: the module used more than 32 MiB of heap during validation$/,
    ],
    ['a throw at import', 'throw new RangeError("refused at import");', /^RangeError: refused at import$/],
  ])('records %s as lastError and the host lives on', async (_case, code, expected) => {
    const store = createCapabilityStore(directory, limits);
    const { record } = await store.write('hostile', code);
    expect(record.lastError).toMatch(expected);
    expect(await readFile(join(directory, 'hostile.ts'), 'utf8')).toBe(code);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('skips hostile modules at load time without importing them into the host', async () => {
    const store = createCapabilityStore(directory, limits);
    await store.write('looping', 'for (;;) {}\nexport default { name: "looping" };');
    await store.write('exiting', 'process.exit(3);\nexport default { name: "exiting" };');
    await store.write('fine', 'export default { name: "fine", instructions: () => "ok" };');
    const { items, diagnostics } = await store.loadActive();
    expect(items.map((capability) => capability.name)).toEqual(['fine']);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringMatching(/^Authored capability "looping" was not loaded: validation timed out/),
      expect.stringMatching(
        /^Authored capability "exiting" was not loaded: the module ended its process during validation \(it exited with code 3\)/,
      ),
    ]);
  });
});
