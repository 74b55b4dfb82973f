import { describe, expect, it } from 'vitest';
import { planRepository } from './plan-repository.js';
import { generateTouchEvents } from './touch-events.js';

const plan = planRepository({ seed: 5, packages: 4, directories: 60, otherFiles: 300 });

describe('generateTouchEvents', () => {
  it('replays the same stream from the same seed, and another from another seed', () => {
    const first = generateTouchEvents(plan, { count: 200, seed: 1 });
    expect(generateTouchEvents(plan, { count: 200, seed: 1 })).toEqual(first);
    expect(generateTouchEvents(plan, { count: 200, seed: 2 })).not.toEqual(first);
  });

  it('touches only planned files and directories, listing directories at about the requested share', () => {
    const files = new Set(plan.otherFiles);
    const directories = new Set(plan.sourceDirectories);
    const events = generateTouchEvents(plan, { count: 2_000, directoryShare: 0.25 });
    for (const event of events) {
      expect(event.kind === 'file' ? files.has(event.path) : directories.has(event.path), event.path).toBe(
        true,
      );
    }
    const listed = events.filter((event) => event.kind === 'directory').length / events.length;
    expect(listed).toBeGreaterThan(0.2);
    expect(listed).toBeLessThan(0.3);
  });
});
