import { defineConfig } from 'vitest/config';

// The bench's own unit tests (generator, truth, pricing, harness). They need no peer package, so
// they run without `npm --prefix bench ci`: `npx vitest run --config bench/vitest.config.ts`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
