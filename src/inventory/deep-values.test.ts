import { describe, expect, it } from 'vitest';
import { makeTestRepository } from '../../test/support/test-repository.js';
import { deepValueMarker, limitValueDepth } from '../shared/limit-value-depth.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { listInventoryDiagnostics } from './inventory-result.js';
import { renderInventoryTree } from './render-inventory-tree.js';
import { scanInventory } from './scan-inventory.js';

const depth = 30_000;

describe('values nested thousands of levels deep', () => {
  it('leave the inventory serialisable: a Codex agent table and a settings hook, each with a warning', async () => {
    const { root } = await makeTestRepository({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.codex/agents/deep.toml': `name = "deep"\ndescription = "Deep."\ndeveloper_instructions = "Go."\n${'k.'.repeat(depth)}end = 1\n`,
      '.claude/settings.json': `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"true","extra":${'['.repeat(depth)}${']'.repeat(depth)}}]}]}}`,
    });
    const result = await scanInventory({ workspace: localWorkspace(root) });
    const serialised = JSON.stringify(result);
    expect(serialised).toContain(deepValueMarker);
    expect(renderInventoryTree(result)).toContain('deep');
    expect(
      listInventoryDiagnostics(result)
        .filter((diagnostic) => diagnostic.code === 'value-too-deep')
        .map((diagnostic) => diagnostic.path),
    ).toEqual(expect.arrayContaining(['.codex/agents/deep.toml', '.claude/settings.json']));
  });

  it('keeps values within the limit as they are, and `__proto__` as a plain key', () => {
    const shallow = { a: [1, { b: 'c' }] };
    expect(limitValueDepth(shallow)).toEqual({ value: shallow, cut: false });
    expect(limitValueDepth(shallow).value).toBe(shallow);
    const deep = JSON.parse(`{"__proto__":{"polluted":true},"x":${'['.repeat(100)}${']'.repeat(100)}}`);
    const { value, cut } = limitValueDepth(deep) as { value: Record<string, unknown>; cut: boolean };
    expect(cut).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'x']);
    expect(JSON.stringify(value)).toContain(deepValueMarker);
  });
});
