import { describe, expect, it } from 'vitest';
import { recordReadsUnderWay } from './reads-under-way.js';
import type { ListedEntry } from './workspace.js';

const file = (path: string): ListedEntry => ({
  path,
  kind: 'file',
  symlink: false,
  realPath: `/real/${path}`,
});

describe('recordReadsUnderWay', () => {
  it('gives the entries waiting for their reads one promise per step, and none once they are whole', async () => {
    const recorder = recordReadsUnderWay();
    const first = file('a.md');
    const second = file('b.md');
    let finish = () => {};
    recorder.track(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    const step = recorder.reads.nextStep(first);
    expect(step).toBeInstanceOf(Promise);
    expect(recorder.reads.nextStep(second)).toBe(step);
    // One step reported: the waiting are woken; the first is whole, the second waits for the next step.
    first.size = 1;
    first.contents = { bytes: new Uint8Array(1), size: 1, truncated: false };
    recorder.progressed();
    await step;
    expect(recorder.reads.nextStep(first)).toBeUndefined();
    const next = recorder.reads.nextStep(second);
    expect(next).toBeInstanceOf(Promise);
    expect(next).not.toBe(step);
    // The reads end (the second failed): nothing is under way any more.
    second.error = new Error('gone');
    finish();
    await next;
    expect(recorder.reads.nextStep(second)).toBeUndefined();
    await recorder.reads.settled;
  });
});
