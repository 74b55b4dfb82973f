import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCapabilityStore } from './capability-store.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'capability-warm-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A module whose one instruction block is the process id of the child that validated it. */
const pidModule = (name: string, before = '') => `${before}
export default { name: '${name}', instructions: () => 'validated in ' + process.pid };`;

const limits = { timeoutMs: 1_500, memoryLimitMb: 64 };

async function validatedIn(store: ReturnType<typeof createCapabilityStore>, name: string, before = '') {
  const { record, summary } = await store.write(name, pidModule(name, before));
  expect(record.lastError).toBeNull();
  expect(summary?.instructionBlocks).toBe(1);
  const { items } = await store.loadActive();
  const capability = items.find((item) => item.name === name);
  return String(await capability?.instructions?.({} as never)).replace('validated in ', '');
}

describe('the warm validation child', () => {
  it('validates one module after another in the same child while they pass', async () => {
    const store = createCapabilityStore(directory, limits);
    const first = await validatedIn(store, 'first');
    const second = await validatedIn(store, 'second');
    const third = await validatedIn(store, 'third');
    expect(new Set([first, second, third]).size).toBe(1);
    store.close();
  });

  it('never fails a module for what an earlier one left running: a loop armed after validation', async () => {
    const store = createCapabilityStore(directory, limits);
    // Passes, then pins the child's thread once validation is over.
    const armed = await validatedIn(store, 'armed', 'setTimeout(() => { for (;;) {} }, 100);');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await validatedIn(store, 'innocent');
    expect(next).not.toBe(armed);
    store.close();
  });

  it('never fails a module for a global an earlier one set, and starts afresh after a failure', async () => {
    const store = createCapabilityStore(directory, limits);
    const breaker = await validatedIn(
      store,
      'breaker',
      '(globalThis as { poisoned?: boolean }).poisoned = true;',
    );
    const { record } = await store.write(
      'careful',
      "if ((globalThis as { poisoned?: boolean }).poisoned) throw new Error('an earlier module was here');\nexport default { name: 'careful', instructions: () => 'ok' };",
    );
    expect(record.lastError).toBeNull();
    const after = await validatedIn(store, 'after');
    expect(after).not.toBe(breaker);
    // A module that fails in a fresh child fails, once.
    const { record: failed } = await store.write('broken', "throw new Error('broken at import');");
    expect(failed.lastError).toBe('Error: broken at import');
    expect(await validatedIn(store, 'later')).not.toBe(after);
    store.close();
  });

  it('ends the child after two idle seconds', async () => {
    const store = createCapabilityStore(directory, limits);
    const before = await validatedIn(store, 'before');
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(() => process.kill(Number(before), 0)).toThrow();
    expect(await validatedIn(store, 'after')).not.toBe(before);
    store.close();
  });
});
