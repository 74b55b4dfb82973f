import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '../test/support/temporary-directory.js';
import { capDiagnostics } from './cap-diagnostics.js';
import type { Diagnostic } from './diagnostics.js';
import { findHooks } from './hooks/find-hooks.js';
import { scanInventory } from './inventory/scan-inventory.js';
import { loadRules } from './rules/load-rules.js';
import { localWorkspace } from './workspace/local-workspace.js';

const problem = (path: string | undefined, index: number): Diagnostic => ({
  severity: 'warning',
  code: 'invalid-hooks',
  message: `problem ${index}`,
  ...(path === undefined ? {} : { path }),
});

const capped = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((diagnostic) => diagnostic.code === 'diagnostics-capped');

describe('capDiagnostics', () => {
  it('returns a list within the caps as it is', () => {
    const list = [problem('a.json', 1), problem('b.json', 2), problem(undefined, 3)];
    expect(capDiagnostics(list)).toEqual(list);
  });

  it('keeps the first 20 of one file, in order, and says how many more there were', () => {
    const list = Array.from({ length: 60_000 }, (_, index) => problem('.claude/settings.json', index));
    const result = capDiagnostics(list);
    expect(result.slice(0, 20)).toEqual(list.slice(0, 20));
    expect(result).toHaveLength(21);
    expect(result[20]).toEqual({
      severity: 'info',
      code: 'diagnostics-capped',
      message: '59,980 more diagnostics of this file left out (at most 20 per file are reported).',
      path: '.claude/settings.json',
    });
  });

  it('keeps at most 1,000 in all, with one line for the rest, and leaves other files their share', () => {
    const list = Array.from({ length: 3_000 }, (_, index) => problem(`rules/${index}.md`, index));
    const result = capDiagnostics(list);
    expect(result.slice(0, 1000)).toEqual(list.slice(0, 1000));
    expect(capped(result)).toEqual([
      {
        severity: 'info',
        code: 'diagnostics-capped',
        message: '2,000 more diagnostics left out (at most 1,000 are reported at once).',
      },
    ]);
  });

  it('counts diagnostics without a path as one place, and does not cap a capped list again', () => {
    const list = Array.from({ length: 25 }, (_, index) => problem(undefined, index));
    const once = capDiagnostics(list);
    expect(capped(once).map((diagnostic) => diagnostic.message)).toEqual([
      '5 more diagnostics that name no file left out (at most 20 per file are reported).',
    ]);
    expect(capDiagnostics(once)).toEqual(once);
  });
});

describe('loaders cap what they return', () => {
  it('60,000 malformed hook groups in one settings file: 20 diagnostics and a count, in the inventory and in findHooks', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(join(root, '.claude'), { recursive: true });
    const groups = Array.from({ length: 60_000 }, () => 1);
    await writeFile(
      join(root, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: groups } }),
    );
    const workspace = localWorkspace(root);

    const hooks = await findHooks(workspace);
    expect(hooks.diagnostics.length).toBe(21);
    expect(capped(hooks.diagnostics)[0]?.message).toMatch(/^59,980 more diagnostics of this file left out/);

    const inventory = await scanInventory({ workspace });
    const claude = inventory.roots.find((entry) => entry.root === '.claude');
    const settingsDiagnostics = claude?.settings?.diagnostics ?? [];
    expect(settingsDiagnostics).toHaveLength(21);
    expect(capped(settingsDiagnostics)[0]?.message).toMatch(/^59,980 more diagnostics of this file left out/);
    // What the command prints is as short: the whole answer is a few kilobytes, not megabytes.
    expect(JSON.stringify(inventory).length).toBeLessThan(10_000);
  });

  it('rule files: each file keeps its share and the whole load at most 1,000', async () => {
    const root = await useTemporaryDirectory();
    await mkdir(join(root, '.cursor', 'rules'), { recursive: true });
    // 1,200 rule files that each fail to load (binary), one diagnostic each.
    await Promise.all(
      Array.from({ length: 1_200 }, (_, index) =>
        writeFile(join(root, '.cursor', 'rules', `r${index}.mdc`), Buffer.from([0, 1, 2, 0])),
      ),
    );
    const load = await loadRules({ workspace: localWorkspace(root), formats: ['cursor'] });
    expect(load.skipped).toHaveLength(1_200);
    expect(load.diagnostics.filter((diagnostic) => diagnostic.code !== 'diagnostics-capped')).toHaveLength(
      1_000,
    );
    expect(capped(load.diagnostics).map((diagnostic) => diagnostic.message)).toEqual([
      '200 more diagnostics left out (at most 1,000 are reported at once).',
    ]);
  });
});
