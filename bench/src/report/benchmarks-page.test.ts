import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderSummary, withSummary } from './write-summary.js';

const results = fileURLToPath(new URL('../../results', import.meta.url));
const pages = {
  'docs/benchmarks.md': fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url)),
  'bench/README.md': fileURLToPath(new URL('../../README.md', import.meta.url)),
};

describe('the pages that show benchmark figures', () => {
  for (const [name, file] of Object.entries(pages)) {
    it(`${name} shows exactly the stored results (rerun \`npm run bench\` to change them)`, () => {
      const page = readFileSync(file, 'utf8');
      const expected = withSummary(page, renderSummary(results));
      expect(expected, `${name} has no results block`).toBeDefined();
      expect(page).toBe(expected);
    });
  }
});
