import { describe, expect, it } from 'vitest';
import { generateToolSession } from './tool-session.js';

describe('generateToolSession', () => {
  it('is the same session for the same seed, with unique call ids', () => {
    const session = generateToolSession({ calls: 30, seed: 3 });
    expect(generateToolSession({ calls: 30, seed: 3 })).toEqual(session);
    expect(new Set(session.map((call) => call.id)).size).toBe(30);
  });

  it('mixes results under 20,000 characters, between 20,000 and 80,000, and over 80,000', () => {
    const sizes = generateToolSession({ calls: 30, seed: 3 }).map((call) => call.output.length);
    expect(sizes.some((size) => size < 20_000)).toBe(true);
    expect(sizes.some((size) => size > 20_000 && size <= 80_000)).toBe(true);
    expect(sizes.some((size) => size > 80_000)).toBe(true);
  });

  it('keeps read_file results under 19,000 characters, as agents page their reads', () => {
    for (const call of generateToolSession({ calls: 60, seed: 8 })) {
      if (call.toolName === 'read_file') expect(call.output.length).toBeLessThan(19_200);
    }
  });
});
