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

/** Wait (up to 5 s, polling) until `condition` holds, and fail the test if it never does. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}
