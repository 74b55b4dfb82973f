import { defineConfig } from 'vitest/config';

/** The recording of the assistants' reading: `npm run record:readings` (not part of `npm test`). */
export default defineConfig({
  test: {
    include: ['test/assistant-readings/*.record.ts'],
    pool: 'forks',
  },
});
