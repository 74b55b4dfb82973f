import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.js';

describe('concurrencyLimit', () => {
  it('never runs more than the maximum, with tasks arriving as others settle, and starts them in order', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return index;
    };
    const first = Array.from({ length: 6 }, (_, index) => limit(task(index)));
    const later = first.map((promise, index) => promise.then(() => limit(task(10 + index))));
    expect(await Promise.all(first)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await Promise.all(later)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(most).toBe(2);
    expect(started.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit(async () => 'next')).toBe('next');
  });
});

describe('one concurrency gate', () => {
  it('is defined here only: no other module of the library keeps its own', () => {
    const source = path.resolve(import.meta.dirname, '..');
    const own = readdirSync(source, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !file.startsWith(`shared${path.sep}`))
      .filter((file) =>
        /function (?:concurrencyLimit|mapWithLimit)\b/.test(readFileSync(path.join(source, file), 'utf8')),
      );
    expect(own).toEqual([]);
  });
});
