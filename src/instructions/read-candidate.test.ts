import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { AgentContextError } from '../errors.js';
import { localWorkspace } from '../workspace/local-workspace.js';
import { recordingWorkspace } from '../workspace/recording-workspace.js';
import type { Workspace } from '../workspace/workspace.js';
import { discoverInstructions } from './discover-instructions.js';
import { createDiscoveryTree, discoverIn, labelsOf } from './discovery-fixtures.test-support.js';

describe('discoverInstructions refusals', () => {
  it('refuses a symlink whose target leaves its directory, and still loads the rest', async () => {
    const result = await discoverIn(
      { '.git/HEAD': '', 'notes/private.md': 'private', 'app/CLAUDE.md': 'app' },
      'app',
      {},
      { symlinks: { 'app/AGENTS.md': '../notes/private.md' } },
    );
    expect(labelsOf(result)).toEqual(['CLAUDE.md']);
    expect(result.diagnostics).toMatchObject([
      { severity: 'error', code: 'symlink-refused', path: 'AGENTS.md' },
    ]);
  });

  it('refuses a symlink whose target leaves the workspace root without reading it', async () => {
    const tree = await createDiscoveryTree(
      { 'outside/AGENTS.md': 'outside', 'repo/CLAUDE.md': 'ok' },
      { symlinks: { 'repo/AGENTS.md': '../outside/AGENTS.md' } },
    );
    const workspace = recordingWorkspace(localWorkspace(tree.at('repo')));
    const result = await discoverInstructions({ workspace });
    expect(labelsOf(result)).toEqual(['CLAUDE.md']);
    expect(result.diagnostics).toMatchObject([
      { severity: 'error', code: 'symlink-refused', path: 'AGENTS.md' },
    ]);
    const reads = workspace.calls.filter((call) => call.method === 'readFile').map((call) => call.path);
    expect(reads).toEqual([tree.at('repo/CLAUDE.md')]);
  });

  it('reports a symlink loop and finishes', async () => {
    const result = await discoverIn(
      { 'CLAUDE.md': 'ok' },
      '.',
      {},
      { symlinks: { 'AGENTS.md': 'AGENTS.md' } },
    );
    expect(labelsOf(result)).toEqual(['CLAUDE.md']);
    expect(result.diagnostics[0]?.path).toBe('AGENTS.md');
    expect(result.diagnostics[0]?.severity).toBe('error');
  });

  it('skips a FIFO named like an instruction file without blocking', async () => {
    const tree = await createDiscoveryTree({ 'CLAUDE.md': 'ok' });
    execFileSync('mkfifo', [tree.at('AGENTS.md')]);
    const result = await discoverInstructions({ workspace: localWorkspace(tree.root) });
    expect(labelsOf(result)).toEqual(['CLAUDE.md']);
    expect(result.diagnostics).toMatchObject([{ code: 'not-a-file', path: 'AGENTS.md' }]);
  });

  it('reports a file that fails to read and loads the rest', async () => {
    const tree = await createDiscoveryTree({ '.git/HEAD': '', 'AGENTS.md': 'root', 'app/AGENTS.md': 'app' });
    const inner = localWorkspace(tree.root, { cwd: 'app' });
    const failing: Workspace = {
      ...inner,
      readFile: (path, options) =>
        path.endsWith('app/AGENTS.md')
          ? Promise.reject(new AgentContextError('disk error', { code: 'read-failed', path }))
          : inner.readFile(path, options),
    };
    const result = await discoverInstructions({ workspace: failing });
    expect(labelsOf(result)).toEqual(['../AGENTS.md']);
    expect(result.diagnostics).toMatchObject([{ severity: 'error', code: 'read-failed', path: 'AGENTS.md' }]);
  });

  it('keeps the head of a file over maxFileBytes with a diagnostic', async () => {
    const result = await discoverIn({ 'AGENTS.md': 'x'.repeat(100) }, '.', { maxFileBytes: 10 });
    expect(result.items[0]?.text).toBe(`${'x'.repeat(10)}\n[truncated: 90 bytes of AGENTS.md omitted]`);
    expect(result.items[0]?.size).toBe(100);
    expect(result.diagnostics).toMatchObject([{ severity: 'warning', code: 'file-truncated' }]);
  });
});
