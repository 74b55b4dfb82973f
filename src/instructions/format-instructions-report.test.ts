import { describe, expect, it } from 'vitest';
import { memoryWorkspace } from '../workspace/memory-workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import { estimateTokens, formatInstructionsReport } from './format-instructions-report.js';
import type { InstructionsReport } from './inspect-instructions.js';
import { renderInstructions } from './render-instructions.js';

async function reportOf(files: Record<string, string>, maxChars?: number): Promise<InstructionsReport> {
  const workspace = memoryWorkspace({ '.git/HEAD': '', ...files }, { cwd: 'app' });
  const discovery = await discoverInstructions({ workspace });
  const rendered = renderInstructions(discovery, maxChars === undefined ? {} : { maxChars });
  const rules = { always: 0, files: 0, described: 0, manual: 0, skipped: 0 };
  return {
    directory: workspace.cwd,
    root: workspace.root,
    discovery,
    rendered,
    text: rendered.text,
    catalog: '',
    rules,
  };
}

describe('formatInstructionsReport', () => {
  it('estimates tokens as characters / 4, rounded up', () => {
    expect([0, 1, 4, 5, 32_000].map(estimateTokens)).toEqual([0, 1, 1, 2, 8_000]);
  });

  it('says so when there is nothing to load', async () => {
    const text = formatInstructionsReport(await reportOf({ 'app/main.ts': '' }));
    expect(text).toContain('No instruction files found.');
    expect(text).toContain('Budget: 0 of 32,000 characters used (0%), ~0 tokens.');
    expect(text).toContain('No diagnostics.');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('draws a failed import in the tree under its importer and lists its diagnostic', async () => {
    const text = formatInstructionsReport(
      await reportOf({ 'app/AGENTS.md': 'See @gone.md and @ok.md', 'app/ok.md': 'ok' }),
    );
    const loaded = 'See <!-- import failed: gone.md (not found) --> and @ok.md';
    expect(text).toContain(
      [
        `  1. AGENTS.md  (walk-up, ${loaded.length} characters, ~${estimateTokens(loaded.length)} tokens)`,
        '     ├── @gone.md  import failed (not found)',
        '     └── 2. ok.md  (import, 2 characters, ~1 tokens)',
      ].join('\n'),
    );
    expect(text).toContain('error: Import @gone.md in AGENTS.md failed: not found. [import-failed]');
  });

  it('marks files the budget cut or left out', async () => {
    const report = await reportOf({ 'AGENTS.md': 'r'.repeat(400), 'app/AGENTS.md': 'w'.repeat(400) }, 500);
    const text = formatInstructionsReport(report);
    expect(text).toMatch(
      /1\. \.\.\/AGENTS\.md {2}\(walk-up, 400 characters, ~100 tokens; (cut to \d+|left out) by the budget\)/,
    );
    expect(text).toMatch(/Budget: \d+ of 500 characters used/);
  });

  it('shows the directory relative to relativeTo when inside it', async () => {
    const text = formatInstructionsReport(await reportOf({}), { relativeTo: '/workspace' });
    expect(text.split('\n')[0]).toBe('Project instructions for app');
    const here = formatInstructionsReport(await reportOf({}), { relativeTo: '/workspace/app' });
    expect(here.split('\n')[0]).toBe('Project instructions for /workspace/app');
  });
});
