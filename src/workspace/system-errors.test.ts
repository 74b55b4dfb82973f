import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { runCliInProcess } from '../../test/support/cli.js';
import { useTemporaryDirectory } from '../../test/support/temporary-directory.js';
import { createCapabilityStore } from '../capability-creation/capability-store.js';
import { isAgentContextError } from '../errors.js';
import { offloadToolResult } from '../filesystem-context/offload-tool-result.js';
import { localWorkspace } from './local-workspace.js';

const mounted: string[] = [];
afterEach(() => {
  for (const directory of mounted.splice(0)) execFileSync('umount', ['-l', directory]);
});

/** Mount a small tmpfs at `directory`, or skip the test with the reason (it needs root). */
function mountTmpfs(context: TestContext, directory: string, options: string): void {
  const reason = 'needs root to mount a small tmpfs (a full or read-only file system)';
  if (process.getuid?.() !== 0) {
    console.warn(`skipped: ${context.task.name}: ${reason}`);
    context.skip(reason);
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', directory], { stdio: 'ignore' });
  } catch {
    console.warn(`skipped: ${context.task.name}: mounting a tmpfs was refused here`);
    context.skip('mounting a tmpfs was refused here');
  }
  mounted.push(directory);
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!isAgentContextError(error)) throw error;
    return { code: error.code, reason: error.reason, message: error.message };
  }
  throw new Error('expected a failure');
}

const offloadSettings = {
  overChars: 1_000,
  directory: '.context',
  previewChars: 200,
  exclude: new Set<string>(),
};
const bigResult = { output: 'x'.repeat(200_000), isError: false };
const call = { id: 'call_1', toolName: 'bash', input: {} };

describe('a full or read-only file system', () => {
  it('a full disk: typed write errors, the replaced file keeps its bytes, offload says ENOSPC', async (context) => {
    const root = path.join(await useTemporaryDirectory(), 'root');
    mkdirSync(root);
    mountTmpfs(context, root, 'size=64k');
    writeFileSync(path.join(root, 'kept.txt'), 'original');
    const workspace = localWorkspace(root);
    const failure = await failureOf(workspace.writeFile!('kept.txt', 'y'.repeat(200_000)));
    expect(failure).toMatchObject({ code: 'write-failed', reason: 'ENOSPC' });
    expect(failure.message).toMatch(/^Could not write kept\.txt: no space left on the device \(ENOSPC\)/);
    expect(readFileSync(path.join(root, 'kept.txt'), 'utf8')).toBe('original');
    expect(readdirSync(root)).toEqual(['kept.txt']);

    const outcome = await offloadToolResult(workspace, call, bigResult, offloadSettings);
    expect(outcome.kind).toBe('failed');
    if (outcome.kind !== 'failed') return;
    expect(outcome.diagnostic.message).toMatch(/no space left on the device \(ENOSPC\)/);
    expect(readdirSync(path.join(root, '.context'))).toEqual([]);
  });

  it('a read-only file system: typed errors for writes and offload, naming it', async (context) => {
    const root = path.join(await useTemporaryDirectory(), 'root');
    mkdirSync(root);
    mountTmpfs(context, root, 'size=64k');
    writeFileSync(path.join(root, 'kept.txt'), 'original');
    execFileSync('mount', ['-o', 'remount,ro', root]);
    const workspace = localWorkspace(root);
    for (const target of ['kept.txt', 'new.txt', 'deeper/new.txt']) {
      const failure = await failureOf(workspace.writeFile!(target, 'changed'));
      expect(failure).toMatchObject({ code: 'write-failed', reason: 'EROFS' });
      expect(failure.message).toContain('read-only (EROFS)');
    }
    const outcome = await offloadToolResult(workspace, call, bigResult, offloadSettings);
    expect(outcome.kind === 'failed' && outcome.diagnostic.message).toMatch(/read-only \(EROFS\)/);
    expect(readFileSync(path.join(root, 'kept.txt'), 'utf8')).toBe('original');
  });

  it('the CLI prints one line, never a stack trace, for a store on a read-only file system', async (context) => {
    const base = await useTemporaryDirectory();
    const root = path.join(base, 'root');
    mkdirSync(root);
    mountTmpfs(context, root, 'size=64k');
    await createCapabilityStore(path.join(root, 'caps')).write(
      'word_count',
      "export default { name: 'word_count', instructions: () => 'Count words.' };",
    );
    execFileSync('mount', ['-o', 'remount,ro', root]);
    for (const args of [['list'], ['validate', 'word_count'], ['disable', 'word_count']]) {
      const { code, stderr } = await runCliInProcess(root, ['capabilities', ...args, '--dir', 'caps']);
      expect(code).not.toBe(2);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stderr.split('\n').filter((line) => line !== '').length).toBeLessThanOrEqual(1);
      if (code !== 0) expect(stderr).toMatch(/read-only/);
    }
  });
});

describe('offload into a directory that is a file', () => {
  it('says the directory is a file instead of "every name was taken"', async () => {
    const root = await useTemporaryDirectory();
    writeFileSync(path.join(root, '.context'), 'a file in the way');
    const outcome = await offloadToolResult(localWorkspace(root), call, bigResult, offloadSettings);
    expect(outcome.kind === 'failed' && outcome.diagnostic.message).toBe(
      'Could not offload the result of bash (call call_1): .context is a file, not a directory; remove or rename it, or choose another offload directory. The full result stays in the transcript.',
    );
  });
});
