import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAgentContextError } from '../errors.js';
import type { ContextEvent, Run, ToolDefinition } from '../session/capability.js';
import { sha256Of } from '../shared/sha256.js';
import { capabilityCreation } from './capability-creation.js';
import { valid } from './capability-fixtures.test-support.js';
import { createCapabilityStore } from './capability-store.js';
import { validationRun } from './inspect-capability.js';
import { canMountTmpfs, makeReadOnly, readOnlyMethod, storeDirectory } from './store-mounts.test-support.js';

/** Every entry under `directory` with its kind and (for files) a hash of its bytes: what "unchanged" means. */
async function treeOf(directory: string): Promise<string[]> {
  const lines: string[] = [];
  const visit = async (path: string, label: string) => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(path, entry.name);
      const name = `${label}${entry.name}`;
      if (entry.isDirectory()) {
        lines.push(`${name}/`);
        await visit(full, `${name}/`);
      } else if (entry.isFile()) lines.push(`${name} ${sha256Of(await readFile(full)).slice(0, 12)}`);
      else lines.push(`${name} (special)`);
    }
  };
  await visit(directory, '');
  return lines;
}

function recordingRun(events: ContextEvent[]): Run {
  return { ...validationRun(), index: 1, emit: (event: ContextEvent) => events.push(event) };
}

const readOnly = readOnlyMethod();
/** `.ci/run` sets this so that a machine where no read-only test can run fails instead of skipping. */
const required = process.env.AGENT_CONTEXT_REQUIRE_READ_ONLY_TESTS === '1';
if (readOnly.method === undefined) {
  const message = `The read-only capability store tests are skipped: ${readOnly.why}.`;
  if (required) throw new Error(`${message} AGENT_CONTEXT_REQUIRE_READ_ONLY_TESTS=1 asks for them.`);
  console.warn(message);
}

describe.skipIf(readOnly.method === undefined)(`a read-only capability store (${readOnly.why})`, () => {
  it('loads without writing: compiled in memory with an info event, the tool answers, the tree unchanged', async () => {
    const store = await storeDirectory();
    const author = createCapabilityStore(store);
    await author.write('alpha', valid('alpha'));
    author.close();
    // A store baked into an image without its cache, and a record that no longer matches: loading
    // has to compile, and would record, but may write nothing.
    await rm(join(store, '.compiled'), { recursive: true });
    await makeReadOnly(store);
    const before = await treeOf(store);

    const creation = capabilityCreation({ directory: store });
    const events: ContextEvent[] = [];
    const run = recordingRun(events);
    const loaded = (await creation.capabilities?.(run)) ?? [];
    expect(loaded.map((capability) => capability.name)).toEqual(['alpha']);
    const info = events.find((event) => event.diagnostic?.code === 'capability-store-read-only');
    expect(info?.diagnostic?.severity).toBe('info');
    expect(info?.message).toContain('1 module(s) were compiled in memory');
    const tools = (await loaded[0]?.tools?.(run)) as ToolDefinition[];
    const echoed = await tools[0]?.execute(
      { text: 'from memory' },
      { callId: 'c', run, touch: () => undefined },
    );
    expect(echoed).toBe('from memory');
    expect((await creation.store.list()).items.map((record) => record.name)).toEqual(['alpha']);
    creation.store.close();
    expect(await treeOf(store)).toEqual(before);
  });

  it('refuses write, disable and enable with store-read-only naming the directory; the tool says the same', async () => {
    const store = await storeDirectory();
    const author = createCapabilityStore(store);
    await author.write('alpha', valid('alpha'));
    author.close();
    await makeReadOnly(store);
    const before = await treeOf(store);

    const again = createCapabilityStore(store);
    for (const attempt of [
      () => again.write('beta', valid('beta')),
      () => again.disable('alpha'),
      () => again.enable('alpha'),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(isAgentContextError(error) && error.code).toBe('store-read-only');
      expect((error as Error).message).toContain(store);
      expect((error as Error).message).toContain('make');
    }
    const creation = capabilityCreation({ directory: store });
    const run = recordingRun([]);
    const tools = (await creation.tools?.(run)) ?? [];
    const authorTool = tools.find((tool) => tool.name === 'author_capability') as ToolDefinition;
    const refusal = await again.write('beta', valid('beta')).catch((caught: Error) => caught.message);
    await expect(
      authorTool.execute({ name: 'beta', code: valid('beta') }, { callId: 'c', run, touch: () => undefined }),
    ).rejects.toThrow(refusal as string);
    again.close();
    expect(await treeOf(store)).toEqual(before);
  });
});

describe('special files in the capability store', () => {
  const kinds: Array<[string, (path: string) => Promise<unknown>]> = [
    ['a FIFO', async (path) => execFileSync('mkfifo', [path])],
    ['a directory', (path) => mkdir(path)],
    ['a symbolic link leading out', (path) => symlink('/etc/hostname', path)],
    [
      'a socket',
      (path) =>
        new Promise<void>((resolve) => {
          const server = createServer();
          server.listen(path, () => {
            server.unref();
            resolve();
          });
        }),
    ],
  ];

  it.each(kinds)(
    'a manifest that is %s is never opened; the store works again once it is fixed',
    async (_kind, make) => {
      const store = await storeDirectory();
      const author = createCapabilityStore(store);
      await author.write('alpha', valid('alpha'));
      const manifest = await readFile(join(store, 'manifest.json'), 'utf8');
      await rm(join(store, 'manifest.json'));
      await make(join(store, 'manifest.json'));

      const reader = createCapabilityStore(store);
      const { items, diagnostics } = await reader.loadActive();
      expect(items).toEqual([]);
      expect(diagnostics).toEqual([
        expect.objectContaining({
          severity: 'error',
          code: 'capability-store-special-file',
          path: join(store, 'manifest.json'),
        }),
      ]);
      const refusal = await reader.disable('alpha').catch((error: unknown) => error);
      expect(isAgentContextError(refusal) && refusal.code).toBe('not-a-file');
      expect((await lstat(join(store, 'manifest.json'))).isFile()).toBe(false);

      // Fixed by hand: the same store object reads it at its next load, no restart.
      await rm(join(store, 'manifest.json'), { recursive: true, force: true });
      await writeFile(join(store, 'manifest.json'), manifest);
      const fixed = await reader.loadActive();
      expect(fixed.items.map((capability) => capability.name)).toEqual(['alpha']);
      reader.close();
      author.close();
    },
  );

  it('a validation record that is a FIFO is not waited on: the module is validated again', async () => {
    const store = await storeDirectory();
    const author = createCapabilityStore(store);
    await author.write('alpha', valid('alpha'));
    author.close();
    const compiled = join(store, '.compiled');
    const record = (await readdir(compiled)).find((name) => name.endsWith('.json')) as string;
    await rm(join(compiled, record));
    execFileSync('mkfifo', [join(compiled, record)]);
    const reader = createCapabilityStore(store);
    const { items } = await reader.loadActive();
    expect(items.map((capability) => capability.name)).toEqual(['alpha']);
    reader.close();
  });
});

describe('the manifest lock, misplaced or stale', () => {
  it('a directory where the lock goes is taken over like a stale lock file', async () => {
    const store = await storeDirectory();
    const author = createCapabilityStore(store);
    await author.write('alpha', valid('alpha'));
    await mkdir(join(store, 'manifest.lock'));
    await writeFile(join(store, 'manifest.lock', 'left-by-another-tool'), '');
    const old = new Date(Date.now() - 60_000);
    await utimes(join(store, 'manifest.lock'), old, old);
    const { record } = await author.disable('alpha');
    expect(record.status).toBe('disabled');
    expect(await readdir(store)).not.toContain('manifest.lock');
    author.close();
  });

  it('a fresh lock directory is taken over once it is staleMs old, not before', async () => {
    const store = await storeDirectory();
    const author = createCapabilityStore(store, { lock: { staleMs: 200, timeoutMs: 20_000 } });
    await author.write('alpha', valid('alpha'));
    await mkdir(join(store, 'manifest.lock'));
    const { record } = await author.disable('alpha');
    expect(record.status).toBe('disabled');
    expect(await readdir(store)).not.toContain('manifest.lock');
    author.close();
  });
});

describe.skipIf(!canMountTmpfs())('a full disk (a 256 KiB tmpfs)', () => {
  it('a failed write leaves no temp or lock file, and the store reads as before', async () => {
    const store = await storeDirectory({ size: '256k' });
    const author = createCapabilityStore(store);
    await author.write('alpha', valid('alpha'));
    const listed = await author.list();
    // Fill what is left.
    await writeFile(join(store, '..', 'filler'), Buffer.alloc(512 * 1024)).catch(() => undefined);
    const before = await treeOf(store);
    for (const attempt of [
      () => author.write('beta', valid('beta', 'x'.repeat(20_000))),
      () => author.write('alpha', valid('alpha', 'y'.repeat(20_000))),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(isAgentContextError(error) && error.code).toBe('write-failed');
      expect(await treeOf(store)).toEqual(before);
    }
    expect((await author.list()).items).toEqual(listed.items);
    const { items } = await createCapabilityStore(store).loadActive();
    expect(items.map((capability) => capability.name)).toEqual(['alpha']);
    author.close();
  });
});
