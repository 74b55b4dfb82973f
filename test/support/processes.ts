import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/** Processes whose command line holds `marker`, from `ps` (the proof that nothing outlived its owner). */
export function processesWith(marker: string): string[] {
  const listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return listing.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

let markerCount = 0;

/** A unique argument for `sleep`: `sleep 3600.<digits>` sleeps an hour and is found by `ps`. */
export function sleepMarker(): string {
  markerCount += 1;
  return `3600.${process.pid}${markerCount}${Date.now() % 100000}`;
}

/**
 * Wait (polling every 25 ms, up to `deadlineMs`) until `condition` holds, and fail the test if it
 * never does. Default deadline 5 seconds.
 */
export async function waitUntil(
  condition: () => boolean,
  options: { deadlineMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.deadlineMs ?? 5_000);
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}
