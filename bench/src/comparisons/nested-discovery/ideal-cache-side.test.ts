import { describe, expect, it } from 'vitest';
import { compareWithTruth, expectedSurfacing } from '../../generator/expected-surfacing.js';
import { generateRepository } from '../../generator/generate-repository.js';
import { generateTouchEvents } from '../../generator/touch-events.js';
import { installFilesystemCounter } from '../../harness/filesystem-counter.js';
import { idealCacheSide } from './ideal-cache-side.js';
import { replaySide } from './replay.js';

describe('the ideal per-directory cache on a replay', () => {
  it('matches the ground truth on every event and never calls node:fs for a checked directory', async () => {
    const repository = generateRepository({
      seed: 12,
      packages: 4,
      directories: 60,
      instructionFiles: 15,
      otherFiles: 400,
    });
    try {
      const events = generateTouchEvents(repository, { count: 300, seed: 4 });
      const counter = installFilesystemCounter();
      let replay: Awaited<ReturnType<typeof replaySide>>;
      try {
        replay = await replaySide(
          idealCacheSide,
          repository.root,
          events,
          { warmUpEvents: 0, timedEvents: 300 },
          counter,
        );
      } finally {
        counter.uninstall();
      }
      const truth = expectedSurfacing(repository, events);
      expect(truth.flat().length).toBeGreaterThan(0);
      expect(compareWithTruth(truth, replay.answers)).toMatchObject({
        exactEvents: 300,
        missedFiles: 0,
        extraFiles: 0,
      });
      const seen = new Set<string>();
      events.forEach((event, index) => {
        const segments = event.path.split('/');
        const directory = (event.kind === 'directory' ? segments : segments.slice(0, -1)).join('/');
        if (seen.has(directory)) expect(replay.filesystemCalls?.[index], event.path).toBe(0);
        for (let length = 1; length <= segments.length; length += 1)
          seen.add(segments.slice(0, length).join('/'));
      });
    } finally {
      repository.remove();
    }
  });
});
